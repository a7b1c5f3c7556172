/**
 * The command line as a user runs it (a child process): `check --json` on the example
 * corpus, `--fail-on`, `--strict`, and the invocations it must refuse with exit 2. Folders
 * that a refused build could empty are temporary copies, never content/ itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, runCli, type CliRun } from './build-site.ts';

interface CheckJson {
  version: string;
  projects: Array<{
    id: string;
    root: string;
    rows: Array<{ id: string }>;
    flags: Array<{ layer: string; severity: string; kind: string; rows: string[]; summary: string }>;
    invalid: Array<{ file: string; line: number; kind: string; raw: string }>;
    audit: { present: boolean; status: string | null; reason: string; reviewer: string };
  }>;
  problems: unknown[];
}

const CONTENT = join(REPO_ROOT, 'content');
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'trailbook-cli-'));
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A private copy of an example project (with the repository its trailbook.json points at). */
async function copyOfClean(name: string): Promise<string> {
  const root = join(scratch, name);
  await cp(join(CONTENT, 'repos'), join(root, 'repos'), { recursive: true });
  await cp(join(CONTENT, 'tickets', 'clean'), join(root, 'tickets', 'clean'), { recursive: true });
  return join(root, 'tickets', 'clean');
}

describe('trailbook check --json on the example corpus', () => {
  let run: CliRun;
  let report: CheckJson;

  beforeAll(async () => {
    run = await runCli(['check', '--json']);
    report = JSON.parse(run.stdout) as CheckJson;
  });

  const project = (id: string) => {
    const found = report.projects.find((p) => p.id === id);
    if (!found) throw new Error(`no project ${id}`);
    return found;
  };

  it('exits 0 and prints one trailbook.check/1 document on stdout', () => {
    expect(run.code).toBe(0);
    expect(report.version).toBe('trailbook.check/1');
    expect(report.problems).toEqual([]);
    // Progress goes to stderr, so stdout is nothing but the JSON.
    expect(run.stdout.trim().startsWith('{')).toBe(true);
    expect(run.stderr).toContain(`Found ${report.projects.length} projects.`);
  });

  it('lists the six decision-trail projects of the example corpus', () => {
    const ids = report.projects.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['pstack-app', 'tickets-clean', 'tickets-failed', 'tickets-faults', 'tickets-no-audit', 'tickets-not-run']));
    expect(new Set(ids).size).toBe(ids.length);
    expect(project('tickets-faults').root).toBe('content/tickets/faults');
    expect(project('tickets-clean').rows).toHaveLength(10);
    expect(project('tickets-faults').rows).toHaveLength(15);
    expect(project('pstack-app').rows).toHaveLength(8);
  });

  it('flags every planted fault of tickets-faults with its kind (content/README.md)', () => {
    const flags = project('tickets-faults').flags;
    const has = (kind: string, row?: string) => flags.some((f) => f.kind === kind && (row === undefined ? f.rows.length === 0 : f.rows.includes(row)));
    const planted: Array<[string, string | undefined]> = [
      ['evidence/commit-not-found', '8635af1e'],
      ['evidence/commit-ambiguous', '3730d30f'],
      ['evidence/path-not-found', '7701de86'],
      ['evidence/line-out-of-range', '29700948'],
      ['trail/supersedes-forward', '8ada2ddc'],
      ['trail/supersedes-missing', 'c1e14233'],
      ['trail/duplicate-id', '3ec852ad'],
      ['trail/id-mismatch', '0badc0de'],
      ['trail/row-too-large', '6be99327'],
      ['trail/not-json', undefined],
      ['evidence/prose', '0a1f7f7c'],
      ['trail/supersedes-forward', 'bcbab5af'],
      ['trail/supersedes-cycle', '83d1c257'],
    ];
    expect(planted.filter(([kind, row]) => !has(kind, row))).toEqual([]);
    expect(flags.map((f) => `${f.layer} ${f.severity} ${f.kind}`).sort()).toEqual(
      [
        'evidence high evidence/commit-not-found',
        'evidence medium evidence/commit-ambiguous',
        'evidence high evidence/path-not-found',
        'evidence high evidence/line-out-of-range',
        'trail high trail/supersedes-forward',
        'trail high trail/supersedes-missing',
        'trail high trail/duplicate-id',
        'trail medium trail/id-mismatch',
        'trail medium trail/row-too-large',
        'trail high trail/not-json',
        'evidence medium evidence/prose',
        'trail high trail/supersedes-forward',
        'trail high trail/supersedes-cycle',
        'review high unsupported-claim',
        'review low gap',
      ].sort(),
    );
    expect(project('tickets-faults').invalid).toEqual([
      {
        file: 'decisions.jsonl',
        line: 12,
        kind: 'trail/not-json',
        error: 'not valid JSON: Unexpected end of JSON input',
        raw: '{"id": "broken", "ts": "2026-03-02T12:00:00Z", "phase": ',
      },
    ]);
  });

  it('tickets-clean has no flags; the audit states are read', () => {
    expect(project('tickets-clean').flags).toEqual([]);
    expect(project('tickets-clean').audit).toEqual({ present: true, status: 'ran', reason: '', reviewer: 'codex-x / gpt-y' });
    expect(project('tickets-not-run').audit).toMatchObject({ present: true, status: 'not-run', reason: 'no other family installed' });
    expect(project('tickets-failed').audit).toMatchObject({ present: true, status: 'failed', reason: 'reviewer error: invalid JSON output' });
    expect(project('tickets-no-audit').audit.present).toBe(false);
    for (const id of ['tickets-not-run', 'tickets-failed', 'tickets-no-audit']) expect(project(id).flags).toEqual([]);
    expect(project('pstack-app').flags.map((f) => f.kind)).toEqual(['trail/out-of-time-order']);
  });
});

describe('exit codes', () => {
  it('check --fail-on high exits 1 on tickets/faults and 0 on tickets/clean', async () => {
    const faults = await runCli(['check', '--fail-on', 'high', 'content/tickets/faults']);
    expect(faults.code).toBe(1);
    const clean = await runCli(['check', '--fail-on', 'high', 'content/tickets/clean']);
    expect(clean.code).toBe(0);
  });

  it('check --fail-on-unverified exits 1 where a pointer is only inconclusive, and says how many are verified', async () => {
    // pstack-app raises no high or medium flag, yet commands and /tmp paths are not verified.
    const pstack = await runCli(['check', '--fail-on-unverified', 'content/pstack-app']);
    expect(pstack.code).toBe(1);
    expect(pstack.stderr).toContain('1 project with evidence that is not verified (--fail-on-unverified): pstack app');
    expect(pstack.stdout).toContain("  evidence: 9 pointers: 5 verified, 0 did not resolve, 0 prose (no pointer), 4 not checkable; 8 rows under Check first: 2 need a look, 6 in the agent's words");
    expect((await runCli(['check', '--fail-on-unverified', 'content/tickets/clean'])).code).toBe(0);
  });

  it('check --fail-on compares severities: pstack-app has one low flag', async () => {
    expect((await runCli(['check', '--fail-on', 'medium', 'content/pstack-app'])).code).toBe(0);
    expect((await runCli(['check', '--fail-on', 'low', 'content/pstack-app'])).code).toBe(1);
    const bad = await runCli(['check', '--fail-on', 'severe', 'content/pstack-app']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on severe is not a severity');
  });

  it('build nope exits 2 and names the folder', async () => {
    const out = join(scratch, 'nope-out');
    const run = await runCli(['build', 'nope', '--out', out, '--cache-dir', join(scratch, 'nope-cache')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('trailbook: input folder nope does not exist');
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('build --out <an input folder> is refused with exit 2, and the folder is left as it was', async () => {
    const input = await copyOfClean('out-is-input');
    const before = (await readdir(input)).sort();
    expect(before).toEqual(['audit.json', 'decisions.jsonl', 'handover.md', 'trailbook.json']);

    const same = await runCli(['build', input, '--out', input, '--cache-dir', join(scratch, 'c1')]);
    expect(same.code).toBe(2);
    // (Paths are printed as given: relative inside the working folder, else absolute.)
    expect(same.stderr).toMatch(/^trailbook: --out \S*out-is-input\/tickets\/clean is the input folder; the output folder is replaced on every build$/m);

    const parent = join(input, '..');
    const above = await runCli(['build', input, '--out', parent, '--cache-dir', join(scratch, 'c2')]);
    expect(above.code).toBe(2);
    expect(above.stderr).toMatch(/--out .* contains the input folder/);

    const inside = await runCli(['build', input, '--out', join(input, 'site'), '--cache-dir', join(scratch, 'c3')]);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toMatch(/--out .* is inside the input folder/);

    expect((await readdir(input)).sort()).toEqual(before);
  });

  it('build --out <a symbolic link to the input folder> never deletes the input', async () => {
    // At commit e4f55f1 the guard compared path strings only: through a symlink the build
    // went ahead (exit 0) and Astro emptied the real input folder, deleting decisions.jsonl,
    // audit.json and trailbook.json. Refusing (exit 2) or writing beside it are both safe.
    const input = await copyOfClean('out-is-link');
    const link = join(scratch, 'link-to-input');
    await symlink(input, link);
    const run = await runCli(['build', input, '--out', link, '--cache-dir', join(scratch, 'c4')]);
    expect([0, 2]).toContain(run.code);
    expect((await readdir(input)).sort()).toEqual(['audit.json', 'decisions.jsonl', 'handover.md', 'trailbook.json']);
    if (run.code === 0) expect(await readdir(link)).toContain('index.html');
  });

  it('build . --out dist inside the records is refused with a fix that works: --out ../trailbook-site', async () => {
    const input = await copyOfClean('build-dot');
    const env = { XDG_CACHE_HOME: join(scratch, 'xdg') };
    const refused = await runCli(['build', '.', '--out', 'dist'], input, env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('trailbook: --out dist is inside the input folder .; the archive would be read as input next time\n  fix: pass --out a folder of its own outside the records, e.g. --out ../trailbook-site\n');
    const fixed = await runCli(['build', '.', '--out', '../trailbook-site'], input, env);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(await readdir(join(input, '..', 'trailbook-site', 'p'))).toEqual(['clean']);
    // The cache went to the per-user folder, nothing into the records.
    expect((await readdir(input)).sort()).toEqual(['audit.json', 'decisions.jsonl', 'handover.md', 'trailbook.json']);
    expect(await readdir(join(scratch, 'xdg', 'trailbook', 'builds'))).toEqual([expect.stringMatching(/^clean-[0-9a-f]{12}$/)]);
  });

  it('check names each project once and ends with the project to look at first', async () => {
    const run = await runCli(['check', 'content/tickets/faults', 'content/tickets/clean']);
    expect(run.code).toBe(0);
    // By the title the archive home shows, with the id the recap's path uses.
    expect(run.stdout.split('\n').filter((l) => !l.startsWith(' '))).toEqual(['Planted faults (faults)', 'Clean trail (clean)', '']);
    expect(run.stderr.trim().split('\n').at(-1)).toBe('Next: start with Planted faults (faults): 3 of its 15 problems cite what does not exist (10 high-severity flags, 4 medium-severity flags, 1 low-severity flag), 1 invalid record. Run `trailbook build content/tickets/faults content/tickets/clean --recap-html`, then open dist/p/faults/recap.html');
  });

  it('check of a folder inside a git repository says the repository is not read and what to run; that command checks the evidence', async () => {
    // use12: `trailbook check services` at the repository's root said only "git checks
    // inconclusive: no repository", and the missing file it cites raised no flag.
    const repo = join(scratch, 'mono');
    await mkdir(join(repo, 'services', 'api'), { recursive: true });
    await writeFile(join(repo, 'README.md'), '# mono\n');
    await writeFile(join(repo, 'services', 'api', 'decisions.tsv'), 'ts\tphase\tdecision\twhy\tevidence\tresult\n2026-01-01T10:00:00Z\tplan\tKeep the readme\tit exists\tREADME.md; src/missing.ts\tdone\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=dev@example.com', '-c', 'user.name=Dev', ...args], { cwd: repo });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'init');
    const narrow = await runCli(['check', 'services'], repo);
    expect(narrow.code).toBe(0);
    expect(narrow.stdout).toContain('repository: none (git checks inconclusive: no repository)');
    expect(narrow.stderr).toContain('\nnote: services lies inside the git repository at ., which is not read (a repository is looked for only inside the input folders): 2 evidence pointers of 1 project are not checkable. To check them against it, give its folder: trailbook check .\n');
    const whole = await runCli(['check', '.'], repo);
    expect(whole.stdout).toContain('  high   evidence/path-not-found  decisions.tsv:2  row 6c4e4b66 “Keep the readme” — src/missing.ts not found at landed head ');
    expect(whole.stderr).not.toContain('note: ');
  });

  it('build in a folder without records says what Trailbook looks for and how to start, and claims no recap', async () => {
    const empty = join(scratch, 'no-records');
    await mkdir(join(empty, 'src'), { recursive: true });
    await writeFile(join(empty, 'src', 'notes.md'), '# not a record\n');
    const run = await runCli(['build', '--out', join(scratch, 'no-records-site'), '--cache-dir', join(scratch, 'no-records-cache')], empty);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('recap.html');
    expect(run.stderr).not.toContain('Flags:');
    expect(run.stderr.trim().split('\n').slice(-7, -1)).toEqual([
      `Done in ${/Done in (\S+) s/.exec(run.stderr)?.[1]} s. The archive in ${join(scratch, 'no-records-site')} is empty.`,
      'No records found in the working folder. A folder is a project when it holds one of these:',
      '  decision trails: decisions.jsonl, decisions.tsv, .audit/<slug>.tsv',
      '  handover audit: audit.json',
      '  coordination: coordination.jsonl, .beads/, history.jsonl, timeline.jsonl, any .jsonl of coord.v1 events',
      '  design and verdicts: design/rubric.md, design/selection.md, design/candidates/<n>/design.md, qa/<ticket>.json, verdicts/qa.json, verdicts/<skill>.md, reviews/<name>.json, premises.jsonl',
    ]);
    expect(run.stderr).toContain('To start: run `trailbook init` to write a trailbook.config.mjs that names the folders holding your records, or `trailbook build --example` to see an archive of the example that comes with Trailbook.\n');
  });

  it('build --strict over a folder without records exits 2, as check --strict does: a gate that checked nothing does not pass', async () => {
    const empty = join(scratch, 'no-records-strict');
    await mkdir(empty, { recursive: true });
    const run = await runCli(['build', '--strict', empty, '--out', join(scratch, 'no-records-strict-site'), '--cache-dir', join(scratch, 'no-records-strict-cache')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('trailbook: --strict: no project was found in the inputs, so nothing was checked\n');
  });

  it('build --strict of the example corpus exits 1 (an invalid row, high flags)', async () => {
    const run = await runCli(['build', '--strict', '--out', join(scratch, 'strict-out'), '--cache-dir', join(scratch, 'strict-cache')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^trailbook: --strict: \d+ invalid records?/m);
    // The site is still written: --strict only changes the exit code.
    expect(await readdir(join(scratch, 'strict-out', 'p'))).toContain('tickets-faults');
  });

  it('--help exits 0 and shows the usage', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: trailbook [options] [command]');
    expect(run.stdout).toMatch(/build \[options\] \[DIR\.\.\.\]/);
    expect(run.stdout).toMatch(/check \[options\] \[DIR\.\.\.\]/);
    const build = await runCli(['build', '--help']);
    expect(build.code).toBe(0);
    expect(build.stdout).toContain('--strict');
  });

  it('an unknown command or option exits 2', async () => {
    const command = await runCli(['publish']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'publish'");
    const option = await runCli(['build', '--bogus']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--bogus'");
  });
});
