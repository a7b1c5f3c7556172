/**
 * Syntax highlighting for evidence pages with shiki: one highlighter, created once and
 * reused, fine-grained languages, the JavaScript regex engine (no WASM), and limits for
 * untrusted text (long lines and slow grammars fall back to plain text). Output is tokens
 * with class names, never HTML, so pages escape every character and need no inline style
 * (CSP-friendly); {@link highlightCss} is the stylesheet for those classes.
 */
import { createHighlighterCore, type HighlighterCore, type ThemeRegistrationAny } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import githubLight from '@shikijs/themes/github-light';
import githubDark from '@shikijs/themes/github-dark';

/** One highlighted token: its text and its class names (may be empty). */
export interface Token {
  text: string;
  cls: string;
}

/** Lines longer than this are not tokenised (shown plain). */
export const MAX_TOKENIZED_LINE = 2000;
/** Per-line tokenisation time limit, in milliseconds. */
export const TOKENIZE_TIME_LIMIT_MS = 500;
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

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const langs = await Promise.all(Object.values(LANGUAGES).map(async (load) => (await load()).default));
    return createHighlighterCore({
      themes: [githubLight, githubDark],
      langs,
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  return highlighter;
}

const hex = (color: string | undefined): string | null => (color && /^#[0-9a-f]{3,8}$/i.test(color) ? color.slice(1).toLowerCase() : null);

function plain(code: string): Token[][] {
  return code.split('\n').map((line) => [{ text: line, cls: '' }]);
}

/**
 * Highlights `code` as `lang`; returns one token list per line (split on `\n`). Never throws:
 * unknown languages, oversized input and grammar failures give plain text.
 */
export async function highlightLines(code: string, lang: Language): Promise<Token[][]> {
  if (lang === 'text' || code.length > MAX_HIGHLIGHT_CHARS) return plain(code);
  try {
    const h = await getHighlighter();
    const tokens = h.codeToTokensWithThemes(code, {
      lang,
      themes: { light: 'github-light', dark: 'github-dark' },
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
      tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS,
    });
    return tokens.map((line) =>
      line.map((t) => {
        const light = hex(t.variants?.['light']?.color);
        const dark = hex(t.variants?.['dark']?.color);
        return { text: t.content, cls: [light ? `tl-${light}` : '', dark ? `td-${dark}` : ''].filter(Boolean).join(' ') };
      }),
    );
  } catch {
    return plain(code);
  }
}

function themeColors(theme: ThemeRegistrationAny): string[] {
  const colors = new Set<string>();
  const add = (c: unknown): void => {
    const h = typeof c === 'string' ? hex(c) : null;
    if (h) colors.add(h);
  };
  add(theme.fg);
  for (const c of Object.values(theme.colors ?? {})) add(c);
  for (const rule of theme.tokenColors ?? theme.settings ?? []) add(rule.settings?.foreground);
  return [...colors].sort();
}

/**
 * The stylesheet for highlight classes: light colours by default, dark ones when the page is
 * dark (system preference, or `data-theme="dark"` on the root element).
 */
export function highlightCss(): string {
  const light = themeColors(githubLight as ThemeRegistrationAny).map((c) => `.tl-${c}{color:#${c}}`).join('\n');
  const darkRules = themeColors(githubDark as ThemeRegistrationAny);
  const dark = darkRules.map((c) => `:root[data-theme="dark"] .td-${c}{color:#${c}}`).join('\n');
  const system = darkRules.map((c) => `:root:not([data-theme="light"]) .td-${c}{color:#${c}}`).join('\n');
  return `${light}\n${dark}\n@media (prefers-color-scheme: dark){\n${system}\n}\n`;
}
