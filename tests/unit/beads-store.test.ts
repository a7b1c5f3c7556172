/**
 * `.beads/` folders that keep their issues in a database (issue 18, scope 1 and 2): what the
 * folder is said to be, from metadata.json and its folders as beads writes them; the command
 * that writes the export, by the version the folder names; the export's lookup order; the
 * pipeline, which still reads the audit log; the cache key; and Trailbook's own run of
 * `bd export`, off by default, driven here by stand-in `bd` scripts: on a copy, no shell, a
 * fixed environment, a retry for an older bd, a timeout and an output cap, the copy removed.
 */
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStore, exportCommandFor, readStoreFacts, storeSentence, type StoreFacts } from '../../src/lib/beads/beads-store.ts';
import { beadsExportOf, supersededReason } from '../../src/lib/beads/export-lookup.ts';
import { findOnPath, runBdExport } from '../../src/lib/beads/run-export.ts';
import { BD_CONFIG_YAML, copyTree, metadataForBd } from '../../src/lib/beads/export-copy.ts';
import { beadsStoreKey } from '../../src/lib/beads/store-key.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { loadConfig } from '../../src/lib/config/load-config.ts';
import { ConfigError } from '../../src/lib/config/config-error.ts';
import type { BdExportOptions } from '../../src/lib/beads/run-export.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { EMBEDDED_METADATA, EXPORT_ALL_LINES, INTERACTION_LINES, SERVER_METADATA } from '../beads-release-fixtures.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trailbook-beads-store-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(dir, 'in-'));
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, text);
  }
  return root;
}

/** A Dolt-only project as `bd init` leaves it (embedded): metadata, the database folder, the audit log. */
const DOLT_ONLY = {
  'demo/.beads/metadata.json': EMBEDDED_METADATA,
  'demo/.beads/config.yaml': 'issue-prefix: demo\n',
  'demo/.beads/embeddeddolt/beads_demo/.dolt/noms/manifest': '5:__DOLT__:abc',
  'demo/.beads/embeddeddolt/beads_demo/.dolt/repo_state.json': '{"head":"refs/heads/main"}',
  'demo/.beads/interactions.jsonl': `${INTERACTION_LINES.join('\n')}\n`,
};

async function analyse(root: string, bdExport?: BdExportOptions): Promise<Map<string, ProjectModel>> {
  const models = new Map<string, ProjectModel>();
  await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void models.set(m.id, m), ...(bdExport ? { bdExport } : {}) });
  return models;
}

const facts = (over: Partial<StoreFacts>): StoreFacts => ({ metadata: null, problem: '', localVersion: '', folders: [], files: [], databases: [], ...over });

describe('what a .beads folder without an export is', () => {
  it.each([
    ['embedded, by dolt_mode', facts({ metadata: JSON.parse(EMBEDDED_METADATA), folders: ['embeddeddolt'] }), 'embedded', '.beads/embeddeddolt', 'beads_demo'],
    ['server, by dolt_mode', facts({ metadata: JSON.parse(SERVER_METADATA), folders: ['dolt'], databases: ['hq'] }), 'server', '.beads/dolt', 'hq'],
    ['embedded, by its folder alone', facts({ folders: ['embeddeddolt'], databases: ['beads_x', 'beads_y'] }), 'embedded', '.beads/embeddeddolt', 'beads_x, beads_y'],
    ['server, by its folder alone', facts({ folders: ['dolt'] }), 'server', '.beads/dolt', ''],
    ['proxied server', facts({ metadata: { dolt_mode: 'proxied-server' }, folders: ['proxieddb'] }), 'proxied-server', '.beads/proxieddb', ''],
    ['SQLite before 1.0', facts({ files: ['beads.db', 'config.yaml'] }), 'sqlite', '.beads/beads.db', ''],
    ['metadata only', facts({ metadata: { database: 'dolt', backend: 'dolt', dolt_database: 'beads_p' } }), 'none', '', 'beads_p'],
  ] as const)('%s', (_name, f, kind, dataPath, database) => {
    expect(describeStore('.beads', f)).toMatchObject({ kind, dataPath, database });
  });

  it('gives the export command of the version the folder names', () => {
    expect(exportCommandFor('', 'embedded')).toEqual({
      command: 'bd export --all -o .beads/issues.jsonl',
      note: '--all adds memories, wisps, templates and infrastructure beads to the regular issues (leave it out to export regular issues only). For bd older than 1.1: bd export -o .beads/issues.jsonl',
    });
    expect(exportCommandFor('1.1.2', 'embedded')).toEqual({
      command: 'bd export --all -o .beads/issues.jsonl',
      note: 'bd 1.1.2 (as named by the folder) has the 1.1.0 flags: --all adds memories, wisps, templates and infrastructure beads to the regular issues (leave it out to export regular issues only).',
    });
    expect(exportCommandFor('v0.49.3', 'embedded')).toEqual({ command: 'bd export -o .beads/issues.jsonl', note: 'bd v0.49.3 is older than 1.1.0, whose export flags were not checked; every bd accepts -o FILE.' });
    expect(exportCommandFor('1.0.4', 'server').command).toBe('bd export -o .beads/issues.jsonl');
    expect(exportCommandFor('', 'sqlite')).toEqual({ command: 'bd export -o .beads/issues.jsonl', note: 'a SQLite database is kept by bd before 1.0, whose export flags were not checked; every bd accepts -o FILE.' });
    expect(describeStore('.beads', facts({ metadata: { last_bd_version: '0.47.1' } }))).toMatchObject({ version: '0.47.1', versionSource: '.beads/metadata.json', exportCommand: 'bd export -o .beads/issues.jsonl' });
    expect(describeStore('.beads', facts({ localVersion: '1.2.0' }))).toMatchObject({ version: '1.2.0', versionSource: '.beads/.local_version', exportCommand: 'bd export --all -o .beads/issues.jsonl' });
  });

  it('says what the folder is, what Trailbook reads, and the command, in one sentence', () => {
    expect(storeSentence(describeStore('.beads', facts({ metadata: JSON.parse(EMBEDDED_METADATA), folders: ['embeddeddolt'] })))).toBe(
      '.beads/ holds an embedded Dolt database (run inside bd) at .beads/embeddeddolt, database beads_demo, and no JSONL export of its issues (issues.jsonl, beads.jsonl, beads.base.jsonl). Trailbook reads the export and the audit log (.beads/interactions.jsonl), not the database. To write the export, run in the project folder: bd export --all -o .beads/issues.jsonl',
    );
  });

  it('reads metadata.json and the database names from the folder, never through a link', async () => {
    const root = await tree({ 'p/.beads/metadata.json': EMBEDDED_METADATA, 'p/.beads/embeddeddolt/beads_demo/.dolt/manifest': 'x', 'p/.beads/embeddeddolt/not-a-db/x': 'y', 'q/.beads/.local_version': '1.1.2\n', 'secret.json': '{"dolt_database":"leaked"}' });
    expect(await readStoreFacts(path.join(root, 'p/.beads'))).toEqual({ metadata: JSON.parse(EMBEDDED_METADATA), problem: '', localVersion: '', folders: ['embeddeddolt'], files: ['metadata.json'], databases: ['beads_demo'] });
    await symlink(path.join(root, 'secret.json'), path.join(root, 'q/.beads/metadata.json'));
    expect(await readStoreFacts(path.join(root, 'q/.beads'))).toEqual({ metadata: null, problem: 'metadata.json is a symbolic link, not read', localVersion: '1.1.2', folders: [], files: ['.local_version'], databases: [] });
    await writeFile(path.join(root, 'p/.beads/metadata.json'), '{"database": ');
    expect((await readStoreFacts(path.join(root, 'p/.beads'))).problem).toBe('metadata.json is not JSON');
  });
});

describe('the export is looked up as issues.jsonl, then beads.jsonl, then beads.base.jsonl', () => {
  it('picks the first present', () => {
    expect(beadsExportOf(['.beads/beads.base.jsonl', '.beads/beads.jsonl', '.beads/issues.jsonl'])).toBe('.beads/issues.jsonl');
    expect(beadsExportOf(['.beads/beads.base.jsonl', '.beads/beads.jsonl', '.beads/interactions.jsonl'])).toBe('.beads/beads.jsonl');
    expect(beadsExportOf(['.beads/beads.base.jsonl'])).toBe('.beads/beads.base.jsonl');
    expect(beadsExportOf(['.beads/backup/issues.jsonl', '.beads/interactions.jsonl'])).toBeNull();
  });

  it('reads the export and lists the older copies as not read', async () => {
    const row = (id: string, status: string): string => `${JSON.stringify({ _type: 'issue', id, title: id, status })}\n`;
    const models = await analyse(await tree({ 'p/.beads/issues.jsonl': row('p-1', 'closed'), 'p/.beads/beads.jsonl': row('p-1', 'open') + row('p-gone', 'open'), 'p/.beads/beads.base.jsonl': row('p-0', 'open'), 'b/.beads/beads.base.jsonl': row('b-1', 'open') }));
    const p = models.get('p') as ProjectModel;
    expect(p.sources.map((s) => [s.path, s.lines, s.notRead ?? ''])).toEqual([
      ['.beads/beads.base.jsonl', 0, supersededReason('.beads/beads.base.jsonl', '.beads/issues.jsonl')],
      ['.beads/beads.jsonl', 0, supersededReason('.beads/beads.jsonl', '.beads/issues.jsonl')],
      ['.beads/issues.jsonl', 1, ''],
    ]);
    expect(supersededReason('.beads/beads.jsonl', '.beads/issues.jsonl')).toBe('.beads/issues.jsonl is this folder\'s export (looked up in the order issues.jsonl, beads.jsonl, beads.base.jsonl); .beads/beads.jsonl is an older copy of it and is not read');
    expect(p.beads?.issues.map((i) => [i.id, i.status])).toEqual([['p-1', 'closed']]);
    expect(p.beads?.store).toBeNull();
    expect((models.get('b') as ProjectModel).beads?.issues.map((i) => i.id)).toEqual(['b-1']);
  });
});

describe('a Dolt-only folder through the pipeline', () => {
  let demo: ProjectModel;
  beforeAll(async () => {
    demo = (await analyse(await tree(DOLT_ONLY))).get('demo') as ProjectModel;
  });

  it('lists the folder as its store, with the command, and reads the audit log all the same', () => {
    expect(demo.sources.map((s) => [s.path, s.format, s.lines, s.valid, s.notRead ?? ''])).toEqual([
      ['.beads', 'beads', 0, 0, storeSentence(demo.beads?.store as NonNullable<NonNullable<ProjectModel['beads']>['store']>)],
      ['.beads/interactions.jsonl', 'beads', 3, 3, ''],
    ]);
    expect(demo.beads?.store).toEqual({
      folder: '.beads',
      kind: 'embedded',
      dataPath: '.beads/embeddeddolt',
      database: 'beads_demo',
      backend: 'dolt',
      version: '',
      versionSource: '',
      exportCommand: 'bd export --all -o .beads/issues.jsonl',
      exportNote: '--all adds memories, wisps, templates and infrastructure beads to the regular issues (leave it out to export regular issues only). For bd older than 1.1: bd export -o .beads/issues.jsonl',
      problem: '',
      run: null,
      alsoRead: [{ file: '.beads/interactions.jsonl', records: 3 }],
    });
  });

  it('still reads the coord.v1 event and the field changes of interactions.jsonl', () => {
    expect(demo.coordination?.events.map((e) => [e.eventType, e.scope, e.file, e.line])).toEqual([['RESERVE', 'src/release/*', '.beads/interactions.jsonl', 2]]);
    expect(demo.beads?.issues.map((i) => [i.id, i.origin, i.replayedStatus, i.history.map((h) => h.to)])).toEqual([['demo-a1', 'events', 'review', ['in_progress', 'review']]]);
    expect(demo.flags.filter((f) => f.kind.startsWith('beads/'))).toEqual([]);
  });

  it('does not read the database folder: none of its files is a source', () => {
    expect(demo.sources.some((s) => s.path.includes('embeddeddolt'))).toBe(false);
  });
});

describe('the cache key of a store', () => {
  it('changes with metadata.json, and with the database only when bd is to be run', async () => {
    const root = await tree(DOLT_ONLY);
    const beads = path.join(root, 'demo/.beads');
    const before = [await beadsStoreKey(beads, false), await beadsStoreKey(beads, true)];
    await writeFile(path.join(beads, 'embeddeddolt/beads_demo/.dolt/noms/manifest'), '5:__DOLT__:def-longer');
    const afterDb = [await beadsStoreKey(beads, false), await beadsStoreKey(beads, true)];
    expect(afterDb[0]).toBe(before[0]);
    expect(afterDb[1]).not.toBe(before[1]);
    await writeFile(path.join(beads, 'metadata.json'), SERVER_METADATA);
    expect(await beadsStoreKey(beads, false)).not.toBe(afterDb[0]);
  });
});

/** A stand-in `bd`: a shell script in its own folder, logging its arguments, folder and environment to `log`. */
async function standIn(body: string): Promise<{ bin: string; log: string }> {
  const bin = await mkdtemp(path.join(dir, 'bin-'));
  const log = path.join(bin, 'calls.log');
  await writeFile(path.join(bin, 'bd'), `#!/bin/sh\nprintf 'args=%s\\ncwd=%s\\nhome=%s\\nsecret=%s\\nbeads=%s\\n' "$*" "$PWD" "$HOME" "$TRAILBOOK_TEST_SECRET" "$BEADS_DIR" >> '${log}'\n${body}\n`);
  await chmod(path.join(bin, 'bd'), 0o755);
  return { bin, log };
}

const EXPORT_FILE = () => path.join(dir, 'export-all.jsonl');
/** The PATH bd is looked up on: its folder, then the system's (for sh, cat and sleep). */
const pathWith = (bin: string): string => `${bin}:/usr/bin:/bin`;

describe('running bd export (beads.runExport), with a stand-in bd', () => {
  beforeAll(async () => {
    await writeFile(EXPORT_FILE(), `${EXPORT_ALL_LINES.join('\n')}\n`);
    process.env['TRAILBOOK_TEST_SECRET'] = 'do-not-pass';
    process.env['BEADS_DIR'] = '/somewhere/else/.beads';
  });
  afterAll(() => {
    delete process.env['TRAILBOOK_TEST_SECRET'];
    delete process.env['BEADS_DIR'];
  });

  it('is off by default: nothing runs', async () => {
    const { bin, log } = await standIn(`cat '${EXPORT_FILE()}'`);
    const demo = (await analyse(await tree(DOLT_ONLY))).get('demo') as ProjectModel;
    expect(demo.beads?.store?.run).toBeNull();
    expect(existsSync(log)).toBe(false);
    expect(bin).not.toBe('');
  });

  it('runs read-only on a removed copy, with no shell and a fixed environment, and reads the export', async () => {
    const { bin, log } = await standIn(`touch .beads/written-by-bd\ncat '${EXPORT_FILE()}'`);
    const root = await tree(DOLT_ONLY);
    const demo = (await analyse(root, { run: true, timeoutMs: 10_000, searchPath: `.:relative/bin:${bin}:/usr/bin:/bin` })).get('demo') as ProjectModel;
    const calls = await readFile(log, 'utf8');
    const cwd = /cwd=(.*)/.exec(calls)?.[1] ?? '';
    expect(calls.split('\n').filter((l) => !l.startsWith('cwd=') && !l.startsWith('home=') && !l.startsWith('beads='))).toEqual(['args=--readonly --sandbox export --all', 'secret=', '']);
    expect(cwd.startsWith(path.join(tmpdir(), 'trailbook-bd-'))).toBe(true);
    // BEADS_DIR names the copy, never the builder's (`/somewhere/else/.beads`).
    expect(/beads=(.*)/.exec(calls)?.[1]).toBe(path.join(cwd, '.beads'));
    expect(/home=(.*)/.exec(calls)?.[1]).toBe(path.join(path.dirname(cwd), 'home'));
    expect(existsSync(cwd)).toBe(false);
    expect(await readdir(path.join(root, 'demo/.beads'))).toEqual(['config.yaml', 'embeddeddolt', 'interactions.jsonl', 'metadata.json']);
    expect(demo.sources.map((s) => [s.path, s.lines, s.valid, s.invalid])).toEqual([
      ['.beads (bd export)', 6, 6, 0],
      ['.beads/interactions.jsonl', 3, 3, 0],
    ]);
    expect(demo.beads?.store?.run).toEqual({ ok: true, command: 'bd --readonly --sandbox export --all', issues: 5, lines: 6 });
    expect(demo.beads?.issues.map((i) => [i.id, i.origin, i.at?.file, i.status])).toEqual([
      ['demo-a1', 'export', '.beads (bd export)', 'review'],
      ['demo-a2', 'export', '.beads (bd export)', 'hooked'],
      ['demo-a3', 'export', '.beads (bd export)', 'pinned'],
      ['demo-w1', 'export', '.beads (bd export)', 'open'],
      ['demo-t1', 'export', '.beads (bd export)', 'open'],
    ]);
    expect(demo.beads?.memories).toEqual([{ key: 'release-cmd', value: 'npm run release', file: '.beads (bd export)', line: 6 }]);
  });

  it('asks a bd that does not know --readonly once more with plain export', async () => {
    const { bin, log } = await standIn(`if [ "$1" = "--readonly" ]; then echo 'Error: unknown flag: --readonly' >&2; exit 1; fi\ncat '${EXPORT_FILE()}'`);
    const demo = (await analyse(await tree(DOLT_ONLY), { run: true, timeoutMs: 10_000, searchPath: pathWith(bin) })).get('demo') as ProjectModel;
    expect((await readFile(log, 'utf8')).split('\n').filter((l) => l.startsWith('args='))).toEqual(['args=--readonly --sandbox export --all', 'args=export']);
    expect(demo.beads?.store?.run).toEqual({ ok: true, command: 'bd export', issues: 5, lines: 6 });
  });

  it('reports a failing bd, naming no temporary folder', async () => {
    const { bin } = await standIn(`echo "Error: failed to open database at $PWD/.beads/embeddeddolt: database is locked" >&2\nexit 3`);
    const demo = (await analyse(await tree(DOLT_ONLY), { run: true, timeoutMs: 10_000, searchPath: pathWith(bin) })).get('demo') as ProjectModel;
    expect(demo.beads?.store?.run).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'it exited with code 3: Error: failed to open database at <copy>/project/.beads/embeddeddolt: database is locked' });
    expect(demo.sources[0]?.notRead).toBe(
      '.beads/ holds an embedded Dolt database (run inside bd) at .beads/embeddeddolt, database beads_demo, and no JSONL export of its issues (issues.jsonl, beads.jsonl, beads.base.jsonl). Trailbook reads the export and the audit log (.beads/interactions.jsonl), not the database. Trailbook ran bd --readonly --sandbox export --all as configured, but it exited with code 3: Error: failed to open database at <copy>/project/.beads/embeddeddolt: database is locked. To write the export, run in the project folder: bd export --all -o .beads/issues.jsonl',
    );
  });

  it('stops bd, and what it started, at the timeout', async () => {
    const pidFile = path.join(dir, 'sleeper.pid');
    const { bin } = await standIn(`sleep 30 &\necho $! > '${pidFile}'\nwait`);
    const started = Date.now();
    const result = await runBdExport(path.join(await tree(DOLT_ONLY), 'demo/.beads'), { run: true, timeoutMs: 700, searchPath: pathWith(bin) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'it did not finish within 1 s and was stopped' });
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    // Gone, or a zombie waiting for a reaper (a container's init may not reap): never running.
    const state = await readFile(`/proc/${pid}/stat`, 'utf8').then((s) => s.split(') ')[1]?.[0] ?? '', () => 'gone');
    expect(['gone', 'Z']).toContain(state);
  });

  it('stops bd once its output passes the cap', async () => {
    const { bin } = await standIn(`while true; do cat '${EXPORT_FILE()}'; done`);
    const result = await runBdExport(path.join(await tree(DOLT_ONLY), 'demo/.beads'), { run: true, timeoutMs: 10_000, searchPath: pathWith(bin), maxOutputBytes: 64 * 1024 });
    expect(result).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'its output passed 65536 bytes and it was stopped' });
  });

  it('finds bd only on absolute PATH entries, and says when it is not there', async () => {
    const { bin } = await standIn('exit 0');
    expect(await findOnPath('bd', `.:relative:${bin}`)).toBe(path.join(bin, 'bd'));
    expect(await findOnPath('bd', `.:${path.relative(process.cwd(), bin)}`)).toBeNull();
    const demo = (await analyse(await tree(DOLT_ONLY), { run: true, timeoutMs: 1000, searchPath: '/nonexistent' })).get('demo') as ProjectModel;
    expect(demo.beads?.store?.run).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'bd is not on the PATH' });
  });

  it('never runs bd for a server store or a folder without a database', async () => {
    const { bin, log } = await standIn(`cat '${EXPORT_FILE()}'`);
    const models = await analyse(await tree({ 's/.beads/metadata.json': SERVER_METADATA, 's/.beads/dolt/hq/.dolt/manifest': 'x', 'n/.beads/metadata.json': '{"database":"dolt","backend":"dolt"}' }), { run: true, timeoutMs: 1000, searchPath: bin });
    expect(models.get('s')?.beads?.store?.run).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'the store is served by a Dolt server, and Trailbook starts no database server and connects to none' });
    expect(models.get('n')?.beads?.store?.run).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'the folder holds no database to export from' });
    expect(existsSync(log)).toBe(false);
  });

  it('copies regular files and folders only: a link in the folder is left out', async () => {
    const root = await tree({ 'p/.beads/metadata.json': EMBEDDED_METADATA, 'p/.beads/embeddeddolt/db/.dolt/manifest': 'm', 'outside.txt': 'secret' });
    await symlink(path.join(root, 'outside.txt'), path.join(root, 'p/.beads/embeddeddolt/db/link'));
    const to = path.join(dir, `copy-${Date.now()}`);
    expect(await copyTree(path.join(root, 'p/.beads'), to)).toEqual({ ok: true, bytes: EMBEDDED_METADATA.length + 1, skipped: 1 });
    expect((await readdir(to, { recursive: true })).sort()).toEqual(['embeddeddolt', 'embeddeddolt/db', 'embeddeddolt/db/.dolt', 'embeddeddolt/db/.dolt/manifest', 'metadata.json']);
  });
});

describe("bd's own configuration never reaches it (review: backend_plugins in config.local.yaml)", () => {
  const PLUGIN_CONFIG = `backend_plugins:\n  evil:\n    command: /bin/sh\n    args: ["-c", "touch ${'PWNED'}"]\n`;

  beforeAll(() => {
    process.env['BEADS_BACKEND_PLUGIN_COMMAND'] = '/bin/false';
    process.env['BD_DOLT_MODE'] = 'server';
    process.env['GIT_DIR'] = '/somewhere/.git';
  });
  afterAll(() => {
    for (const v of ['BEADS_BACKEND_PLUGIN_COMMAND', 'BD_DOLT_MODE', 'GIT_DIR']) delete process.env[v];
  });

  it('never runs bd for a folder whose metadata names another backend: bd would start the program config.local.yaml names', async () => {
    const { bin, log } = await standIn(`cat '${EXPORT_FILE()}'`);
    const root = await tree({
      'p/.beads/metadata.json': '{"database":"dolt","backend":"evil","dolt_mode":"embedded","dolt_database":"beads"}',
      'p/.beads/config.local.yaml': PLUGIN_CONFIG,
      'p/.beads/embeddeddolt/beads/.dolt/noms/manifest': 'm',
    });
    const p = (await analyse(root, { run: true, timeoutMs: 10_000, searchPath: pathWith(bin) })).get('p') as ProjectModel;
    expect(p.beads?.store?.run).toEqual({ ok: false, command: 'bd --readonly --sandbox export --all', reason: 'its metadata.json names the backend "evil", which bd serves by starting a program configured for it; Trailbook runs bd only on an embedded Dolt or SQLite store' });
    expect(existsSync(log)).toBe(false);
    expect(existsSync(path.join(root, 'p', 'PWNED'))).toBe(false);
  });

  it('gives bd only the database, a metadata.json of inert keys and its own config.yaml, with no BD_, BEADS_ or GIT_ variable of the builder', async () => {
    const list = path.join(dir, `listing-${Date.now()}.txt`);
    const { bin } = await standIn(`{ find . -type f | sort; echo '--- metadata'; cat .beads/metadata.json; echo '--- config'; cat .beads/config.yaml; echo '--- env'; env | grep -E '^(BD_|BEADS_|GIT_|XDG_|DO_NOT_TRACK)' | sort; } > '${list}'\ncat '${EXPORT_FILE()}'`);
    const root = await tree({
      'p/.beads/metadata.json': '{"database":"dolt","backend":"dolt","dolt_mode":"embedded","dolt_database":"beads_p","project_id":"x1","unknown_key":"/etc/passwd"}',
      'p/.beads/config.yaml': 'dolt:\n  mode: server\n  host: db.example.com\n',
      'p/.beads/config.local.yaml': PLUGIN_CONFIG,
      'p/.beads/config.json': '{"backend":"evil"}',
      'p/.beads/hooks/on_create': '#!/bin/sh\ntouch PWNED\n',
      'p/.beads/backup/issues.jsonl': '{}\n',
      'p/.beads/dolt/other/.dolt/manifest': 'server data',
      'p/.beads/.local_version': '1.1.0\n',
      'p/.beads/embeddeddolt/beads_p/.dolt/noms/manifest': 'm',
      'p/.beads/embeddeddolt/beads_p/.dolt/repo_state.json': '{}',
    });
    const p = (await analyse(root, { run: true, timeoutMs: 10_000, searchPath: pathWith(bin) })).get('p') as ProjectModel;
    expect(p.beads?.store?.run).toMatchObject({ ok: true, issues: 5 });
    const text = await readFile(list, 'utf8');
    const [files, rest] = text.split('--- metadata\n') as [string, string];
    expect(files.trim().split('\n')).toEqual(['./.beads/.local_version', './.beads/config.yaml', './.beads/embeddeddolt/beads_p/.dolt/noms/manifest', './.beads/embeddeddolt/beads_p/.dolt/repo_state.json', './.beads/metadata.json']);
    const [metadata, config, env] = rest.split(/--- (?:config|env)\n/) as [string, string, string];
    expect(JSON.parse(metadata)).toEqual({ database: 'dolt', backend: 'dolt', dolt_mode: 'embedded', dolt_database: 'beads_p', project_id: 'x1' });
    expect(config).toBe(BD_CONFIG_YAML);
    const vars = env.trim().split('\n').map((l) => l.split('=')[0]);
    expect(vars).toEqual(['BEADS_DIR', 'BEADS_NO_DAEMON', 'DO_NOT_TRACK', 'GIT_CEILING_DIRECTORIES', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM', 'GIT_TERMINAL_PROMPT', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME']);
  });

  it('refuses metadata that names a server, a database elsewhere, or a path, naming the key', () => {
    const reason = (metadata: Record<string, unknown>): string => {
      const r = metadataForBd({ metadata, problem: '' });
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason({ backend: 'dolt', dolt_mode: 'embedded', dolt_server_host: 'db.example.com' })).toBe('its metadata.json names a Dolt server (dolt_server_host), and bd is run only on a database inside the folder');
    expect(reason({ backend: 'dolt', dolt_data_dir: '/srv/dolt' })).toBe('its metadata.json names a database folder outside .beads/ (dolt_data_dir), and bd is run only on a database inside the folder');
    expect(reason({ backend: 'sqlite', database: '/home/u/other/beads.db' })).toBe('its metadata.json names its database by a path ("/home/u/other/beads.db"), and bd is run only on a database inside the folder');
    expect(reason({ backend: 'dolt', dolt_mode: 'proxied-server' })).toBe('its metadata.json names the Dolt mode "proxied-server", and Trailbook starts no database server and connects to none');
    expect(reason({ backend: 'Dolt', dolt_mode: 'embedded', dolt_server_port: 0 })).toBe('ok');
    expect(metadataForBd({ metadata: null, problem: 'metadata.json is a symbolic link, not read' })).toEqual({ ok: false, reason: 'its metadata.json is a symbolic link, not read' });
  });
});

describe('configuration: beads', () => {
  it('accepts runExport and exportTimeout, and names the key of a bad value', async () => {
    const cwd = await mkdtemp(path.join(dir, 'cfg-'));
    await writeFile(path.join(cwd, 'trailbook.config.json'), JSON.stringify({ beads: { runExport: true, exportTimeout: 30 } }));
    expect((await loadConfig({ cwd }))?.config.beads).toEqual({ runExport: true, exportTimeout: 30 });
    await writeFile(path.join(cwd, 'trailbook.config.json'), JSON.stringify({ beads: { runExport: 'yes', exportTimeout: 0, command: 'sh' } }));
    const error = await loadConfig({ cwd }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'trailbook.config.json: beads.runExport: must be true or false, got a string',
      'trailbook.config.json: beads.exportTimeout: must be at least 1 second',
      'trailbook.config.json: beads.command: unknown key',
    ]);
  });
});
