/**
 * The schema of `trailbook.config.json` / `trailbook.config.mjs` (docs/configuration.md).
 * Every key is optional; command-line flags override the file. Unknown keys are errors, so a
 * misspelt key never passes silently.
 */
import { z } from 'zod';
import { FORGE_STYLES } from './forge-styles.ts';
import { normaliseBase } from '../site/urls.ts';

/** Whether `value` is an absolute http(s) URL. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Whether `base` is a usable base path: `/`, or `/`-separated segments of letters, digits and
 * `._~-` (no `.` or `..` segment), with or without the trailing `/`.
 */
export function isBasePath(base: string): boolean {
  return /^\/(?:[A-Za-z0-9._~-]+(?:\/|$))*$/.test(base) && !base.split('/').some((s) => s === '.' || s === '..');
}

/** An absolute http(s) URL. */
const httpUrl = z.string().refine(isHttpUrl, { message: 'must be an http:// or https:// URL' });

/** A link template: an http(s) URL with `{placeholders}` that must hold `required`. */
const template = (required: string) =>
  z
    .string()
    .refine((t) => isHttpUrl(t.replace(/\{(sha|path|line|number)\}/g, 'x')), { message: 'must be an http:// or https:// URL template' })
    .refine((t) => t.includes(`{${required}}`), { message: `must contain {${required}}` })
    .refine(onlyKnownPlaceholders, { message: 'may only use the placeholders {sha}, {path}, {line} and {number}' });

const PLACEHOLDERS: ReadonlySet<string> = new Set(['sha', 'path', 'line', 'number']);

/**
 * Whether every `{…}` of a template (from a `{` to the next `}`) is a known placeholder.
 * Read chunk by chunk between `}`s, in linear time.
 */
function onlyKnownPlaceholders(template: string): boolean {
  const chunks = template.split('}');
  for (const chunk of chunks.slice(0, -1)) {
    const open = chunk.indexOf('{');
    if (open >= 0 && !PLACEHOLDERS.has(chunk.slice(open + 1))) return false;
  }
  return true;
}

/** A glob relative to each input root (`tickets/**`, `*.tmp`, `archive`). */
const glob = z.string().min(1, { message: 'must not be empty' });

/**
 * Forge links for the repositories a rule matches: a forge style and the repository's web
 * URL, explicit templates, or both (explicit templates win).
 */
export const repositoryRuleSchema = z
  .strictObject({
    /** The repository's display path (`content/repos/example.git`), its archive id, or a glob of either. */
    match: z.string().min(1, { message: 'must not be empty' }),
    /** The forge's URL style. */
    forge: z.enum(FORGE_STYLES).optional(),
    /** The repository's web address (`https://github.com/acme/app`). */
    url: httpUrl.optional(),
    /** Link text: "View on <name>". Defaults to the forge's name, else the URL's host. */
    name: z.string().min(1, { message: 'must not be empty' }).max(40, { message: 'must be at most 40 characters' }).optional(),
    /** Commit link, with `{sha}`. */
    commit: template('sha').optional(),
    /** File link, with `{path}` (and usually `{sha}` and `{line}`). */
    file: template('path').optional(),
    /** Pull or merge request link, with `{number}`. */
    pullRequest: template('number').optional(),
  })
  .superRefine((rule, ctx) => {
    if (rule.forge !== undefined && rule.url === undefined && rule.commit === undefined && rule.file === undefined && rule.pullRequest === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `is required with "forge": "${rule.forge}" (the repository's web address, e.g. https://github.com/acme/app)` });
    }
    if (rule.url !== undefined && rule.forge === undefined && rule.commit === undefined && rule.file === undefined && rule.pullRequest === undefined) {
      ctx.addIssue({ code: 'custom', path: ['forge'], message: `is required with "url" (one of ${FORGE_STYLES.map((f) => `"${f}"`).join(', ')}), or give the templates "commit", "file", "pullRequest"` });
    }
    if (rule.forge === undefined && rule.url === undefined && rule.commit === undefined && rule.file === undefined && rule.pullRequest === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'needs "forge" and "url", or at least one of the templates "commit", "file", "pullRequest"' });
    }
  });

/** One repository rule as written. */
export type RepositoryRule = z.infer<typeof repositoryRuleSchema>;

/**
 * How `.beads/` folders that keep their issues only in a Dolt database are read
 * (docs/configuration.md, "beads"; docs/security.md, "Running bd").
 */
export const beadsConfigSchema = z.strictObject({
  /** Run `bd export` (read-only, on a temporary copy of the folder) when `bd` is on the PATH. Off by default: it runs a program on input. */
  runExport: z.boolean().optional(),
  /** Seconds before bd is stopped (default 60). */
  exportTimeout: z.number().int({ message: 'must be a whole number of seconds' }).min(1, { message: 'must be at least 1 second' }).max(600, { message: 'must be at most 600 seconds' }).optional(),
});

/** A pattern that compiles as a JavaScript regular expression (with the `u` flag). */
const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

/**
 * What is secret besides the built-in rules, and which values are not (docs/security.md,
 * "Secrets"): `allow` lists values never redacted (a documented test key); `patterns` adds
 * rules, each named (its marker's kind) with a regular expression whose group `secret`, when
 * present, is the secret.
 */
export const secretsConfigSchema = z.strictObject({
  allow: z.array(z.string().min(1, { message: 'must not be empty' })).optional(),
  patterns: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1, { message: 'must not be empty' }).max(60, { message: 'must be at most 60 characters' }),
        pattern: z.string().min(1, { message: 'must not be empty' }).refine(compiles, { message: 'must be a JavaScript regular expression' }),
      }),
    )
    .optional(),
});

/** The whole configuration file. */
export const configSchema = z.strictObject({
  /** Editors' JSON Schema reference; ignored. */
  $schema: z.string().optional(),
  /** The archive's title: the header's brand and every page title. */
  title: z.string().trim().min(1, { message: 'must not be empty' }).max(120, { message: 'must be at most 120 characters' }).optional(),
  /** The absolute URL the archive is published at (`https://example.com/archive/`). */
  site: httpUrl.optional(),
  /** The path the archive is served under (`/archive/`). */
  // Normalised like --base (`archive` → `/archive/`), so the flag and the file accept the same values.
  base: z.string().refine((b) => isBasePath(normaliseBase(b)), { message: 'must be a path of letters, digits and ._~- segments, e.g. "/archive/"' }).optional(),
  /** Input folders, relative to the configuration file. */
  inputs: z.array(z.string().min(1, { message: 'must not be empty' })).min(1, { message: 'must list at least one folder' }).optional(),
  /** Only record files matching one of these globs (or inside a matching folder) are read. */
  include: z.array(glob).optional(),
  /** Record files and folders matching one of these globs are skipped. */
  exclude: z.array(glob).optional(),
  /** Output folder, relative to the configuration file. */
  out: z.string().min(1, { message: 'must not be empty' }).optional(),
  /** Model store and build cache, relative to the configuration file. */
  cacheDir: z.string().min(1, { message: 'must not be empty' }).optional(),
  /** Forge links per repository; the first matching rule wins. */
  repositories: z.array(repositoryRuleSchema).optional(),
  /** Dolt-only `.beads/` folders: whether Trailbook runs `bd export` for them. */
  beads: beadsConfigSchema.optional(),
  /**
   * Write each project's single-file `p/<id>/recap.html` (like `--recap-html`). Off by default:
   * the recap page builds that file in the browser from `recap.json.gz`, so the archive holds
   * one copy of the rows instead of two (issue 17; docs/publishing.md "recap.html").
   */
  recapHtml: z.boolean().optional(),
  /**
   * Write each project's `p/<id>/decisions.csv.gz` (like `--decisions-csv`). Off by default: the
   * Download lists make decisions.csv in the browser from `recap.json.gz` (issue 30; docs/publishing.md "Exports").
   */
  decisionsCsv: z.boolean().optional(),
  /** Pairs of projects (id or folder as the archive shows it) to compare, e.g. two runs of one ticket: each gets a compare page. */
  compare: z.array(z.strictObject({ a: z.string().min(1, { message: 'must not be empty' }), b: z.string().min(1, { message: 'must not be empty' }) })).optional(),
  /**
   * Folders outside the inputs (relative to this file) whose repositories a project's `repo`
   * may name (docs/security.md, "A project's repo is input"). A project's trailbook.json is
   * written by agents; this file by the person running the build, so only it can allow a
   * repository outside the input folders.
   */
  allowRepositories: z.array(z.string().min(1, { message: 'must not be empty' })).optional(),
  /** Values allowed and patterns added to the secret rules (docs/security.md, "Secrets"). */
  secrets: secretsConfigSchema.optional(),
});

/** The configuration file's content, validated. */
export type TrailbookConfig = z.infer<typeof configSchema>;
