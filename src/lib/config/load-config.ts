/**
 * Finds, reads and validates the configuration file: `trailbook.config.json` or
 * `trailbook.config.mjs` (its default export: an object, or a function returning one) in the
 * working folder, or the file given with `--config`. Every problem is a {@link ConfigError}
 * naming the file and the key.
 */
import { spawnSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from './config-error.ts';
import { configSchema, type TrailbookConfig } from './config-schema.ts';
import { describeConfigIssues } from '../schemas/describe-issues.ts';

/** File names looked up in the working folder, in this order. */
export const CONFIG_FILE_NAMES = ['trailbook.config.json', 'trailbook.config.mjs'] as const;

/** A configuration file, read and validated. */
export interface LoadedConfig {
  /** Absolute path of the file. */
  file: string;
  /** The folder relative paths in the file are resolved against (the file's folder). */
  dir: string;
  config: TrailbookConfig;
}

const DOCS_HINT = 'correct the file (keys and values: docs/configuration.md)';

const isFile = (path: string): Promise<boolean> => stat(path).then((s) => s.isFile(), () => false);

/** The configuration file in `cwd`, or null. Throws a {@link ConfigError} when both kinds are there. */
export async function findConfigFile(cwd: string): Promise<string | null> {
  const found: string[] = [];
  for (const name of CONFIG_FILE_NAMES) if (await isFile(join(cwd, name))) found.push(join(cwd, name));
  if (found.length > 1) throw new ConfigError([`${found.map((f) => basename(f)).join(' and ')} are both in ${cwd}`], 'keep one of them, or pick one with --config FILE');
  return found[0] ?? null;
}

/** Validates a configuration value; `display` names the file in messages. Throws a {@link ConfigError}. */
export function parseConfig(value: unknown, display: string): TrailbookConfig {
  const parsed = configSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = describeConfigIssues(display, parsed.error, value);
  const unknown = parsed.error.issues.some((i) => i.code === 'unrecognized_keys');
  throw new ConfigError(problems, unknown ? `${DOCS_HINT}; the known keys are ${Object.keys(configSchema.shape).filter((k) => k !== '$schema').join(', ')}` : DOCS_HINT);
}

/**
 * A configuration module's syntax error as `node --check` reads it: its line, its message and
 * the line's text with the caret under the fault (`import()` of a module says only "Unexpected
 * end of input": tryout, round 7). Null when the file has no syntax error.
 */
function syntaxError(file: string): { line: string; message: string; excerpt: string[] } | null {
  const result = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  const lines = (result.stderr ?? '').split('\n');
  const at = /:(\d+)$/.exec(lines[0] ?? '');
  const message = lines.find((l) => l.startsWith('SyntaxError: '));
  if (result.status === 0 || !at || message === undefined) return null;
  return { line: at[1] as string, message: message.slice('SyntaxError: '.length), excerpt: lines.slice(1, lines.indexOf(message)).filter((l) => l.trim() !== '').map((l) => `  ${l}`) };
}

async function readValue(file: string, display: string): Promise<unknown> {
  if (file.endsWith('.mjs') || file.endsWith('.js')) {
    let module: { default?: unknown };
    try {
      // The modification time in the URL makes `trailbook dev` see an edited file.
      const mtime = (await stat(file)).mtimeMs;
      module = (await import(`${pathToFileURL(file).href}?t=${mtime}`)) as { default?: unknown };
    } catch (error) {
      const syntax = syntaxError(file);
      const problems = syntax ? [`${display}:${syntax.line}: could not be loaded: ${syntax.message}`, ...syntax.excerpt] : [`${display}: could not be loaded: ${(error as Error).message}`];
      throw new ConfigError(problems, 'fix the JavaScript error in the file');
    }
    if (module.default === undefined) throw new ConfigError([`${display}: has no default export`], 'write `export default { ... }` in the file');
    const value = typeof module.default === 'function' ? await (module.default as () => unknown)() : module.default;
    return value;
  }
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError([`${display}: not valid JSON: ${(error as Error).message}`], 'fix the JSON syntax (no comments, no trailing commas)');
  }
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** Folder to look for a configuration file in. */
  cwd: string;
  /** An explicit file (`--config`), relative to `cwd`; it must exist. */
  file?: string;
  /** How a path is shown in messages (default: its name). */
  display?: (path: string) => string;
}

/** Reads and validates the configuration; null when there is no file and none was asked for. */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig | null> {
  const display = options.display ?? ((p: string) => basename(p));
  let file: string | null;
  if (options.file !== undefined) {
    file = resolve(options.cwd, options.file);
    if (!(await isFile(file))) throw new ConfigError([`--config ${options.file}: no such file`], `check the path, or leave --config out to use ${CONFIG_FILE_NAMES.join(' or ')} in the working folder`);
    if (!/\.(json|mjs|js)$/.test(file)) throw new ConfigError([`--config ${options.file}: not a .json or .mjs file`], 'name the configuration file *.json or *.mjs');
  } else file = await findConfigFile(options.cwd);
  if (file === null) return null;
  const name = display(file);
  const config = parseConfig(await readValue(file, name), name);
  return { file, dir: dirname(file), config };
}
