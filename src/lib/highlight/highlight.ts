/**
 * Syntax highlighting for evidence pages with shiki: one highlighter, created once and
 * reused, fine-grained languages, and limits for untrusted text (long lines and slow
 * grammars fall back to plain text). It tokenises once with shiki's css-variables theme and
 * turns each token's colour variable into a class (`hl-keyword`), so light and dark themes are
 * pure CSS ({@link highlightCss}) and pages need no inline style (CSP-friendly). Output is
 * tokens, never HTML: callers escape every character.
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
 * Unified-diff lines coloured by their first character, as shiki's diff grammar colours
 * them (inserted, deleted, hunk header), without running a grammar: a commit page can hold
 * thousands of diff lines, and this is the hot path of an archive's build.
 */
export function diffLines(code: string): Token[][] {
  return code.split('\n').map((line) => {
    const cls = line.startsWith('+') ? 'hl-inserted' : line.startsWith('-') ? 'hl-deleted' : line.startsWith('@@') ? 'hl-function' : '';
    return [{ text: line, cls }];
  });
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
      line.map((t) => {
        const name = VARIABLE.exec(t.color ?? '')?.[1];
        const style = (t.fontStyle ?? 0) & 1 ? ' hl-i' : (t.fontStyle ?? 0) & 2 ? ' hl-b' : '';
        return { text: t.content, cls: `${name ? `hl-${name}` : ''}${style}`.trim() };
      }),
    );
  } catch {
    return plain(code);
  }
}

/** Token colours: [light, dark], GitHub's palettes (dark comment lightened for contrast). */
const PALETTE: Record<string, [string, string]> = {
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
  const names = Object.keys(PALETTE);
  const rules = (i: 0 | 1): string => names.map((n) => `--hl-${n}:${(PALETTE[n] as [string, string])[i]}`).join(';');
  return [
    `:root{${rules(0)}}`,
    `:root[data-theme="dark"]{${rules(1)}}`,
    `@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){${rules(1)}}}`,
    ...names.map((n) => `.hl-${n}{color:var(--hl-${n})}`),
    '.hl-i{font-style:italic}',
    '.hl-b{font-weight:bold}',
    '',
  ].join('\n');
}
