/**
 * One treatment per kind of cell (issue 26, scopes 5 and 6; issue 27, scope 5), on a fixture
 * repository built here: each row's evidence is a real cell quoted by the issues (most from
 * romerma/mstack's `.mstack/decisions.tsv`), and the test asserts what a person sees — each
 * pointer's status and where it is shown — and the flags raised. Before: `console.log` was a
 * high missing path, the trail inside `git status (…)` a medium self-citation, `<cache>/src`
 * the absolute path `/src`, `so empty-string` and `decide --resolves, fanout` commands, the
 * brace path prose, and two parts of "p2a report; …; tsc clean" dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { EvidencePointer, ProjectModel } from '../../src/lib/model/types.ts';
import { readCellPointers } from '../../src/lib/evidence/cell-reading.ts';
import { git } from '../history-fixtures.ts';

const HEADER = 'ts\tphase\tdecision\twhy\tevidence\tresult';

/** Each row's evidence cell, in order (row n is on line n + 1). */
const CELLS = [
  // 1. A file named inside a sentence after a pointer that stands.
  'review finding 5; src/cli.ts pushed the forced line into changes, rendered by console.log alone',
  // 2. The trail and another file named inside a command's text.
  'git status (2 files: MEMORY.md, decisions.tsv)',
  // 3. A placeholder inside a command.
  'diff -rq src <cache>/src lists 10 differing files',
  // 4. Illustrative names in a quoted test description.
  "tests/roles.test.ts:3 'impl_x.md, re-impl_x.md must not match'",
  // 5. A path above the repository named in a description of a scratch repository.
  "from sub/: ls-files printed ../untracked-at-root.txt and hash-object answered 'could not open untracked-in-sub.txt'",
  // 6. A brace path: all three files exist.
  '.tool/progress/design_{candidate-a,candidate-b,judge}.md',
  // 7. A brace path with one expansion missing.
  '.tool/progress/design_{candidate-a,candidate-c}.md',
  // 8. A sentence is one item: no command cut out of it.
  'src/cli.ts:2 keeps any string, empty included; src/cli.ts:1 already treats "" as absent, so empty-string and absent already disagree across two files',
  // 9. Every part shown; the command makes the cell evidence, so the prose parts are remarks.
  'p2a report; 24/24 + 220/220 neighbor sweep; tsc clean',
  // 10. A cell of prose only.
  'agent reports all tests pass',
  // 11. A pointer that stands and fails: high, as before.
  'src/missing.ts',
  // 12. A commit named only inside a sentence, and it does not exist: low, and the cell holds nothing else.
  'landed as deadbee1 on main',
  // 13. References are one kind.
  'review r2 finding A; probe revF',
];

let dir: string;
let model: ProjectModel;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-cells-'));
  git(dir, ['init', '-q', '-b', 'main']);
  await mkdir(join(dir, 'src'), { recursive: true });
  await mkdir(join(dir, 'tests'), { recursive: true });
  await mkdir(join(dir, '.tool', 'progress'), { recursive: true });
  await writeFile(join(dir, 'README.md'), '# Example\n');
  await writeFile(join(dir, 'MEMORY.md'), '# Memory\n');
  await writeFile(join(dir, 'src', 'cli.ts'), 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n');
  await writeFile(join(dir, 'tests', 'roles.test.ts'), 'import { it } from "vitest";\n\nit("impl_x.md, re-impl_x.md must not match", () => {});\n');
  for (const name of ['candidate-a', 'candidate-b', 'judge']) await writeFile(join(dir, '.tool', 'progress', `design_${name}.md`), `# ${name}\n`);
  const rows = CELLS.map((cell, i) => [`2026-08-21T10:${String(i).padStart(2, '0')}:00Z`, 'implement', `Decision ${i + 1}`, `because ${i + 1}`, cell, 'done'].join('\t'));
  await writeFile(join(dir, 'decisions.tsv'), `${[HEADER, ...rows].join('\n')}\n`);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Fixture']);
  await analyseArchive({ roots: [dir], cacheDir: null, onModel: (m) => void (model = m) });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Row n's pointers as `[raw, kind, status, within?, mentionFault?]`. */
function shown(n: number): Array<Array<string | number>> {
  const row = model.rows.find((r) => r.line === n + 1);
  return (row?.evidence ?? []).map((p) => [p.raw, p.kind, p.status, ...(p.within !== undefined ? [p.within] : []), ...(p.mentionFault ? [p.mentionFault] : [])]);
}

/** The evidence flags of row n as `[kind, severity]`. */
function flagsOf(n: number): Array<[string, string]> {
  const row = model.rows.find((r) => r.line === n + 1);
  return model.flags.filter((f) => f.layer === 'evidence' && row !== undefined && f.rows.includes(row.id)).map((f) => [f.kind, f.severity]);
}

describe('a pointer only named inside a sentence or a command raises at most a low notice', () => {
  it('`console.log` in "rendered by console.log alone": shown under the pointer before it, low', () => {
    expect(shown(1)).toEqual([
      ['review finding 5', 'reference', 'INCONCLUSIVE'],
      ['src/cli.ts', 'path', 'VERIFIED'],
      ['console.log', 'path', 'INCONCLUSIVE', 1, 'evidence/path-not-found'],
    ]);
    const head = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
    expect(model.rows[0]?.evidence[2]?.reason).toBe(`named in the note of src/cli.ts, not cited on its own: console.log not found at landed head ${head} nor in the project folder`);
    expect(flagsOf(1)).toEqual([['evidence/mention-not-found', 'low']]);
  });

  it('the trail inside "git status (2 files: MEMORY.md, decisions.tsv)" is no self-citation and raises nothing', () => {
    expect(shown(2)).toEqual([
      ['git status (2 files: MEMORY.md, decisions.tsv)', 'command', 'INCONCLUSIVE'],
      ['MEMORY.md', 'path', 'VERIFIED', 0],
      ['decisions.tsv', 'path', 'INCONCLUSIVE', 0],
    ]);
    expect(model.rows[1]?.evidence[2]?.reason).toBe("named in a command's text: one of the project's own records, not cited as evidence");
    expect(flagsOf(2)).toEqual([]);
  });

  it('a placeholder `<cache>/src` is no absolute path `/src`', () => {
    expect(shown(3)).toEqual([['diff -rq src <cache>/src lists 10 differing files', 'command', 'INCONCLUSIVE']]);
  });

  it('illustrative names in a quoted test description are named, not cited', () => {
    expect(shown(4)).toEqual([
      ['tests/roles.test.ts:3', 'path', 'VERIFIED'],
      ['impl_x.md', 'path', 'INCONCLUSIVE', 0, 'evidence/path-not-found'],
      ['re-impl_x.md', 'path', 'INCONCLUSIVE', 0, 'evidence/path-not-found'],
    ]);
    expect(flagsOf(4)).toEqual([['evidence/mention-not-found', 'low']]);
  });

  it('`../untracked-at-root.txt` in a description of a scratch repository: low, not a high path outside the repository', () => {
    // Nothing in the cell resolves: it is prose (medium), with the names in it shown under it.
    expect(shown(5)).toEqual([
      ['from sub/: ls-files printed ../untracked-at-root.txt and hash-object answered \'could not open untracked-in-sub.txt\'', 'prose', 'NOT_VERIFIED'],
      ['sub/', 'path', 'INCONCLUSIVE', 0, 'evidence/path-not-found'],
      ['../untracked-at-root.txt', 'path', 'INCONCLUSIVE', 0, 'evidence/path-outside-repository'],
      ['untracked-in-sub.txt', 'path', 'INCONCLUSIVE', 0, 'evidence/path-not-found'],
    ]);
    expect(flagsOf(5)).toEqual([
      ['evidence/prose', 'medium'],
      ['evidence/mention-not-found', 'low'],
    ]);
  });
});

describe('brace paths name every expansion (issue 26, scope 6)', () => {
  it('three files that exist are three VERIFIED pointers', () => {
    expect(shown(6)).toEqual([
      ['.tool/progress/design_candidate-a.md', 'path', 'VERIFIED'],
      ['.tool/progress/design_candidate-b.md', 'path', 'VERIFIED'],
      ['.tool/progress/design_judge.md', 'path', 'VERIFIED'],
    ]);
  });

  it('one missing expansion is a missing path, high', () => {
    expect(shown(7)).toEqual([
      ['.tool/progress/design_candidate-a.md', 'path', 'VERIFIED'],
      ['.tool/progress/design_candidate-c.md', 'path', 'NOT_VERIFIED'],
    ]);
    expect(flagsOf(7)).toEqual([['evidence/path-not-found', 'high']]);
  });
});

describe('a sentence is one item, every part is shown, and a cell of prose alone is flagged', () => {
  it('"…, so empty-string and absent already disagree" stays in the note of the pointer it follows', () => {
    expect(shown(8)).toEqual([
      ['src/cli.ts:2', 'path', 'VERIFIED'],
      ['src/cli.ts:1', 'path', 'VERIFIED'],
    ]);
    expect(model.rows[7]?.evidence[1]?.note).toBe('already treats "" as absent, so empty-string and absent already disagree across two files');
    expect(flagsOf(8)).toEqual([]);
  });

  it('"p2a report; 24/24 + 220/220 neighbor sweep; tsc clean": all three parts shown, the prose ones as remarks', () => {
    expect(shown(9)).toEqual([
      ['p2a report', 'prose', 'INCONCLUSIVE'],
      ['24/24 + 220/220 neighbor sweep', 'prose', 'INCONCLUSIVE'],
      ['tsc clean', 'command', 'INCONCLUSIVE'],
    ]);
    expect(flagsOf(9)).toEqual([]);
  });

  it('"agent reports all tests pass" is prose, medium', () => {
    expect(shown(10)).toEqual([['agent reports all tests pass', 'prose', 'NOT_VERIFIED']]);
    expect(flagsOf(10)).toEqual([['evidence/prose', 'medium']]);
  });

  it('a pointer standing as the cell that fails is high, as before', () => {
    expect(shown(11)).toEqual([['src/missing.ts', 'path', 'NOT_VERIFIED']]);
    expect(flagsOf(11)).toEqual([['evidence/path-not-found', 'high']]);
  });

  it('a made-up commit named only in a sentence: a low notice, and the sentence is prose (nothing else in the cell resolves)', () => {
    expect(shown(12)).toEqual([
      ['landed as deadbee1 on main', 'prose', 'NOT_VERIFIED'],
      ['deadbee1', 'commit', 'INCONCLUSIVE', 0, 'evidence/commit-not-found'],
    ]);
    expect(flagsOf(12)).toEqual([
      ['evidence/prose', 'medium'],
      ['evidence/mention-not-found', 'low'],
    ]);
  });

  it('references are one kind: `review r2 finding A`, `probe revF`', () => {
    expect(shown(13)).toEqual([
      ['review r2 finding A', 'reference', 'INCONCLUSIVE'],
      ['probe revF', 'reference', 'INCONCLUSIVE'],
    ]);
  });
});

describe('readCellPointers on its own', () => {
  it('keeps an unsafe URL named in a sentence NOT_VERIFIED (never a pointer, named or not), and leaves its input untouched', () => {
    const pointers = [
      { raw: 'clicked javascript:alert(1) here', kind: 'prose', status: 'NOT_VERIFIED', reason: 'evidence must be a pointer, not prose', fault: 'evidence/prose' },
      { raw: 'javascript:alert(1)', kind: 'url', status: 'NOT_VERIFIED', reason: 'a javascript: URL is never evidence', fault: 'evidence/unsafe-url', within: 0 },
    ] as const satisfies readonly EvidencePointer[];
    const copy = structuredClone(pointers);
    expect(readCellPointers(pointers)).toEqual(pointers);
    expect(pointers).toEqual(copy);
  });
});
