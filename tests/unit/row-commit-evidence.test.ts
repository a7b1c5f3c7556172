/**
 * Evidence as the row saw it, and a repository behind its trail (issue 26, items 1, 2, 3, 6 and
 * 7), each on a repository built here:
 * - the drifting file: a trail committed beside the code it cites; the cited function moves, a
 *   file is deleted, cited lines are deleted;
 * - the uncommitted newer trail: a project outside its repository, rows dated after the head;
 * - the ignored artifact: run output the repository's `.gitignore` keeps out of git;
 * - the tree id, a range with a ref end, a symbol cited by lines of its body, a range with two
 *   missing ends;
 * - the dangling commit: made with `git commit-tree`, reached by no branch, tag or reflog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { EvidencePointer, ProjectModel } from '../../src/lib/model/types.ts';
import { followLines } from '../../src/lib/evidence/line-follow.ts';
import { definitionAround } from '../../src/lib/evidence/definition-span.ts';
import { git } from '../history-fixtures.ts';
import { trailRow as row } from '../trail-fixtures.ts';

const s = (oid: string): string => oid.slice(0, 7);
/** The repository as reasons name it: its path from the input root's parent. */
const repoName = (): string => `${basename(dir)}/repo`;
const fn = (name: string, body: number): string[] => [`fn ${name}() {`, ...Array.from({ length: body }, (_, i) => `    step_${name}_${i + 1}();`), '}'];

let dir: string;
const models = new Map<string, ProjectModel>();
const sha: Record<string, string> = {};
/** `[raw, status, reason]` of each pointer of a project's rows, row by row. */
const verdicts = (project: string): string[][][] => (models.get(project)?.rows ?? []).map((r) => r.evidence.map((p) => [p.raw, p.status, p.reason]));
const pointer = (project: string, rowIndex: number, i = 0): EvidencePointer | undefined => models.get(project)?.rows[rowIndex]?.evidence[i];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-row-commit-'));

  // The drifting file: the trail is committed with the code.
  const drift = join(dir, 'drift');
  await mkdir(join(drift, 'src'), { recursive: true });
  await mkdir(join(drift, 'runs'));
  git(drift, ['init', '-q', '-b', 'main']);
  // v1: admit is lines 11–20 (8 body lines), tail 21–30.
  await writeFile(join(drift, 'src', 'admission.rs'), [...fn('open', 8), ...fn('admit', 8), ...fn('tail', 8)].join('\n') + '\n');
  await writeFile(join(drift, 'src', 'old.rs'), 'a\nb\nc\n');
  const trail = join(drift, 'runs', 'decisions.jsonl');
  await writeFile(trail, [row('2026-03-02T08:00:00Z', 'Admit in one place', 'src/admission.rs:11-20'), row('2026-03-02T08:01:00Z', 'Old helper', 'src/old.rs:2'), row('2026-03-02T08:02:00Z', 'Tail steps', 'src/admission.rs:23-25')].join('\n') + '\n');
  git(drift, ['add', '-A']);
  git(drift, ['commit', '-q', '-m', 'Admission, first cut'], '2026-03-02T08:05:00Z');
  sha['d1'] = git(drift, ['rev-parse', 'HEAD']).trim();
  // v2: eleven lines above admit (now 22–31); the tail's body lines 23–25 of v1 gone; old.rs deleted.
  await writeFile(join(drift, 'src', 'admission.rs'), [...fn('open', 8), ...fn('gate', 9), ...fn('admit', 8), '', 'fn tail() {', '    step_tail_7();', '    step_tail_8();', '}'].join('\n') + '\n');
  await rm(join(drift, 'src', 'old.rs'));
  await appendFile(trail, row('2026-03-02T09:00:00Z', 'Admit after the gate', 'src/admission.rs:22-31') + '\n');
  git(drift, ['add', '-A']);
  git(drift, ['commit', '-q', '-m', 'A gate before admission'], '2026-03-02T09:05:00Z');
  sha['d2'] = git(drift, ['rev-parse', 'HEAD']).trim();
  // Uncommitted, and dated after the head, in a committed trail: checked by today's rule.
  await appendFile(trail, row('2026-03-03T10:00:00Z', 'Split the gate', 'src/gate.rs:4') + '\n');

  // A second repository, and a project outside it whose trail is not committed.
  const repo = join(dir, 'repo');
  await mkdir(join(repo, 'src'), { recursive: true });
  git(repo, ['init', '-q', '-b', 'main']);
  await writeFile(join(repo, 'src', 'a.ts'), 'one\ntwo\nthree\n');
  await writeFile(join(repo, 'src', 'state.ts'), ['import x from "x";', '', 'export function parseItem(raw: string): Item {', '  const parts = raw.split(",");', '  if (parts.length < 2) {', '    return { bad: true };', '  }', '  return { name: parts[0] };', '}', '', 'export const other = 1;'].join('\n') + '\n');
  await writeFile(join(repo, '.gitignore'), 'artifacts/\n*.log\n!keep.log\n');
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Start'], '2026-03-01T09:00:00Z');
  sha['r1'] = git(repo, ['rev-parse', 'HEAD']).trim();
  await writeFile(join(repo, 'README.md'), '# repo\n');
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'Readme'], '2026-03-01T10:00:00Z');
  sha['r2'] = git(repo, ['rev-parse', 'HEAD']).trim();
  sha['srcTree'] = git(repo, ['rev-parse', 'HEAD:src']).trim();
  sha['rootTree'] = git(repo, ['rev-parse', 'HEAD^{tree}']).trim();
  sha['aBlob'] = git(repo, ['rev-parse', 'HEAD:src/a.ts']).trim();
  // A src tree of a work tree that was never committed (written with `git write-tree`-like `mktree`).
  sha['otherTree'] = execFileSync('git', ['mktree'], { cwd: repo, input: `100644 blob ${sha['aBlob']}\tb.ts\n`, encoding: 'utf8' }).trim();
  // A dangling commit: reached by no branch, tag or reflog.
  await writeFile(join(dir, 'results.txt'), 'ok 12 tests\n');
  const blob = git(repo, ['hash-object', '-w', join(dir, 'results.txt')]).trim();
  const tree = execFileSync('git', ['mktree'], { cwd: repo, input: `100644 blob ${blob}\ttest-results.txt\n`, encoding: 'utf8' }).trim();
  sha['dangling'] = git(repo, ['commit-tree', tree, '-m', 'Test results'], '2026-03-01T11:00:00Z').trim();

  const later = join(dir, 'later');
  await mkdir(later);
  await writeFile(join(later, 'trailbook.json'), JSON.stringify({ repo: '../repo' }));
  await writeFile(
    join(later, 'decisions.jsonl'),
    [
      row('2026-03-01T08:00:00Z', 'Before the head', 'src/missing-before.ts'),
      row('2026-03-09T08:00:00Z', 'After the head', 'src/later.ts, src/a.ts:99, abcdef1234567, src/a.ts:1'),
      row('2026-03-09T09:00:00Z', 'Also after', 'src/a.ts:2'),
    ].join('\n') + '\n',
  );

  const shapes = join(dir, 'shapes');
  await mkdir(shapes);
  await writeFile(join(shapes, 'trailbook.json'), JSON.stringify({ repo: '../repo' }));
  await writeFile(
    join(shapes, 'decisions.jsonl'),
    [
      row('2026-03-01T08:00:00Z', 'Run output', 'artifacts/run-12.json, build.log, keep.log'),
      // The real cell: `worktree src 83cc286 vs main 60d60f7`, where 60d60f7 is `main:src` and 83cc286 a tree at no commit of main.
      row('2026-03-01T08:01:00Z', 'Trees compared', `worktree src ${s(sha['otherTree'] as string)} vs main ${s(sha['srcTree'] as string)}`),
      row('2026-03-01T08:02:00Z', 'A tree alone', s(sha['srcTree'] as string)),
      row('2026-03-01T08:03:00Z', 'The root tree', `tree ${s(sha['rootTree'] as string)}`),
      row('2026-03-01T08:04:00Z', 'Since the start', `git log ${(sha['r1'] as string).slice(0, 8)}..HEAD`),
      row('2026-03-01T08:05:00Z', 'Parser body', 'src/state.ts:4-7 parseItem'),
      row('2026-03-01T08:06:00Z', 'Not in parser', 'src/state.ts:11 parseItem'),
      row('2026-03-01T08:07:00Z', 'Both ends missing', 'deadbee1..deadbee2'),
      row('2026-03-01T08:08:00Z', 'Results at a dangling commit', `test-results.txt:1 in ${s(sha['dangling'] as string)}`),
      row('2026-03-01T08:09:00Z', 'The dangling commit alone', s(sha['dangling'] as string)),
    ].join('\n') + '\n',
  );

  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void models.set(m.root.split('/').find((part) => ['drift', 'later', 'shapes'].includes(part)) as string, m) });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lines as the row saw them (issue 26, item 1)', () => {
  it('shows a path:line at the commit that recorded the row, and follows the lines to the head', () => {
    const [d1, d2] = [s(sha['d1'] as string), s(sha['d2'] as string)];
    expect(verdicts('drift')).toEqual([
      [['src/admission.rs:11-20', 'VERIFIED', `cited 11–20 at ${d1}; now 22–31 at the landed head ${d2}, as src/admission.rs changed since`]],
      [['src/old.rs:2', 'INCONCLUSIVE', `line 2 of src/old.rs was there at ${d1}, the commit that recorded this row; src/old.rs is not a file at the landed head ${d2} (deleted or moved since)`]],
      [['src/admission.rs:23-25', 'INCONCLUSIVE', `cited 23–25 at ${d1}, the commit that recorded this row; they were changed or deleted since: none is at the landed head ${d2}`]],
      // Recorded at the landed head itself: checked there, as before.
      [['src/admission.rs:22-31', 'VERIFIED', 'lines 22–31 of 36 exist at landed head']],
      // Not committed yet, but in a trail committed with its repository: today's rule (a missing path is a fault, never excused).
      [['src/gate.rs:4', 'NOT_VERIFIED', `src/gate.rs not found at landed head ${d2} nor in the project folder`]],
    ]);
  });

  it('links the pointer to the file at that commit, with the lines as cited', () => {
    expect(pointer('drift', 0)?.target).toEqual({ type: 'file', path: 'src/admission.rs', origin: 'repository', from: 11, to: 20, at: sha['d1'] });
    expect(pointer('drift', 3)?.target).toEqual({ type: 'file', path: 'src/admission.rs', origin: 'repository', from: 22, to: 31 });
    // The cited list names the file at each commit: a file page can show it at more than one.
    expect(models.get('drift')?.cited.files.map((f) => [f.path, f.at ?? 'head', f.ranges])).toEqual([
      ['src/admission.rs', 'head', [{ from: 22, to: 31 }]],
      ['src/admission.rs', sha['d1'], [{ from: 11, to: 20 }, { from: 23, to: 25 }]],
      ['src/old.rs', sha['d1'], [{ from: 2, to: 2 }]],
    ]);
  });

  it('raises no high flag for lines that moved or went since the row', () => {
    // Only the uncommitted row's missing file is flagged.
    expect(models.get('drift')?.flags.filter((f) => f.layer === 'evidence').map((f) => [f.kind, f.rows])).toEqual([['evidence/path-not-found', [models.get('drift')?.rows[4]?.id]]]);
  });

  it('follows lines with a line diff: kept lines move, changed or deleted ones are not followed', () => {
    expect(followLines('a\nb\nc\nd\n', 'x\na\nb\nd\n', [{ from: 1, to: 2 }, { from: 3, to: 3 }, { from: 2, to: 4 }])).toEqual([
      { then: { from: 1, to: 2 }, now: { from: 2, to: 3 }, kept: 2 },
      { then: { from: 3, to: 3 }, now: null, kept: 0 },
      { then: { from: 2, to: 4 }, now: { from: 3, to: 4 }, kept: 2 },
    ]);
  });
});

describe('following cited lines (property)', () => {
  it('a followed line is the same text at its new place, lines keep their order, and a range spans what it kept', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'fn x() {', '}', ''), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(text, text, fc.nat(39), fc.nat(10), (beforeLines, afterLines, start, length) => {
        const [before, after] = [beforeLines.join('\n'), afterLines.join('\n')];
        const lines = beforeLines.map((_, i) => ({ from: i + 1, to: i + 1 }));
        const each = followLines(before, after, lines);
        if (each === null) return false;
        let last = 0;
        for (const [i, m] of each.entries()) {
          if (m.now === null) continue;
          if (afterLines[m.now.from - 1] !== beforeLines[i] || m.now.from <= last) return false;
          last = m.now.from;
        }
        const from = (start % beforeLines.length) + 1;
        const to = Math.min(beforeLines.length, from + length);
        const [range] = followLines(before, after, [{ from, to }]) ?? [];
        const kept = each.slice(from - 1, to).filter((m) => m.now !== null);
        if (kept.length === 0) return range?.now === null && range.kept === 0;
        return range?.kept === kept.length && range.now?.from === kept[0]?.now?.from && range.now?.to === kept[kept.length - 1]?.now?.to;
      }),
    );
  });

  it('an unchanged file keeps every line where it was', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 30 }), (lines) => {
        const [moved] = followLines(lines.join('\n'), lines.join('\n'), [{ from: 1, to: lines.length }]) ?? [];
        return moved?.now?.from === 1 && moved.now.to === lines.length && moved.kept === lines.length;
      }),
    );
  });
});

describe('a repository older than its trail (issue 26, item 2)', () => {
  it('reads a missing path, line or commit of a row dated after the head as INCONCLUSIVE, saying why', () => {
    const head = s(sha['r2'] as string);
    const why = `the landed head ${head} (committed 2026-03-01T10:00:00Z) predates this row, which is not committed with the repository`;
    expect(verdicts('later')).toEqual([
      [['src/missing-before.ts', 'NOT_VERIFIED', `src/missing-before.ts not found at landed head ${head} nor in the project folder`]],
      [
        ['src/later.ts', 'INCONCLUSIVE', `src/later.ts not found at landed head ${head} nor in the project folder; ${why}`],
        ['src/a.ts:99', 'INCONCLUSIVE', `line 99 is past the end of src/a.ts (3 lines at landed head); ${why}`],
        ['abcdef1234567', 'INCONCLUSIVE', `no commit abcdef1234567 in ${repoName()}; ${why}`],
        ['src/a.ts:1', 'VERIFIED', 'line 1 of 3 exists at landed head'],
      ],
      [['src/a.ts:2', 'VERIFIED', 'line 2 of 3 exists at landed head']],
    ]);
  });

  it('counts the rows the head predates once, for the recap', () => {
    expect(models.get('later')?.headPredates).toEqual({ rows: 2, of: 3, head: sha['r2'], headTs: '2026-03-01T10:00:00Z' });
    // A trail committed with its repository is never older than it: its uncommitted rows keep today's rule.
    expect(models.get('drift')?.headPredates).toBeUndefined();
    // A row dated before the head keeps today's rule: its missing path is a high flag.
    expect(models.get('later')?.flags.filter((f) => f.layer === 'evidence').map((f) => [f.kind, f.severity, f.rows])).toEqual([['evidence/path-not-found', 'high', [models.get('later')?.rows[0]?.id]]]);
  });
});

describe('ignored paths (issue 26, item 3)', () => {
  it('are not kept in git: INCONCLUSIVE, with no flag; a path the rules re-include is still missing', () => {
    const head = s(sha['r2'] as string);
    expect(verdicts('shapes')[0]).toEqual([
      ['artifacts/run-12.json', 'INCONCLUSIVE', `artifacts/run-12.json is not kept in git (ignored by .gitignore at the landed head ${head}) and is not in the project folder`],
      ['build.log', 'INCONCLUSIVE', `build.log is not kept in git (ignored by .gitignore at the landed head ${head}) and is not in the project folder`],
      ['keep.log', 'NOT_VERIFIED', `keep.log not found at landed head ${head} nor in the project folder`],
    ]);
  });
});

describe('shapes of git evidence (issue 26, item 6)', () => {
  it('a tree id is VERIFIED as that tree when the row names what it is, else INCONCLUSIVE with a low notice', () => {
    const rows = verdicts('shapes');
    const [src, root, head] = [s(sha['srcTree'] as string), s(sha['rootTree'] as string), s(sha['r2'] as string)];
    const other = s(sha['otherTree'] as string);
    expect(rows[1]).toEqual([
      // The sentence is shown as a remark (issue 26, scope 5), its ids checked under it.
      [`worktree src ${other} vs main ${src}`, 'INCONCLUSIVE', "a remark beside the cell's evidence: shown as written, not checked"],
      // The work tree's own src tree: a tree, but not one the repository can place.
      [other, 'INCONCLUSIVE', `${other} is a tree in ${repoName()}, not a commit`],
      [src, 'VERIFIED', `tree ${src} is src/ at the landed head ${head}, as the row says`],
    ]);
    expect(rows[2]).toEqual([[src, 'INCONCLUSIVE', `${src} is a tree in ${repoName()}, not a commit`]]);
    expect(rows[3]).toEqual([[root, 'VERIFIED', `${root} is a tree in ${repoName()}, as the row says`]]);
    const notices = models.get('shapes')?.flags.filter((f) => f.kind === 'evidence/not-a-commit');
    expect(notices?.map((f) => [f.severity, f.summary])).toEqual([
      ['low', `row ${models.get('shapes')?.rows[1]?.id} “Trees compared” — ${other} is a tree in ${repoName()}, not a commit`],
      ['low', `row ${models.get('shapes')?.rows[2]?.id} “A tree alone” — ${src} is a tree in ${repoName()}, not a commit`],
    ]);
  });

  it('a range with a ref end resolves the ref', () => {
    const [r1, r2, r1x] = [s(sha['r1'] as string), s(sha['r2'] as string), (sha['r1'] as string).slice(0, 8)];
    expect(verdicts('shapes')[4]).toEqual([
      [`git log ${r1x}..HEAD`, 'INCONCLUSIVE', 'a command is not evidence of its result'],
      [`${r1x}..HEAD`, 'VERIFIED', `commits ${r1} and HEAD (${r2}) exist: “Start” … “Readme”`],
    ]);
  });

  it('a symbol is VERIFIED when the cited lines lie inside its definition, and not otherwise', () => {
    expect(verdicts('shapes')[5]).toEqual([['src/state.ts:4-7 parseItem', 'VERIFIED', 'lines 4–7 of src/state.ts lie inside the definition of “parseItem” (lines 3–9)']]);
    expect(verdicts('shapes')[6]).toEqual([['src/state.ts:11 parseItem', 'INCONCLUSIVE', 'name “parseItem” is not on line 11 of src/state.ts (first found at line 3)']]);
  });

  it('names both ends of a range when both are missing', () => {
    expect(verdicts('shapes')[7]).toEqual([['deadbee1..deadbee2', 'NOT_VERIFIED', `no commit deadbee1 or deadbee2 in ${repoName()}`]]);
  });

  it('finds definitions by braces and by indentation, and says no when unsure', () => {
    const ts = 'class A {\n  parseItem(raw) {\n    const x = "}";\n    return x;\n  }\n  other() {}\n}\n';
    expect(definitionAround(ts, 'parseItem', 3, 4)).toEqual({ from: 2, to: 5 });
    expect(definitionAround(ts, 'parseItem', 6, 6)).toBeNull();
    const py = 'def parse_item(raw):\n    parts = raw.split(",")\n\n    return parts\n\ndef other():\n    pass\n';
    expect(definitionAround(py, 'parse_item', 2, 4)).toEqual({ from: 1, to: 4 });
    expect(definitionAround(py, 'parse_item', 7, 7)).toBeNull();
  });
});

describe('landed means landed everywhere (issue 26, item 7)', () => {
  it('a path at a dangling commit gets the notice that commit gets alone, never a clean VERIFIED', () => {
    const [d, head] = [s(sha['dangling'] as string), s(sha['r2'] as string)];
    const why = `is not an ancestor of the landed head ${head} (an abandoned branch, or an original rewritten away by a squash or rebase)`;
    expect(verdicts('shapes')[8]).toEqual([[`test-results.txt:1 in ${d}`, 'VERIFIED', `line 1 of 1 exists at commit ${d}; commit ${d} ${why}`]]);
    expect(verdicts('shapes')[9]).toEqual([[d, 'VERIFIED', `commit ${d} exists: “Test results”; it ${why}`]]);
    const model = models.get('shapes') as ProjectModel;
    expect(model.flags.filter((f) => f.kind === 'evidence/commit-not-landed').map((f) => [f.severity, f.rows])).toEqual([
      ['low', [model.rows[8]?.id]],
      ['low', [model.rows[9]?.id]],
    ]);
  });
});
