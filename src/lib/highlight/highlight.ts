/**
 * Syntax highlighting for evidence pages with shiki: one highlighter, created once and
 * reused, fine-grained languages, and limits for untrusted text (long lines and slow
 * grammars fall back to plain text). It tokenises once with shiki's css-variables theme and
 * turns each token's colour variable into a short class ({@link TOKEN_CLASS}: `hk` for a
 * keyword), so light and dark themes are pure CSS ({@link highlightCss}) and pages need no
 * inline style (CSP-friendly). Output is tokens, never HTML: callers escape every character.
 */
import { createCssVariablesTheme, createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';

/** One highlighted token: its text and its class names (may be empty). */
export interface Token {
  text: string;
  cls: string;
}

/** Lines longer than this are not tokenised (shown plain). */
export const MAX_TOKENIZED_LINE = 2000;
/**
 * Per-line tokenisation time limit, in milliseconds (wall time: a line of a hostile grammar
 * stops there, the rest of it plain).
 */
export const TOKENIZE_TIME_LIMIT_MS = 2000;
/** Texts longer than this many characters are shown plain. */
export const MAX_HIGHLIGHT_CHARS = 400_000;

const LANGUAGES = {
  typescript: () => import('@shikijs/langs/typescript'),
  tsx: () => import('@shikijs/langs/tsx'),
  javascript: () => import('@shikijs/langs/javascript'),
  jsx: () => import('@shikijs/langs/jsx'),
  json: () => import('@shikijs/langs/json'),
  markdown: () => import('@shikijs/langs/markdown'),
  diff: () => import('@shikijs/langs/diff'),
  python: () => import('@shikijs/langs/python'),
  rust: () => import('@shikijs/langs/rust'),
  go: () => import('@shikijs/langs/go'),
  swift: () => import('@shikijs/langs/swift'),
  shellscript: () => import('@shikijs/langs/shellscript'),
  yaml: () => import('@shikijs/langs/yaml'),
  toml: () => import('@shikijs/langs/toml'),
  css: () => import('@shikijs/langs/css'),
  html: () => import('@shikijs/langs/html'),
  sql: () => import('@shikijs/langs/sql'),
  java: () => import('@shikijs/langs/java'),
  kotlin: () => import('@shikijs/langs/kotlin'),
  c: () => import('@shikijs/langs/c'),
  cpp: () => import('@shikijs/langs/cpp'),
  ruby: () => import('@shikijs/langs/ruby'),
} as const;

export type Language = keyof typeof LANGUAGES | 'text';

const EXTENSIONS: Record<string, Language> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  json: 'json', jsonl: 'json', md: 'markdown', markdown: 'markdown', mdx: 'markdown', diff: 'diff', patch: 'diff', py: 'python', rs: 'rust',
  go: 'go', swift: 'swift', sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', yaml: 'yaml', yml: 'yaml', toml: 'toml', css: 'css',
  html: 'html', htm: 'html', sql: 'sql', java: 'java', kt: 'kotlin', kts: 'kotlin', c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', rb: 'ruby',
};

/** The language of a file, from its extension; `text` when unknown. */
export function languageOf(path: string): Language {
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot < 0 ? 'text' : (EXTENSIONS[name.slice(dot + 1).toLowerCase()] ?? 'text');
}

let highlighter: Promise<HighlighterCore> | null = null;

const THEME = createCssVariablesTheme({ name: 'trailbook', variablePrefix: '--hl-', fontStyle: true });

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const langs = await Promise.all(Object.values(LANGUAGES).map(async (load) => (await load()).default));
    return createHighlighterCore({ themes: [THEME], langs, engine: createOnigurumaEngine(import('shiki/wasm')) });
  })();
  return highlighter;
}

function plain(code: string): Token[][] {
  return code.split('\n').map((line) => [{ text: line, cls: '' }]);
}

const VARIABLE = /^var\(--hl-token-([a-z-]+)\)$/;

/**
 * The class of each token colour of the theme (its `--hl-token-<name>` variable), and of
 * italic and bold text: two letters, `h` and one for the colour, kept short because a file
 * page holds hundreds of them (issue 30, output size: `hl-keyword` was 8 bytes more a token).
 * The one place these names are given: {@link highlightCss} styles them, src/components/html/code.ts
 * reads them back ({@link TOKEN_CLASS_PATTERN}). A colour not listed gets no class (it had no rule).
 */
export const TOKEN_CLASS = {
  keyword: 'hk',
  string: 'hs',
  'string-expression': 'hx',
  comment: 'hc',
  constant: 'hn',
  function: 'hf',
  parameter: 'hp',
  punctuation: 'hu',
  link: 'hl',
  inserted: 'ha',
  deleted: 'hd',
  italic: 'hi',
  bold: 'hb',
} as const;

/** A class of {@link TOKEN_CLASS}, as a regular-expression source (no group). */
export const TOKEN_CLASS_PATTERN = 'h[a-z]';

const colourClass = (name: string | undefined): string => (name !== undefined && name !== 'italic' && name !== 'bold' && Object.hasOwn(TOKEN_CLASS, name) ? TOKEN_CLASS[name as keyof typeof TOKEN_CLASS] : '');

/**
 * Unified-diff lines coloured by their first character, as shiki's diff grammar colours
 * them (inserted, deleted, hunk header), without running a grammar: a commit page can hold
 * thousands of diff lines, and this is the hot path of an archive's build.
 */
export function diffLines(code: string): Token[][] {
  return code.split('\n').map((line) => {
    const cls = line.startsWith('+') ? TOKEN_CLASS.inserted : line.startsWith('-') ? TOKEN_CLASS.deleted : line.startsWith('@@') ? TOKEN_CLASS.function : '';
    return [{ text: line, cls }];
  });
}

const BLANK = /^[ \t]*$/;

/**
 * A line's tokens with neighbours of one class joined, and blanks (spaces and tabs) without a
 * class between two tokens of one class taken into them (`vitest run` one string token, not
 * two and a bare space): the same text in the same colours, in fewer spans (issue 30, output
 * size). A class of italic or bold keeps its blanks out, as their look could differ.
 */
export function mergeTokens(line: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < line.length; i++) {
    const t = line[i] as Token;
    const last = out.at(-1);
    if (last && last.cls === t.cls) {
      last.text += t.text;
      continue;
    }
    const next = line[i + 1];
    if (last && next && t.cls === '' && last.cls !== '' && next.cls === last.cls && !last.cls.split(' ').some((c) => c === TOKEN_CLASS.italic || c === TOKEN_CLASS.bold) && BLANK.test(t.text)) {
      last.text += t.text + next.text;
      i++;
      continue;
    }
    out.push({ text: t.text, cls: t.cls });
  }
  return out;
}

/**
 * Highlights `code` as `lang`; returns one token list per line (split on `\n`). Never throws:
 * unknown languages, oversized input and grammar failures give plain text.
 */
export async function highlightLines(code: string, lang: Language): Promise<Token[][]> {
  if (lang === 'text' || code.length > MAX_HIGHLIGHT_CHARS) return plain(code);
  if (lang === 'diff') return diffLines(code);
  try {
    const h = await getHighlighter();
    const tokenize = (): ReturnType<typeof h.codeToTokensBase> => h.codeToTokensBase(code, { lang, theme: 'trailbook', tokenizeMaxLineLength: MAX_TOKENIZED_LINE, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS });
    // The time limit is wall time, so a build paused long enough (a loaded machine) could cut a
    // line that normally takes microseconds, and two builds would differ. A block tokenised
    // in less than the limit cannot have had a line cut; one that took longer is tokenised
    // again, so only a block slow twice over (a hostile grammar and text) may depend on timing.
    const started = performance.now();
    let lines = tokenize();
    if (performance.now() - started >= TOKENIZE_TIME_LIMIT_MS) lines = tokenize();
    return lines.map((line) =>
      mergeTokens(
        line.map((t) => {
          const colour = colourClass(VARIABLE.exec(t.color ?? '')?.[1]);
          const style = (t.fontStyle ?? 0) & 1 ? TOKEN_CLASS.italic : (t.fontStyle ?? 0) & 2 ? TOKEN_CLASS.bold : '';
          return { text: t.content, cls: colour && style ? `${colour} ${style}` : colour || style };
        }),
      ),
    );
  } catch {
    return plain(code);
  }
}

/** Token colours: [light, dark], GitHub's palettes (dark comment lightened for contrast). */
const PALETTE: Record<Exclude<keyof typeof TOKEN_CLASS, 'italic' | 'bold'>, [string, string]> = {
  keyword: ['#cf222e', '#ff7b72'],
  string: ['#0a3069', '#a5d6ff'],
  'string-expression': ['#116329', '#7ee787'],
  comment: ['#59636e', '#9198a1'],
  constant: ['#0550ae', '#79c0ff'],
  function: ['#6639ba', '#d2a8ff'],
  parameter: ['#953800', '#ffa657'],
  punctuation: ['#1f2328', '#e6edf3'],
  link: ['#0a3069', '#a5d6ff'],
  inserted: ['#116329', '#7ee787'],
  deleted: ['#82071e', '#ffa198'],
};

/**
 * The stylesheet for highlight classes: light colours by default, dark ones when the page is
 * dark (system preference, or `data-theme="dark"` on the root element).
 */
export function highlightCss(): string {
  const names = Object.keys(PALETTE) as Array<keyof typeof PALETTE>;
  const rules = (i: 0 | 1): string => names.map((n) => `--hl-${n}:${PALETTE[n][i]}`).join(';');
  return [
    `:root{${rules(0)}}`,
    `:root[data-theme="dark"]{${rules(1)}}`,
    `@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){${rules(1)}}}`,
    ...names.map((n) => `.${TOKEN_CLASS[n]}{color:var(--hl-${n})}`),
    `.${TOKEN_CLASS.italic}{font-style:italic}`,
    `.${TOKEN_CLASS.bold}{font-weight:bold}`,
    '',
  ].join('\n');
}
