/**
 * The command line in-process (src/cli/main.ts with a captured output): configuration
 * errors name the file, the key and the fix (exit 2); `check --config` reads its inputs and
 * include/exclude globs from the file; `check --fail-on` is a CI gate; every command has
 * `--help`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { EXAMPLE_CORPUS } from '../../src/cli/paths.ts';

interface Captured extends Output {
  results: string[];
  infos: string[];
  errors: string[];
}

function capture(): Captured {
  const c: Captured = { results: [], infos: [], errors: [], result: (t) => void c.results.push(t), info: (t) => void c.infos.push(t), error: (t) => void c.errors.push(t) };
  return c;
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-cli-unit-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('configuration through the command line', () => {
  it('exits 2 naming the file, each bad key and the fix', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ titel: 'x', repositories: [{ match: 'a', forge: 'bitbucket', url: 'https://x.example' }] }));
    const out = capture();
    expect(await main(['check', '--config', file], out)).toBe(2);
    expect(out.errors).toHaveLength(1);
    const [first, second, fix] = [out.errors[0], ...out.infos];
    expect(first).toBe(`${file}: repositories[0].forge: must be one of "github", "gitlab", "gitea", got "bitbucket"`);
    expect(second).toBe(`${file}: titel: unknown key`);
    expect(fix).toMatch(/^ {2}fix: correct the file \(keys and values: docs\/configuration\.md\); the known keys are title, /);
  });

  it('check --config reads inputs and excludes from the file (paths relative to it)', async () => {
    const file = join(dir, 'tickets.json');
    // The tickets name ../../repos/example.git, beside the input: the archive configuration allows it.
    await writeFile(file, JSON.stringify({ inputs: [join(EXAMPLE_CORPUS, 'tickets')], exclude: ['faults', 'arena-*', 'verdict-faults'], allowRepositories: [join(EXAMPLE_CORPUS, 'repos')] }));
    const out = capture();
    expect(await main(['check', '--config', file, '--quiet', '--fail-on', 'high'], out)).toBe(0);
    const names = out.results.filter((l) => /^\S/.test(l)).map((l) => l.split('  ')[0]);
    expect(names).toContain('Clean trail (clean)');
    expect(names).not.toContain('Planted faults (faults)');
    expect(names.some((n) => n?.includes('(arena'))).toBe(false);
    expect(out.errors).toEqual([]);
  });

  it('check --fail-on high exits 1 and names the failing projects', async () => {
    const out = capture();
    expect(await main(['check', '--quiet', '--fail-on', 'high', join(EXAMPLE_CORPUS, 'tickets', 'faults')], out)).toBe(1);
    expect(out.errors).toEqual(['1 project with flags of severity high or higher (--fail-on high): Planted faults (faults)']);
    expect(out.results.some((l) => l.includes('unsupported-claim (reviewer, audit.json)'))).toBe(true);
  });

  it('check text puts each flag\'s file:line before its summary, once (a coordination flag and a bad timestamp already say it)', async () => {
    const out = capture();
    expect(await main(['check', '--quiet', join(EXAMPLE_CORPUS, 'tickets', 'faults')], out)).toBe(0);
    const lines = out.results.filter((l) => /^  (high|medium|low) /.test(l));
    expect(lines.filter((l) => l.includes('evidence/commit-not-found') || l.includes('trail/duplicate-id') || l.includes('unsupported-claim'))).toEqual([
      '  high   evidence/commit-not-found  decisions.jsonl:2  row 8635af1e “Ship the fake-sha hotfix” — no commit 6b8467766823b30e559d624defde1c57a594bda6 in example.git',
      '  high   unsupported-claim (reviewer, audit.json)  The hotfix row cites a commit nobody can find',
      '  high   trail/duplicate-id  decisions.jsonl:8  id 3ec852ad is used by 2 rows (lines 8, 9): “Add the CLI entry”',
    ]);
    // A summary that starts with its own place has it in the place column, once; its invalid record is not listed again (use16).
    expect(lines.find((l) => l.includes('trail/not-json'))).toBe('  high   trail/not-json  decisions.jsonl:12  not valid JSON: Unexpected end of JSON input  [invalid record]');
    expect(out.results.filter((l) => l.includes('decisions.jsonl:12'))).toHaveLength(1);
  });

  it('ends with what a person must look at: flags, invalid rows, evidence, open blockers and warnings', async () => {
    const out = capture();
    const file = join(dir, 'allow.json');
    await writeFile(file, JSON.stringify({ allowRepositories: [join(EXAMPLE_CORPUS, 'repos')] }));
    expect(await main(['check', '--config', file, join(EXAMPLE_CORPUS, 'tickets'), join(EXAMPLE_CORPUS, 'coordination')], out)).toBe(0);
    expect(out.infos.filter((l) => /^(Read|Flags|Invalid records|Evidence|Open blockers|Warnings):? |^ {2}projects /.test(l))).toEqual([
      'Read 13 projects: 5 babysit history rows, 43 rows from bbs decisions.jsonl, 32 coord.v1 events.',
      'Flags: 23 high, 20 medium, 4 low, in 4 projects.',
      'Invalid records: 2 (kept with their raw text, shown in Planted faults (faults), Coordination: planted faults (coordination--faults)).',
      "Evidence: 57 pointers and 1 cell of prose: 50 verified, 5 did not resolve, 1 prose (no pointer), 2 not checkable; 9 rows under Check first: 8 need a look, 1 in the agent's words.",
      'Open blockers: 2.',
      // check writes no build report (a new user's trial, use9: the line said 'each is listed in
      // the build report', and there was none): each kind's projects are named under it.
      'Warnings: 5 projects whose handover audit was never invoked; 2 projects not reviewed by the handover audit.',
      '  projects whose handover audit was never invoked: Design arena and verdicts, clean (arena-clean); Collapsed design arena (arena-collapsed); Arena faults; No audit; Single-shape skip (single-shape)',
      '  projects not reviewed by the handover audit: Audit failed (failed); Audit not run (not-run)',
    ]);
  });

  it('--version prints the package version and exits 0', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main(['--version'], capture())).toBe(0);
      expect(write.mock.calls.map((c) => String(c[0]))).toEqual(['0.1.0\n']);
    } finally {
      write.mockRestore();
    }
  });

  it('a project without a decision trail says what it holds, not "0 rows", and no repository problem it does not have', async () => {
    const real = join(EXAMPLE_CORPUS, '..', '..', 'shared', 'corpus', 'real', 'rand__loop');
    const out = capture();
    expect(await main(['check', '--quiet', real], out)).toBe(0);
    expect(out.results.slice(0, 2)).toEqual(['rand__loop', '  56 beads issues, 0 invalid records, 0 flags (0 high, 0 medium, 0 low), 0 problems; repository: none']);
    // A trail with no repository beside it says it as the recap does (a new user's trial, use9:
    // 'repository: no repository' beside 'repository: none' of the beads project above it).
    const trail = capture();
    expect(await main(['check', '--quiet', join(real, '..', 'ChronoAIProject__NyxID')], trail)).toBe(0);
    expect(trail.results[1]).toBe('  9 rows, 0 invalid records, 1 flag (0 high, 0 medium, 1 low), 1 problem; repository: none (git checks inconclusive: no repository)');
    const example = capture();
    expect(await main(['check', '--quiet', join(EXAMPLE_CORPUS, 'coordination', 'clean')], example)).toBe(0);
    expect(example.results[1]).toMatch(/^ {2}15 coordination events, 5 babysit entries, 0 invalid records, 0 flags \(0 high, 0 medium, 0 low\), 0 problems; repository: /);
  });

  it('says when nothing was checked', async () => {
    const out = capture();
    expect(await main(['check', '--quiet', dir], out)).toBe(0);
    // The first line is the problem; the rest, on their own lines, say what to do.
    expect([out.errors[0], ...out.infos.slice(-5)]).toEqual([
      `No records found in ${dir}, so nothing was checked. A folder is a project when it holds one of these:`,
      '  decision trails: decisions.jsonl, decisions.tsv, .audit/<slug>.tsv',
      '  handover audit: audit.json',
      '  coordination: coordination.jsonl, .beads/, history.jsonl, timeline.jsonl, any .jsonl of coord.v1 events',
      '  design and verdicts: design/rubric.md, design/selection.md, design/candidates/<n>/design.md, qa/<ticket>.json, verdicts/qa.json, verdicts/<skill>.md, reviews/<name>.json, premises.jsonl',
      'To start: run `trailbook init` to write a trailbook.config.mjs that names the folders holding your records, or `trailbook build --example` to see an archive of the example that comes with Trailbook.',
    ]);
    // As a gate, checking nothing is an unusable invocation: a mistyped folder must not pass CI.
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'empty'), { recursive: true });
    for (const gate of [['--fail-on', 'high'], ['--fail-on-unverified'], ['--strict']]) expect(await main(['check', '--quiet', ...gate, join(dir, 'empty')], capture())).toBe(2);
  });

  it('every command has --help (exit 0), and a bad flag value names the fix (exit 2)', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      for (const command of ['build', 'check', 'dev']) expect(await main([command, '--help'], capture())).toBe(0);
      const text = write.mock.calls.map((c) => String(c[0])).join('');
      expect(text).toContain('Usage: trailbook dev [options] [DIR...]');
      expect(text).toContain('--config <file>');
      expect(text).toContain('--fail-on <severity>');
      // Said in a newcomer's words (use16: "Discover, parse and run the layer-1 audit without rendering"), and --strict as it is.
      const words = text.replace(/\s+/g, ' ');
      expect(words).toContain('Check the records without building the archive: print every flag with its record file and line, then the totals.');
      expect(words).toContain('exit 1 when a record is invalid, a flag is of high severity, or a folder of the inputs cannot be read');
    } finally {
      write.mockRestore();
    }
    const out = capture();
    expect(await main(['build', '--base', '/a b/', '--out', join(dir, 'o'), '--cache-dir', join(dir, 'c')], out)).toBe(2);
    expect(out.errors).toEqual(['--base /a b/ is not a usable base path']);
    expect(out.infos).toEqual(['  fix: pass a path of letters, digits and ._~- segments, e.g. --base /archive/']);
  });
});

describe('--fail-on-unverified', () => {
  it('counts QA criteria evidence too: a PASS resting on a command fails the gate', async () => {
    const root = join(dir, 'unverified-qa', 'q');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(root, 'qa'), { recursive: true });
    await writeFile(join(root, 'qa', 'T-1.json'), JSON.stringify({ version: 1, ticket: 'T-1', gate: 'qa', verdict: 'PASS', criteria: [{ id: 'AC-1', state: 'VERIFIED', level: 4, evidence: 'npm test' }] }));
    const out = capture();
    expect(await main(['check', '--quiet', '--fail-on-unverified', join(dir, 'unverified-qa')], out)).toBe(1);
    expect(out.errors).toEqual(['1 project with evidence that is not verified (--fail-on-unverified): q']);
    expect(await main(['check', '--quiet', '--fail-on', 'high', join(dir, 'unverified-qa')], capture())).toBe(0);
  });
});

describe('names and record text never start a line of their own (review: GitHub workflow-command injection)', () => {
  /** Runs the command with the real terminal writer; returns every line written to stdout and stderr. */
  async function printed(args: string[]): Promise<{ stdout: string[]; stderr: string[] }> {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await main(args);
      const lines = (spy: typeof out): string[] => spy.mock.calls.map((c) => String(c[0])).join('').split('\n').slice(0, -1);
      return { stdout: lines(out), stderr: lines(err) };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  it('prints a link named `x\\n::stop-commands::tok1` and a title holding `\\n::error …` escaped, in text and in --format github', async () => {
    const { mkdir, symlink } = await import('node:fs/promises');
    const root = join(dir, 'inject');
    await mkdir(join(root, 'proj'), { recursive: true });
    await writeFile(join(dir, 'outside.txt'), 'x\n');
    await symlink(join(dir, 'outside.txt'), join(root, 'proj', 'x\n::stop-commands::tok1'));
    await writeFile(join(root, 'proj', 'trailbook.json'), JSON.stringify({ title: 'T\n::error file=a,line=1::forged from title' }));
    await writeFile(join(root, 'proj', 'decisions.jsonl'), `${JSON.stringify({ id: '0b1d8c0e', ts: '2026-01-01T00:00:00Z', phase: 'start', actor: 'lead', decision: 'a\r\n::error file=x.ts,line=1::forged by row', why: 'w', evidence: 'trust me', result: 'verified' })}\n`);
    const text = await printed(['check', root]);
    const github = await printed(['check', '--format', 'github', root]);
    const all = [...text.stdout, ...text.stderr, ...github.stdout, ...github.stderr];
    // The only lines that start with `::` are Trailbook's own annotations.
    expect(all.filter((l) => l.trimStart().startsWith('::') && !/^::(error|warning|notice) file=/.test(l))).toEqual([]);
    expect(text.stderr).toContain(`  warning: ${join(root, 'proj')}/x\\n::stop-commands::tok1: symbolic link leads outside the input root; not followed`.replace(`${process.cwd()}/`, ''));
    expect(text.stdout.filter((l) => l.includes('forged from title'))).toEqual(['T\\n::error file=a,line=1::forged from title (proj)  inject/proj']);
    expect(github.stdout.filter((l) => l.includes('forged by row'))).toEqual([
      expect.stringMatching(/^::warning file=\S+decisions\.jsonl,line=1,title=Trailbook evidence\/prose \(medium\)::T%0A::error file=a,line=1::forged from title \(proj\): row [0-9a-f]{8} “a ::error file=x\.ts,line=1::forged by row” — trust me: evidence must be a pointer, not prose$/),
    ]);
  });
});

// use7: `trailbook dev --port 4321` with the port taken built the whole archive first (a
// minute on a large corpus) and only then said the port was in use.
describe('dev --port taken', () => {
  it('says the port is in use before building anything (exit 2)', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    const port = await new Promise<number>((done) => blocker.listen(0, '127.0.0.1', () => done((blocker.address() as { port: number }).port)));
    try {
      const records = join(dir, 'dev-records');
      const { mkdir } = await import('node:fs/promises');
      await mkdir(records, { recursive: true });
      await writeFile(join(records, 'decisions.jsonl'), '');
      const out = capture();
      expect(await main(['dev', records, '--port', String(port), '--cache-dir', join(dir, 'dev-cache')], out)).toBe(2);
      expect(out.errors).toEqual([`port ${port} on 127.0.0.1 is in use`]);
      expect(out.infos).toEqual([`  fix: pass another port, e.g. --port ${port + 1}, or --port 0 for any free port`]);
      expect(out.results).toEqual([]);
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });
});

// use7: dev passes the output folder it resolved on as --out, so an `out` of the configuration
// among the records was refused as "--out /abs/path", a flag the user never typed.
describe('dev with an out of the configuration among the records', () => {
  it('names the file and key, as build does (exit 2)', async () => {
    const { mkdir } = await import('node:fs/promises');
    const records = join(dir, 'dev-config-records');
    await mkdir(records, { recursive: true });
    await writeFile(join(records, 'decisions.jsonl'), '');
    const config = join(records, 'trailbook.config.json');
    await writeFile(config, JSON.stringify({ inputs: ['.'], out: 'site', cacheDir: join(dir, 'dev-config-cache') }));
    const out = capture();
    expect(await main(['dev', '--config', config, '--port', '0'], out)).toBe(2);
    expect(out.errors).toEqual([`${config}: out: site is inside the input folder ${records}; the archive would be read as input next time`]);
    expect(out.infos.at(-1)).toBe(`  fix: change out in ${config} to a folder of its own outside the records, e.g. ../trailbook-site`);
  });
});
