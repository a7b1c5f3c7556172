/**
 * The trail's own git history (issue 15; decision trail, Part 1, "Append-only"): line history
 * rule by rule, then the whole pipeline on generated repositories — a trail edited, shortened
 * and given a row inserted above older ones raises exactly those three flags on those rows;
 * its append-only twin raises none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { LineHistory, splitRecordLines, type CommitRef } from '../../src/lib/trail/line-history.ts';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { bbsRow, bbsRowId, git, makeTrailRepository, type TrailRepository } from '../history-fixtures.ts';
import { computeRowId } from '../../src/lib/adapters/parsed-row.ts';

const c = (n: number): CommitRef => ({ oid: String(n).repeat(40), subject: `commit ${n}` });
const keyOf = (line: string): string | null => /^(\w+)=/.exec(line)?.[1] ?? null;

function follow(versions: Array<{ commit: CommitRef | null; lines: string[] }>, appendOnly = true) {
  const [first, ...rest] = versions;
  const h = new LineHistory({ commit: first?.commit as CommitRef, lines: first?.lines ?? [] }, { key: keyOf, appendOnly });
  for (const v of rest) h.next(v);
  return h.changes();
}

describe('line history', () => {
  it('finds nothing in appends, including uncommitted ones', () => {
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2'] }, { commit: c(2), lines: ['a=1', 'b=2', 'c=3'] }, { commit: null, lines: ['a=1', 'b=2', 'c=3', 'd=4'] }])).toEqual([]);
  });

  it('reports a rewrite with the text first committed, and the commit that changed it', () => {
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2', 'c=3'] }, { commit: c(2), lines: ['a=1', 'b=two', 'c=3'] }, { commit: c(3), lines: ['a=1', 'b=TWO', 'c=3', 'd=4'] }])).toEqual([
      { type: 'rewritten', line: 2, earlier: 'b=2', committedIn: c(1), changedIn: c(3) },
    ]);
  });

  it('does not report a rewrite that was undone', () => {
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2'] }, { commit: c(2), lines: ['a=1', 'b=x'] }, { commit: c(3), lines: ['a=1', 'b=2'] }])).toEqual([]);
  });

  it('reports a deletion where the row stood, and a deletion at the end', () => {
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2', 'c=3'] }, { commit: c(2), lines: ['a=1', 'c=3'] }])).toEqual([
      { type: 'deleted', earlier: 'b=2', earlierLine: 2, committedIn: c(1), deletedIn: c(2), before: 2 },
    ]);
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2'] }, { commit: null, lines: ['a=1'] }])).toEqual([
      { type: 'deleted', earlier: 'b=2', earlierLine: 2, committedIn: c(1), deletedIn: null, before: null },
    ]);
  });

  it('tells a row replaced by another (different keys) from a rewrite', () => {
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2', 'c=3'] }, { commit: c(2), lines: ['a=1', 'x=9', 'c=3'] }])).toEqual([
      { type: 'inserted', line: 2, insertedIn: c(2), above: c(1) },
      { type: 'deleted', earlier: 'b=2', earlierLine: 2, committedIn: c(1), deletedIn: c(2), before: 3 },
    ]);
  });

  it('reports an insertion above older rows, uncommitted too, but not one at the end', () => {
    expect(follow([{ commit: c(1), lines: ['a=1', 'b=2'] }, { commit: null, lines: ['a=1', 'x=9', 'b=2', 'y=8'] }])).toEqual([{ type: 'inserted', line: 2, insertedIn: null, above: c(1) }]);
  });

  it('holds documents only to their committed lines: additions anywhere are fine', () => {
    expect(follow([{ commit: c(1), lines: ['{', '"a": 1', '}'] }, { commit: c(2), lines: ['{', '"a": 1,', '"b": 2', '}'] }], false)).toEqual([
      { type: 'rewritten', line: 2, earlier: '"a": 1', committedIn: c(1), changedIn: c(2) },
    ]);
    expect(follow([{ commit: c(1), lines: ['# Pick', 'A'] }, { commit: c(2), lines: ['# Pick', 'Note', 'A'] }], false)).toEqual([]);
  });

  it('splits lines as readers number them', () => {
    expect(splitRecordLines('\ufeffa\r\nb\n')).toEqual(['a', 'b']);
    expect(splitRecordLines('')).toEqual([]);
    expect(splitRecordLines('a\n\nb')).toEqual(['a', '', 'b']);
  });

  it('never reports anything for any sequence of appends (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ maxLength: 6 }), { maxLength: 5 }), { minLength: 1, maxLength: 6 }), (chunks) => {
        let lines: string[] = [];
        const versions = chunks.map((chunk, i) => {
          lines = [...lines, ...chunk.map((t, j) => `k${i}_${j}=${t}`)];
          return { commit: c(i + 1), lines };
        });
        return follow(versions).length === 0;
      }),
    );
  });

  it('reports each removed committed line exactly once, whatever else changed (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (ids, keep) => {
        const first = ids.map((n) => `r${n}=v`);
        const kept = first.filter((_, i) => keep[i]);
        const changes = follow([{ commit: c(1), lines: first }, { commit: c(2), lines: kept }]);
        return changes.filter((x) => x.type === 'deleted').length === first.length - kept.length && changes.every((x) => x.type === 'deleted');
      }),
    );
  });
});

describe('a committed trail in its repository', () => {
  let dir: string;
  let tampered: TrailRepository;
  let honest: TrailRepository;
  const models = new Map<string, ProjectModel>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-history-'));
    tampered = await makeTrailRepository(join(dir, 'tampered'), true);
    honest = await makeTrailRepository(join(dir, 'honest'), false);
    for (const root of [tampered.dir, honest.dir]) {
      await analyseArchive({ roots: [root], cacheDir: null, onModel: (m) => void models.set(root, m) });
    }
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const historyFlags = (root: string) => (models.get(root) as ProjectModel).flags.filter((f) => f.layer === 'history');

  it('raises exactly the three flags of an edited, shortened and inserted-into trail, on those rows', () => {
    const model = models.get(tampered.dir) as ProjectModel;
    const flags = historyFlags(tampered.dir);
    const [c1, c2, c3, c4] = tampered.commits.map((s) => s.slice(0, 7));
    expect(flags.map((f) => ({ kind: f.kind, severity: f.severity, rows: f.rows, at: f.at }))).toEqual([
      { kind: 'history/row-rewritten', severity: 'high', rows: [bbsRowId(2)], at: [{ file: 'decisions.jsonl', line: 2 }] },
      { kind: 'history/row-deleted', severity: 'high', rows: [bbsRowId(4)], at: [] },
      { kind: 'history/row-inserted', severity: 'medium', rows: [bbsRowId(8, 'A row slipped in above older ones')], at: [{ file: 'decisions.jsonl', line: 5 }] },
    ]);
    expect(flags[0]?.summary).toBe(`row ${bbsRowId(2)} “Decision number 2, said better” was rewritten after it was committed: committed in ${c1} “Start the trail”, changed in ${c3} “Reword row 2”`);
    expect(flags[0]?.earlierText).toBe(bbsRow(2));
    expect(flags[1]?.summary).toBe(`row ${bbsRowId(4)} (line 4 when committed in ${c1} “Start the trail”) was deleted in ${c4} “Drop row 4”; it stood above row ${bbsRowId(5)}`);
    expect(flags[1]?.earlierText).toBe(bbsRow(4));
    expect(flags[2]?.summary).toBe(`row ${bbsRowId(8, 'A row slipped in above older ones')} “A row slipped in above older ones” was inserted in the uncommitted work tree above rows committed earlier (the row below it was committed in ${c2} “Log rows 6 and 7”)`);
    // The rows carry their own flags.
    expect(model.rows.find((r) => r.line === 2)?.decision).toBe('Decision number 2, said better');
  });

  it('raises nothing for the append-only twin (an uncommitted append included)', () => {
    expect(historyFlags(honest.dir)).toEqual([]);
    expect((models.get(honest.dir) as ProjectModel).rows).toHaveLength(9);
  });

  it('reads the same from a packed repository, whose versions are deltas', async () => {
    for (const [name, tamperedRepo] of [['packed-tampered', true], ['packed-honest', false]] as const) {
      const repo = await makeTrailRepository(join(dir, name), tamperedRepo);
      git(repo.dir, ['gc', '-q', '--aggressive']);
      let model: ProjectModel | undefined;
      await analyseArchive({ roots: [repo.dir], cacheDir: null, onModel: (m) => void (model = m) });
      const kinds = model?.flags.filter((f) => f.layer === 'history').map((f) => f.kind);
      expect(kinds, name).toEqual(tamperedRepo ? ['history/row-rewritten', 'history/row-deleted', 'history/row-inserted'] : []);
    }
  });

  it('catches a committed last row without a line break that was extended later', async () => {
    const repo = join(dir, 'extended');
    await makeTrailRepository(repo, false);
    const path = join(repo, 'runs', 'ticket-1', 'decisions.jsonl');
    await writeFile(path, `${bbsRow(1)}\n${bbsRow(2)}`);
    git(repo, ['commit', '-q', '-am', 'No final line break']);
    await writeFile(path, `${bbsRow(1)}\n${bbsRow(2).slice(0, -1)},"note":"x"}\n`);
    let model: ProjectModel | undefined;
    await analyseArchive({ roots: [repo], cacheDir: null, onModel: (m) => void (model = m) });
    expect(model?.flags.filter((f) => f.layer === 'history').map((f) => [f.kind, f.at])).toEqual([
      ['history/row-rewritten', [{ file: 'decisions.jsonl', line: 2 }]],
      // Rows 3 to 8 of the earlier commits are gone too (row 9 was never committed).
      ...[3, 4, 5, 6, 7, 8].map(() => ['history/row-deleted', []]),
    ]);
  });

  it('raises nothing for a trail that was never committed', async () => {
    const loose = join(dir, 'loose');
    const repo = await makeTrailRepository(loose, false);
    git(repo.dir, ['rm', '-q', '--cached', repo.trail]);
    git(repo.dir, ['commit', '-q', '-m', 'Untrack the trail']);
    await writeFile(join(repo.dir, repo.trail), `${bbsRow(2)}\n`);
    let model: ProjectModel | undefined;
    await analyseArchive({ roots: [repo.dir], cacheDir: null, onModel: (m) => void (model = m) });
    // Untracked now: its committed history ends at a commit where it is gone.
    expect(model?.flags.filter((f) => f.layer === 'history')).toEqual([]);
  });

  it('holds a pstack trail to the same rules, and audit.json, verdicts and selection.md to their committed lines', async () => {
    const repo = join(dir, 'documents');
    const run = join(repo, 'runs', 'ticket-2');
    await mkdir(join(run, 'design'), { recursive: true });
    await mkdir(join(run, 'verdicts'), { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    const header = 'ts\tphase\tdecision\twhy\tevidence\tresult';
    const tsvRow = (n: number, decision = `Step ${n}`): string => `2026-03-02T10:0${n}:00Z\tbuild\t${decision}\tbecause ${n}\tREADME.md\tverified`;
    const audit = (status: string): string => `{\n  "version": 1,\n  "at": "2026-03-02T18:00:00Z",\n  "status": "${status}",\n  "reason": "handover checked"\n}\n`;
    const selection = '# Selection\n\nPicked candidate 1: it keeps the size check first.\n';
    const verdict = '# QA verdict\n\nStatus: PASS\n';
    await writeFile(join(repo, 'README.md'), '# Example\n');
    await writeFile(join(run, 'decisions.tsv'), `${[header, tsvRow(1), tsvRow(2), tsvRow(3)].join('\n')}\n`);
    await writeFile(join(run, 'audit.json'), audit('not-run'));
    await writeFile(join(run, 'design', 'selection.md'), selection);
    await writeFile(join(run, 'verdicts', 'qa.md'), verdict);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Records of ticket 2']);
    const first = git(repo, ['rev-parse', 'HEAD']).trim().slice(0, 7);
    // Committed: row 2's decision reworded, the audit's status changed, the selection and the verdict only grown.
    await writeFile(join(run, 'decisions.tsv'), `${[header, tsvRow(1), tsvRow(2, 'Step 2, reworded'), tsvRow(3), tsvRow(4)].join('\n')}\n`);
    await writeFile(join(run, 'audit.json'), audit('passed'));
    await writeFile(join(run, 'design', 'selection.md'), `${selection}\nGrafted: the error messages of candidate 2.\n`);
    await writeFile(join(run, 'verdicts', 'qa.md'), `# QA verdict\n\nChecked by the second reviewer.\n${verdict.slice('# QA verdict\n\n'.length)}`);
    git(repo, ['commit', '-q', '-am', 'Tidy the records']);
    const second = git(repo, ['rev-parse', 'HEAD']).trim().slice(0, 7);
    let model: ProjectModel | undefined;
    await analyseArchive({ roots: [repo], cacheDir: null, onModel: (m) => void (model = m) });
    const rewordedId = computeRowId('2026-03-02T10:02:00Z', '', 'Step 2, reworded');
    expect(model?.flags.filter((f) => f.layer === 'history').map((f) => ({ kind: f.kind, severity: f.severity, rows: f.rows, summary: f.summary, earlierText: f.earlierText }))).toEqual([
      {
        kind: 'history/row-rewritten',
        severity: 'high',
        rows: [rewordedId],
        summary: `row ${rewordedId} “Step 2, reworded” was rewritten after it was committed: committed in ${first} “Records of ticket 2”, changed in ${second} “Tidy the records”`,
        earlierText: tsvRow(2),
      },
      {
        kind: 'history/record-rewritten',
        severity: 'high',
        rows: [],
        summary: `audit.json was changed after it was committed: 1 committed line changed (line 4); committed in ${first} “Records of ticket 2”, changed in ${second} “Tidy the records”`,
        earlierText: 'line 4:   "status": "not-run",',
      },
    ]);
  });
});


describe('history across merges (issue 26, item 8)', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-history-merge-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A repository whose trail `runs/decisions.jsonl` is written on branch `feature` and merged into main with `--no-ff`. */
  async function mergedRepository(name: string, onMainFirst: boolean): Promise<{ repo: string; sha: Record<string, string> }> {
    const repo = join(dir, name);
    await mkdir(join(repo, 'runs'), { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    const sha: Record<string, string> = {};
    const commit = (key: string, message: string, minute: number): void => {
      git(repo, ['add', '-A']);
      git(repo, ['commit', '-q', '-m', message], `2026-03-02T10:${String(minute).padStart(2, '0')}:00Z`);
      sha[key] = git(repo, ['rev-parse', 'HEAD']).trim();
    };
    const trail = join(repo, 'runs', 'decisions.jsonl');
    await writeFile(join(repo, 'README.md'), '# merged\n');
    if (onMainFirst) await writeFile(trail, [1, 2, 3].map((n) => `${bbsRow(n)}\n`).join(''));
    commit('start', 'Start', 1);
    git(repo, ['checkout', '-q', '-b', 'feature']);
    if (!onMainFirst) {
      await writeFile(trail, [1, 2, 3].map((n) => `${bbsRow(n)}\n`).join(''));
      commit('rows', 'Rows 1 to 3', 2);
    }
    // On the branch: rows 1 and 2 reworded (id and time kept), then row 4 appended.
    const reworded = (n: number): string => JSON.stringify({ ...(JSON.parse(bbsRow(n)) as Record<string, string>), decision: `Decision number ${n}, said better` });
    await writeFile(trail, [reworded(1), reworded(2), bbsRow(3)].map((r) => `${r}\n`).join(''));
    commit('reword', 'Reword rows 1 and 2', 3);
    await writeFile(trail, [reworded(1), reworded(2), bbsRow(3), bbsRow(4)].map((r) => `${r}\n`).join(''));
    commit('append', 'Row 4', 4);
    git(repo, ['checkout', '-q', 'main']);
    await writeFile(join(repo, 'NOTES.md'), 'elsewhere\n');
    commit('main', 'Notes on main', 5);
    git(repo, ['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature'], '2026-03-02T10:06:00Z');
    sha['merge'] = git(repo, ['rev-parse', 'HEAD']).trim();
    git(repo, ['branch', '-q', '-D', 'feature']);
    return { repo, sha };
  }

  const historyFlags = async (repo: string): Promise<Array<[string, string]>> => {
    let model: ProjectModel | undefined;
    await analyseArchive({ roots: [repo], cacheDir: null, onModel: (m) => void (model = m) });
    return (model?.flags ?? []).filter((f) => f.layer === 'history').map((f) => [f.kind, f.summary]);
  };

  it('keeps a rewrite made on a merged branch flagged, named by the branch commit, when the trail was born on that branch', async () => {
    const { repo, sha } = await mergedRepository('born-on-branch', false);
    const [rows, reword] = [(sha['rows'] as string).slice(0, 7), (sha['reword'] as string).slice(0, 7)];
    expect(await historyFlags(repo)).toEqual([1, 2].map((n) => ['history/row-rewritten', `row ${bbsRowId(n)} “Decision number ${n}, said better” was rewritten after it was committed: committed in ${rows} “Rows 1 to 3”, changed in ${reword} “Reword rows 1 and 2”`]));
  });

  it('names the branch commit, not the merge, when the trail was on main before the branch', async () => {
    const { repo, sha } = await mergedRepository('on-main-first', true);
    const [start, reword] = [(sha['start'] as string).slice(0, 7), (sha['reword'] as string).slice(0, 7)];
    expect(await historyFlags(repo)).toEqual([1, 2].map((n) => ['history/row-rewritten', `row ${bbsRowId(n)} “Decision number ${n}, said better” was rewritten after it was committed: committed in ${start} “Start”, changed in ${reword} “Reword rows 1 and 2”`]));
  });

  it('raises nothing when a branch only appended rows and a merge put them beside rows of main', async () => {
    const repo = join(dir, 'appends');
    await mkdir(join(repo, 'runs'), { recursive: true });
    git(repo, ['init', '-q', '-b', 'main']);
    const trail = join(repo, 'runs', 'decisions.jsonl');
    await writeFile(trail, [1, 2].map((n) => `${bbsRow(n)}\n`).join(''));
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Rows 1 and 2']);
    git(repo, ['checkout', '-q', '-b', 'feature']);
    await writeFile(join(repo, 'runs', 'other.md'), 'x\n');
    await writeFile(trail, [1, 2, 4].map((n) => `${bbsRow(n)}\n`).join(''));
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Row 4 on the branch'], '2026-03-02T09:10:00Z');
    git(repo, ['checkout', '-q', 'main']);
    await writeFile(trail, [1, 2, 3].map((n) => `${bbsRow(n)}\n`).join(''));
    git(repo, ['commit', '-q', '-am', 'Row 3 on main'], '2026-03-02T09:20:00Z');
    // The merge resolves the two appends by keeping both, main's first.
    // Both appended at the end: git stops on the conflict (exit 1), left for the merge commit below to resolve.
    try {
      git(repo, ['merge', '-q', '--no-ff', '--no-commit', 'feature'], '2026-03-02T09:30:00Z');
    } catch {
      /* the conflict */
    }
    await writeFile(trail, [1, 2, 3, 4].map((n) => `${bbsRow(n)}\n`).join(''));
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Merge feature'], '2026-03-02T09:30:00Z');
    expect(await historyFlags(repo)).toEqual([]);
  });
});
