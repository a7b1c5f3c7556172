/**
 * The configuration file (src/lib/config): validation with messages that name the file and
 * the key, loading .json and .mjs, the include/exclude globs and discovery filter, and forge
 * link templates for GitHub, GitLab and Gitea (only http(s) links come out).
 */
import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/lib/config/config-error.ts';
import { isBasePath } from '../../src/lib/config/config-schema.ts';
import { bindForge, fillTemplate, pullRequestNumber, resolveForges, ruleTemplates, unmatchedRules } from '../../src/lib/config/forge-links.ts';
import { globMatcher, globToRegExp, pathFilter } from '../../src/lib/config/glob.ts';
import { loadConfig, parseConfig } from '../../src/lib/config/load-config.ts';
import { BUILD_CONTEXT_VARIABLE, buildContextOrNull, defaultBuildContext, siteSettingsOf, writeBuildContext } from '../../src/lib/config/build-context.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';
import { buildBaseline } from '../../src/lib/baseline/build-baseline.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';

/** The problems a value's validation reports (throws when it is valid). */
function problems(value: unknown): string[] {
  try {
    parseConfig(value, 'trailbook.config.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as ConfigError).problems];
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration schema', () => {
  it('accepts every key', () => {
    const config = {
      $schema: './trailbook.schema.json',
      title: 'Acme decisions',
      site: 'https://example.com/archive/',
      base: '/archive/',
      inputs: ['runs'],
      include: ['tickets/**'],
      exclude: ['**/scratch'],
      out: 'site',
      cacheDir: '.cache',
      repositories: [
        { match: 'content/repos/example.git', forge: 'github', url: 'https://github.com/acme/app' },
        { match: 'repos/*', commit: 'https://git.example.com/c/{sha}', file: 'https://git.example.com/f/{sha}/{path}#L{line}', pullRequest: 'https://git.example.com/pr/{number}', name: 'Example Git' },
      ],
    };
    expect(parseConfig(config, 'x')).toEqual(config);
    expect(parseConfig({}, 'x')).toEqual({});
  });

  it('names the file and the key of a bad forge, as the issue words it', () => {
    expect(problems({ repositories: [{ match: 'a', forge: 'bitbucket', url: 'https://x.example' }] })).toEqual([
      'trailbook.config.json: repositories[0].forge: must be one of "github", "gitlab", "gitea", got "bitbucket"',
    ]);
  });

  it('names unknown keys, wrong types and unusable values', () => {
    expect(problems({ titel: 'x' })).toEqual(['trailbook.config.json: titel: unknown key']);
    expect(problems({ repositories: [{ match: 'a', forge: 'github', url: 'https://github.com/a/b', colour: 'red' }] })).toEqual(['trailbook.config.json: repositories[0].colour: unknown key']);
    expect(problems({ inputs: 'runs' })).toEqual(['trailbook.config.json: inputs: must be an array, got a string']);
    expect(problems({ inputs: [] })).toEqual(['trailbook.config.json: inputs: must list at least one folder']);
    expect(problems({ title: 3 })).toEqual(['trailbook.config.json: title: must be a string, got a number']);
    expect(problems({ site: 'javascript:alert(1)' })).toEqual(['trailbook.config.json: site: must be an http:// or https:// URL']);
    // `archive` is read as `/archive/`, as --base reads it; a path with spaces is not a base path.
    expect(parseConfig({ base: 'archive' }, 'trailbook.config.json').base).toBe('archive');
    expect(problems({ base: 'my archive' })).toEqual(['trailbook.config.json: base: must be a path of letters, digits and ._~- segments, e.g. "/archive/"']);
    expect(problems({ base: '/a/../b/' })).toHaveLength(1);
    expect(problems({ exclude: [''] })).toEqual(['trailbook.config.json: exclude[0]: must not be empty']);
  });

  it('requires a usable forge rule: forge with url, or templates with their placeholders, http(s) only', () => {
    expect(problems({ repositories: [{ match: 'a', forge: 'gitlab' }] })).toEqual([
      'trailbook.config.json: repositories[0].url: is required with "forge": "gitlab" (the repository\'s web address, e.g. https://github.com/acme/app)',
    ]);
    expect(problems({ repositories: [{ match: 'a', url: 'https://gitlab.com/a/b' }] })[0]).toMatch(/^trailbook\.config\.json: repositories\[0\]\.forge: is required with "url"/);
    expect(problems({ repositories: [{ match: 'a' }] })).toEqual(['trailbook.config.json: repositories[0]: needs "forge" and "url", or at least one of the templates "commit", "file", "pullRequest"']);
    expect(problems({ repositories: [{ match: 'a', commit: 'https://x.example/commit/' }] })).toEqual(['trailbook.config.json: repositories[0].commit: must contain {sha}']);
    expect(problems({ repositories: [{ match: 'a', commit: 'javascript:alert("{sha}")' }] })).toEqual(['trailbook.config.json: repositories[0].commit: must be an http:// or https:// URL template']);
    expect(problems({ repositories: [{ match: 'a', file: 'https://x.example/{path}?ref={branch}' }] })).toEqual(['trailbook.config.json: repositories[0].file: may only use the placeholders {sha}, {path}, {line} and {number}']);
    expect(problems({ repositories: [{ match: 'a', forge: 'github', url: 'ftp://example.com/a' }] })).toEqual(['trailbook.config.json: repositories[0].url: must be an http:// or https:// URL']);
  });

  it('checks base paths', () => {
    for (const ok of ['/', '/archive/', '/archive', '/a/b-c_d.e~f/']) expect(isBasePath(ok)).toBe(true);
    for (const bad of ['archive/', '/a b/', '/a//b/', '/../', '/a/./', '/a?x', '/a#b']) expect(isBasePath(bad)).toBe(false);
  });
});

describe('loading the configuration file', () => {
  async function folder(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'trailbook-config-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    return dir;
  }

  it('finds trailbook.config.json in the working folder; none is null', async () => {
    const dir = await folder({ 'trailbook.config.json': '{"title": "From JSON"}' });
    const loaded = await loadConfig({ cwd: dir });
    expect(loaded).toEqual({ file: join(dir, 'trailbook.config.json'), dir, config: { title: 'From JSON' } });
    expect(await loadConfig({ cwd: await folder({}) })).toBeNull();
  });

  it('loads trailbook.config.mjs: a default export, object or function', async () => {
    const dir = await folder({ 'trailbook.config.mjs': 'export default { title: "From ESM", exclude: ["scratch"] };\n' });
    expect((await loadConfig({ cwd: dir }))?.config).toEqual({ title: 'From ESM', exclude: ['scratch'] });
    const fn = await folder({ 'other.mjs': 'export default async () => ({ base: "/x/" });\n' });
    expect((await loadConfig({ cwd: fn, file: 'other.mjs' }))?.config).toEqual({ base: '/x/' });
  });

  it('refuses both files at once, a missing --config file, broken JSON and a module without default export', async () => {
    const both = await folder({ 'trailbook.config.json': '{}', 'trailbook.config.mjs': 'export default {};' });
    await expect(loadConfig({ cwd: both })).rejects.toThrow('trailbook.config.json and trailbook.config.mjs are both in');
    await expect(loadConfig({ cwd: both, file: 'nope.json' })).rejects.toMatchObject({ problems: ['--config nope.json: no such file'] });
    const broken = await folder({ 'trailbook.config.json': '{"title": "x",}' });
    const error = await loadConfig({ cwd: broken }).catch((e: unknown) => e as ConfigError);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems[0]).toMatch(/^trailbook\.config\.json: not valid JSON: /);
    expect((error as ConfigError).hint).toBe('fix the JSON syntax (no comments, no trailing commas)');
    const noDefault = await folder({ 'trailbook.config.mjs': 'export const title = "x";' });
    await expect(loadConfig({ cwd: noDefault })).rejects.toMatchObject({ problems: ['trailbook.config.mjs: has no default export'] });
    // tryout, round 7: a module's syntax error named no line ("could not be loaded: Unexpected end of input").
    const badModule = await folder({ 'trailbook.config.mjs': 'export default {\n  title: "x" "y",\n};\n' });
    await expect(loadConfig({ cwd: badModule })).rejects.toMatchObject({ problems: ['trailbook.config.mjs:2: could not be loaded: Unexpected string', '    title: "x" "y",', '               ^^^'], hint: 'fix the JavaScript error in the file' });
    const unended = await folder({ 'trailbook.config.mjs': 'export default {\n  inputs: [\n' });
    await expect(loadConfig({ cwd: unended })).rejects.toMatchObject({ problems: ['trailbook.config.mjs:3: could not be loaded: Unexpected end of input'] });
  });

  it('names the key of an invalid value, with a hint listing the known keys for an unknown one', async () => {
    const dir = await folder({ 'trailbook.config.json': '{"repositories": [{"match": "x", "forge": "github"}], "inptus": ["a"]}' });
    const error = (await loadConfig({ cwd: dir }).catch((e: unknown) => e)) as ConfigError;
    expect(error.problems).toEqual([
      'trailbook.config.json: repositories[0].url: is required with "forge": "github" (the repository\'s web address, e.g. https://github.com/acme/app)',
      'trailbook.config.json: inptus: unknown key',
    ]);
    expect(error.hint).toBe('correct the file (keys and values: docs/configuration.md); the known keys are title, site, base, inputs, include, exclude, out, cacheDir, repositories, beads, recapHtml, decisionsCsv, compare, allowRepositories, secrets');
  });
});

describe('globs', () => {
  it('matches like a shell, with ** across folders and bare names at any depth', () => {
    const m = (glob: string, path: string): boolean => globToRegExp(glob).test(path);
    expect(m('tickets/*', 'tickets/clean')).toBe(true);
    expect(m('tickets/*', 'tickets/clean/decisions.jsonl')).toBe(false);
    expect(m('tickets/**', 'tickets/clean/decisions.jsonl')).toBe(true);
    expect(m('**/scratch', 'scratch')).toBe(true);
    expect(m('**/scratch', 'a/b/scratch')).toBe(true);
    expect(m('scratch', 'a/b/scratch')).toBe(true);
    expect(m('scratch', 'a/scratchpad')).toBe(false);
    expect(m('*.tsv', 'x/.audit/run.tsv')).toBe(true);
    expect(m('{a,b}/x', 'b/x')).toBe(true);
    expect(m('run-[0-9]', 'run-7')).toBe(true);
    expect(m('run-?', 'run-/')).toBe(false);
    expect(m('./tickets/', 'tickets')).toBe(true);
    expect(m('a.b', 'axb')).toBe(false);
  });

  it('filters discovery: excludes prune folders, includes keep matching files or folders', () => {
    const filter = pathFilter(['tickets/clean', 'pstack-app/*.tsv'], ['**/faults']);
    if (!filter) throw new Error('expected a filter');
    expect(filter('tickets', true)).toBe(true);
    expect(filter('tickets/faults', true)).toBe(false);
    expect(filter('tickets/clean/decisions.jsonl', false)).toBe(true);
    expect(filter('tickets/failed/decisions.jsonl', false)).toBe(false);
    expect(filter('pstack-app/decisions.tsv', false)).toBe(true);
    expect(pathFilter([], [])).toBeUndefined();
    expect(pathFilter(undefined, ['x'])?.('a/b.jsonl', false)).toBe(true);
  });

  it('applies include and exclude in discovery of the example corpus', async () => {
    const content = join(import.meta.dirname, '..', '..', 'content');
    const all = await discoverProjects([content]);
    const accept = pathFilter(['tickets/**'], ['coordination', 'tickets/faults', 'tickets/arena-*']);
    const some = await discoverProjects([content], accept ? { accept } : {});
    const ids = some.projects.map((p) => p.id);
    expect(ids).toContain('tickets-clean');
    expect(ids).not.toContain('tickets-faults');
    expect(ids).not.toContain('pstack-app');
    expect(ids.some((id) => id.startsWith('coordination') || id.startsWith('tickets-arena'))).toBe(false);
    expect(ids.length).toBeLessThan(all.projects.length);
    expect(ids.every((id) => all.projects.some((p) => p.id === id))).toBe(true);
  });

  it('globMatcher is true when any glob matches', () => {
    expect(globMatcher(['a', 'b/*'])('b/c')).toBe(true);
    expect(globMatcher([])('b/c')).toBe(false);
  });
});

describe('forge links', () => {
  const SHA = '90ccfe22d4e9cbf587d5f0cc760f0574088241de';

  it('fills the GitHub, GitLab and Gitea styles', () => {
    const github = bindForge(ruleTemplates({ match: 'x', forge: 'github', url: 'https://github.com/acme/app.git' }), SHA);
    expect(github.name).toBe('GitHub');
    expect(github.commit('abc1234')).toBe('https://github.com/acme/app/commit/abc1234');
    expect(github.file('src/parser.ts', 12)).toBe(`https://github.com/acme/app/blob/${SHA}/src/parser.ts#L12`);
    expect(github.file('docs/a b.md')).toBe(`https://github.com/acme/app/blob/${SHA}/docs/a%20b.md`);
    expect(github.pullRequest(225)).toBe('https://github.com/acme/app/pull/225');
    const gitlab = bindForge(ruleTemplates({ match: 'x', forge: 'gitlab', url: 'https://gitlab.example.com/group/sub/app/' }), SHA);
    expect(gitlab.commit('abc1234')).toBe('https://gitlab.example.com/group/sub/app/-/commit/abc1234');
    expect(gitlab.file('a.ts', 3)).toBe(`https://gitlab.example.com/group/sub/app/-/blob/${SHA}/a.ts#L3`);
    expect(gitlab.pullRequest(7)).toBe('https://gitlab.example.com/group/sub/app/-/merge_requests/7');
    const gitea = bindForge(ruleTemplates({ match: 'x', forge: 'gitea', url: 'https://codeberg.org/acme/app' }), SHA);
    expect(gitea.name).toBe('Gitea');
    expect(gitea.commit('abc1234')).toBe('https://codeberg.org/acme/app/commit/abc1234');
    expect(gitea.file('a.ts', 3)).toBe(`https://codeberg.org/acme/app/src/commit/${SHA}/a.ts#L3`);
    expect(gitea.pullRequest(7)).toBe('https://codeberg.org/acme/app/pulls/7');
  });

  it('explicit templates override the style; the name defaults to the host', () => {
    const t = ruleTemplates({ match: 'x', forge: 'github', url: 'https://github.com/a/b', pullRequest: 'https://review.example.com/c/{number}' });
    expect(t).toEqual({ name: 'GitHub', commit: 'https://github.com/a/b/commit/{sha}', file: 'https://github.com/a/b/blob/{sha}/{path}#L{line}', pullRequest: 'https://review.example.com/c/{number}' });
    expect(ruleTemplates({ match: 'x', commit: 'https://git.example.com/c/{sha}' })).toEqual({ name: 'git.example.com', commit: 'https://git.example.com/c/{sha}', file: null, pullRequest: null });
  });

  it('gives no link for a missing or unsafe value, and never a non-http(s) link', () => {
    expect(fillTemplate('https://x.example/c/{sha}', { sha: 'not-a-sha' })).toBeNull();
    expect(fillTemplate('https://x.example/f/{path}', {})).toBeNull();
    expect(fillTemplate('https://x.example/f/{path}#L{line}', { path: '../../etc/passwd' })).toBeNull();
    expect(fillTemplate('https://x.example/f/{path}#L{line}', { path: 'a//b' })).toBeNull();
    expect(fillTemplate('https://x.example/f/{path}', { path: 'a/<script>' })).toBe('https://x.example/f/a/%3Cscript%3E');
    expect(fillTemplate('javascript:{sha}', { sha: 'abcd' })).toBeNull();
    expect(bindForge(ruleTemplates({ match: 'x', forge: 'github', url: 'https://github.com/a/b' }), null).file('a.ts', 1)).toBeNull();
  });

  it('resolves rules against repositories by display path, archive id or glob; the first rule wins', () => {
    const rules = [
      { match: 'content/repos/example.git', forge: 'github' as const, url: 'https://github.com/acme/app' },
      { match: 'vendor/*', forge: 'gitea' as const, url: 'https://codeberg.org/v/lib' },
      { match: '*', commit: 'https://fallback.example/{sha}' },
    ];
    const forges = resolveForges(rules, [
      { id: 'content-repos-example.git', path: 'content/repos/example.git' },
      { id: 'vendor-lib', path: 'vendor/lib' },
      { id: 'other', path: 'other' },
      { id: 'content-repos-example.git', path: 'content/repos/example.git' },
    ]);
    expect(Object.keys(forges)).toEqual(['content-repos-example.git', 'vendor-lib', 'other']);
    expect(forges['vendor-lib']?.name).toBe('Gitea');
    expect(forges['other']?.commit).toBe('https://fallback.example/{sha}');
    expect(resolveForges([{ match: 'content-repos-example.git', forge: 'github', url: 'https://github.com/a/b' }], [{ id: 'content-repos-example.git', path: null }])).toHaveProperty(['content-repos-example.git']);
  });

  it('finds the rules that match no repository of the archive (the build warns of each)', () => {
    const rules = [
      { match: 'content/repos/example.git', forge: 'github' as const, url: 'https://github.com/acme/app' },
      { match: 'example.git', forge: 'github' as const, url: 'https://github.com/acme/app' },
    ];
    expect(unmatchedRules(rules, [{ id: 'example.git', path: 'example.git' }]).map((r) => r.match)).toEqual(['content/repos/example.git']);
  });

  it('reads pull and merge request numbers from reference pointers', () => {
    expect(pullRequestNumber('PR 225')).toBe(225);
    expect(pullRequestNumber('pr #12')).toBe(12);
    expect(pullRequestNumber('MR !7')).toBe(7);
    expect(pullRequestNumber('issue 13')).toBeNull();
    expect(pullRequestNumber('#13')).toBeNull();
  });

  it('reads site settings from the build context, with defaults', () => {
    expect(siteSettingsOf(undefined)).toEqual({ title: 'Trailbook', url: null, forges: {}, recapHtml: false, decisionsCsv: false });
    expect(siteSettingsOf({ title: 'T', url: 'https://x.example/', forges: {} })).toEqual({ title: 'T', url: 'https://x.example/', forges: {}, recapHtml: false, decisionsCsv: false });
    expect(siteSettingsOf({ title: 'T', url: null, forges: {}, recapHtml: true }).recapHtml).toBe(true);
    expect(siteSettingsOf({ title: 'T', url: null, forges: {}, decisionsCsv: true }).decisionsCsv).toBe(true);
    const before = process.env[BUILD_CONTEXT_VARIABLE];
    process.env[BUILD_CONTEXT_VARIABLE] = '{';
    try {
      expect(() => buildContextOrNull()).toThrow('TRAILBOOK_BUILD is not JSON');
    } finally {
      if (before === undefined) delete process.env[BUILD_CONTEXT_VARIABLE];
      else process.env[BUILD_CONTEXT_VARIABLE] = before;
    }
  });

  it('hands the secret settings and the baseline to the pages in the build context, once, with defaults (no TRAILBOOK_SECRETS or TRAILBOOK_BASELINE)', () => {
    const before = process.env[BUILD_CONTEXT_VARIABLE];
    const entry = { project: 'p', kind: 'evidence/prose', fingerprint: '0123456789abcdef', reason: 'why' };
    try {
      writeBuildContext({ ...defaultBuildContext('/pkg', '/cache'), secrets: { redact: false, allow: ['AKIAEXAMPLE'], patterns: [{ name: 'ticket key', pattern: 'TK-[0-9]+' }] }, baseline: { file: 'trailbook.baseline.json', entries: [entry] } });
      const context = buildContextOrNull();
      expect(context?.secrets).toEqual({ redact: false, allow: ['AKIAEXAMPLE'], patterns: [{ name: 'ticket key', pattern: 'TK-[0-9]+' }] });
      expect(buildBaseline(context?.baseline)).toEqual({ file: 'trailbook.baseline.json', entries: [entry] });
      // A context without them (an older CLI, a plain astro build): redact, and no baseline.
      process.env[BUILD_CONTEXT_VARIABLE] = JSON.stringify({ root: '/pkg', inputs: [], cacheDir: '/cache' });
      expect(buildContextOrNull()?.secrets).toEqual(DEFAULT_SECRET_SETTINGS);
      expect(buildContextOrNull()?.baseline).toBe(null);
      expect(defaultBuildContext('/pkg', '/cache')).toMatchObject({ secrets: DEFAULT_SECRET_SETTINGS, baseline: null });
    } finally {
      if (before === undefined) delete process.env[BUILD_CONTEXT_VARIABLE];
      else process.env[BUILD_CONTEXT_VARIABLE] = before;
    }
  });
});
