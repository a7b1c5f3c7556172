/**
 * The design arena (quality-and-design-controls.md, section 2; spec/input.md section 5): the
 * adapters in src/lib/arena/ and every `arena/*` check, on hand-written documents, with the
 * exact data and flags a user sees.
 */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArenaModel, ArenaSelection } from '../../src/lib/model/arena.ts';
import type { InvalidRecord, TrailRow } from '../../src/lib/model/types.ts';
import type { TrailCheckInput } from '../../src/lib/checks/check.ts';
import { candidateLabel, labelOf, mentionedLabel } from '../../src/lib/arena/labels.ts';
import { criterionColumn, criterionName, parseRubric } from '../../src/lib/arena/rubric.ts';
import { criterionKey, namesCriterion, scoresOffRubric } from '../../src/lib/checks/arena/scores-off-rubric.ts';
import { normaliseShape, parseCandidate } from '../../src/lib/arena/candidate.ts';
import { parseScoreCell } from '../../src/lib/arena/score-cell.ts';
import { leadingLabel, parseSelection, sectionRole } from '../../src/lib/arena/selection.ts';
import { arenaFileRole, readArena } from '../../src/lib/arena/read-arena.ts';
import { scoreChartLayout } from '../../src/lib/arena/score-chart.ts';
import { countRubricCriteria } from '../../src/lib/arena/rubric-criteria.ts';
import { rubricSize } from '../../src/lib/checks/arena/rubric-size.ts';
import { rubricWeights } from '../../src/lib/checks/arena/rubric-weights.ts';
import { noShapeSection } from '../../src/lib/checks/arena/no-shape-section.ts';
import { identicalShapes } from '../../src/lib/checks/arena/identical-shapes.ts';
import { scoreWithoutSection } from '../../src/lib/checks/arena/score-without-section.ts';
import { citedSections, citesHeading, scoreCitesMissingSection } from '../../src/lib/checks/arena/score-cites-missing-section.ts';
import { unreadableScore } from '../../src/lib/checks/arena/unreadable-score.ts';
import { noPick } from '../../src/lib/checks/arena/no-pick.ts';
import { pickNotTopScorer } from '../../src/lib/checks/arena/pick-not-top-scorer.ts';
import { pickUnknownCandidate } from '../../src/lib/checks/arena/pick-unknown-candidate.ts';
import { graftWithoutSource } from '../../src/lib/checks/arena/graft-without-source.ts';
import { noSingleFamilyNote } from '../../src/lib/checks/arena/no-single-family-note.ts';
import { pickWithoutTrailRow } from '../../src/lib/checks/arena/pick-without-trail-row.ts';
import { invalidFrontMatter } from '../../src/lib/checks/arena/invalid-front-matter.ts';
import { qualityRecordOf } from '../../src/lib/discover/quality-files.ts';

const RUBRIC = ['# Rubric', '', '1. **Size cap first** — checked before JSON parsing.', '2. **Line numbers**: errors name the line.', '3) Memory — flat for any size.', ''].join('\n');
const shapeDoc = (shape: string, title = '# Candidate'): string => [title, '', '## Shape', '', shape, '', '## Interface', '', 'x', '## Data flow', 'y', ''].join('\n');
const A = parseCandidate(shapeDoc('Two passes: read all, then validate.'), 'design/candidates/1/design.md', '1');
const B = parseCandidate(shapeDoc('One pass: stream and validate.'), 'design/candidates/2/design.md', '2');

const SELECTION = [
  '---',
  'pick: B',
  'candidates: [A, B]',
  'judge: single-family',
  'grafts:',
  '  - from: A',
  '    part: "the schema function"',
  'collapsed: false',
  'resends: 0',
  '---',
  '# Selection',
  '',
  'The judge is single-family.',
  '',
  '## Scores',
  '',
  '| criterion | Candidate A | **B** |',
  '|---|---|---|',
  '| Size cap first | 4 (§ Data flow) | 5 (§ Shape) |',
  '| Line numbers | 4 (§ Interface) | 4/5 (§Shape, §Interface) |',
  '| Total | 8 | 9 |',
  '',
  '## Pick',
  '',
  'B. It scores highest.',
  '',
  '## Dropped',
  '',
  '- A: holds the whole file.',
  '',
].join('\n');

function arenaOf(parts: Partial<ArenaModel>): ArenaModel {
  return { rubric: parseRubric(RUBRIC, 'design/rubric.md'), candidates: [A, B], selection: parseSelection(SELECTION, 'design/selection.md', ['A', 'B']).selection, pickRows: [{ id: 'abcd1234', anchor: 'row-abcd1234' }], skipped: [], ...parts };
}
const input = (arena: ArenaModel | null, invalid: InvalidRecord[] = []): TrailCheckInput => ({ rows: [], invalid, warnings: [], audit: { present: false }, reviewFlags: [], arena });
const selectionOf = (text: string, labels = ['A', 'B']): ArenaSelection => parseSelection(text, 'design/selection.md', labels).selection;
const flagsOf = (check: { run(i: TrailCheckInput): Array<{ kind: string; severity: string; summary: string; at: unknown }> }, arena: ArenaModel | null, invalid: InvalidRecord[] = []) =>
  check.run(input(arena, invalid)).map((f) => ({ kind: f.kind, severity: f.severity, summary: f.summary, at: f.at }));

describe('labels', () => {
  it('maps candidate folders to blind labels', () => {
    expect(['1', '02', '26', '27', 'b', 'C', 'candidate-2', 'cand_c', 'alpha'].map(candidateLabel)).toEqual(['A', 'B', 'Z', '27', 'B', 'C', 'B', 'C', 'alpha']);
    expect(['Candidate A', '**B**', 'cand. c', '`D`'].map(labelOf)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('finds the first label a text names as a whole word', () => {
    expect(mentionedLabel('We pick candidate B over A', ['A', 'B'])).toBe('B');
    expect(mentionedLabel('**A** wins', ['A', 'B'])).toBe('A');
    expect(mentionedLabel('Because of Bytes', ['A', 'B'])).toBe(null);
  });
});

describe('rubric', () => {
  it('reads numbered criteria with names, lines and anchors', () => {
    const r = parseRubric(RUBRIC, 'design/rubric.md');
    expect(r.form).toBe('numbered list');
    expect(r.criteria).toEqual([
      { n: 1, text: 'Size cap first — checked before JSON parsing.', name: 'Size cap first', line: 3, anchor: 'arena-criterion-1' },
      { n: 2, text: 'Line numbers: errors name the line.', name: 'Line numbers', line: 4, anchor: 'arena-criterion-2' },
      { n: 3, text: 'Memory — flat for any size.', name: 'Memory', line: 5, anchor: 'arena-criterion-3' },
    ]);
    expect(r.criteria.map((c) => c.text)).toEqual(countRubricCriteria(RUBRIC));
  });

  it('reads a table rubric from its body rows, like rubric#n evidence does', () => {
    const text = '| criterion | how |\n|---|---|\n| Quiet stdout | Interface |\n| Exit codes | Errors |\n';
    const r = parseRubric(text, 'design/rubric.md');
    expect([r.form, r.criteria.map((c) => [c.n, c.name, c.line])]).toEqual(['table', [[1, 'Quiet stdout', 3], [2, 'Exit codes', 4]]]);
    // The same count and order as rubric#n evidence; each text keeps what the other columns say (kinds16: the `how` column was dropped from the recap).
    expect(r.criteria.map((c) => c.text)).toEqual(['Quiet stdout — how: Interface', 'Exit codes — how: Errors']);
    expect(r.criteria.map((c) => c.text.split(' — ')[0])).toEqual(countRubricCriteria(text));
    expect(parseRubric('no criteria here', 'design/rubric.md').form).toBe('none');
  });

  it('a table rubric with a number column names its criteria from the criterion column (kinds16)', () => {
    // Before: `| # | criterion | weight |` gave criteria named "1", "2", "3", the weight and how columns were not shown, and a Total row was a criterion.
    const text = ['| # | criterion | weight | how |', '|---|---|---|---|', '| 1 | **Size cap first** | 40 | Shape |', '| 2 | Line numbers | 30 | Errors |', '| 3 | Memory | 30 | Data flow |', ''].join('\n');
    expect(parseRubric(`${text}| | **Total** | 100 | |\n`, 'design/rubric.md').criteria.map((c) => [c.n, c.name, c.text, c.line])).toEqual([
      [1, 'Size cap first', 'Size cap first — weight: 40; how: Shape', 3],
      [2, 'Line numbers', 'Line numbers — weight: 30; how: Errors', 4],
      [3, 'Memory', 'Memory — weight: 30; how: Data flow', 5],
    ]);
    // rubric#n evidence counts the same rows by the same column (lead16: it said "criterion 2 of 4: 2", and counted the Total row).
    expect(countRubricCriteria(`${text}| | **Total** | 100 | |\n`)).toEqual(['Size cap first', 'Line numbers', 'Memory']);
    // Without a criterion header: the first column that is not all numbers.
    expect(criterionColumn(['C', 'what', 'weight'], [['C1', 'Speed', '40'], ['#2', 'Memory', '60']])).toBe(1);
    expect(criterionColumn(['', ''], [['1.', '2']])).toBe(0);
  });

  it('arena/rubric-weights: weights that do not add up to the declared total are flagged low (kinds16)', () => {
    // Before: a rubric declaring "Weights sum to 100" whose weights add up to 110 raised nothing.
    const table = (intro: string, rows: string[]) => parseRubric([intro, '', '| # | criterion | weight |', '|---|---|---|', ...rows, ''].join('\n'), 'design/rubric.md');
    const rows = ['| 1 | Speed | 40 |', '| 2 | Memory | 40 |', '| 3 | Errors | 30 |'];
    const prose = table('Weights sum to 100.', rows);
    expect(prose.weights).toEqual({ sum: 110, declared: 100, line: 1 });
    expect(flagsOf(rubricWeights, arenaOf({ rubric: prose }))).toEqual([{ kind: 'arena/rubric-weights', severity: 'low', summary: 'the weights of design/rubric.md add up to 110, but it declares a total of 100', at: [{ file: 'design/rubric.md', line: 1 }] }]);
    // A Total row declares it (and is no criterion); percentages declare 100; a list states weights in its items.
    const total = table('# Rubric', [...rows, '| | Total | 100 |']);
    expect([total.criteria.length, total.weights]).toEqual([3, { sum: 110, declared: 100, line: 8 }]);
    expect(table('# Rubric', ['| 1 | Speed | 50% |', '| 2 | Memory | 40% |', '| 3 | Errors | 20% |']).weights).toEqual({ sum: 110, declared: 100, line: 3 });
    const list = parseRubric('# Rubric\n\n1. **Speed** (weight 0.5) — fast\n2. **Memory** (weight 0.3)\n3. **Errors** (weight 0.2)\n\nTotal weight: 1\n', 'design/rubric.md');
    expect(list.weights).toEqual({ sum: 1, declared: 1, line: 7 });
    expect(flagsOf(rubricWeights, arenaOf({ rubric: list }))).toEqual([]);
    // No declared total, or a criterion without a weight: nothing to hold the sum to.
    expect(table('# Rubric', rows).weights).toEqual({ sum: 110, declared: null, line: 3 });
    expect(flagsOf(rubricWeights, arenaOf({ rubric: table('# Rubric', rows) }))).toEqual([]);
    expect(table('Weights sum to 100.', ['| 1 | Speed | 40 |', '| 2 | Memory | high |']).weights).toBeUndefined();
    expect(parseRubric(RUBRIC, 'design/rubric.md').weights).toBeUndefined();
  });

  it('arena/scores-off-rubric: the scores table scores the rubric’s criteria, all and no other, names matched leniently (kinds16)', () => {
    // Before: a score row for a criterion the rubric lacks, and a rubric criterion with no row, raised nothing.
    const table = (rows: string[]) => selectionOf(['## Scores', '| criterion | A | B |', '|---|---|---|', ...rows, ''].join('\n'));
    const off = table(['| Size cap first | 4 (§ Shape) | 5 (§ Shape) |', '| Startup time | 3 (§ Shape) | 4 (§ Shape) |', '| Memory | 2 (§ Shape) | 5 (§ Shape) |']);
    expect(flagsOf(scoresOffRubric, arenaOf({ selection: off }))).toEqual([
      { kind: 'arena/scores-off-rubric', severity: 'medium', summary: 'design/selection.md scores “Startup time”, which is not a criterion of design/rubric.md (Size cap first, Line numbers, Memory): it was judged on a criterion not fixed before the candidates', at: [{ file: 'design/selection.md', line: 5 }] },
      { kind: 'arena/scores-off-rubric', severity: 'medium', summary: 'criterion 2 “Line numbers” of design/rubric.md has no row in the scores table of design/selection.md: the candidates were not judged on it', at: [{ file: 'design/rubric.md', line: 4 }] },
    ]);
    // Wording drift is no flag: case, emphasis, numbering, a shortened name, a number alone.
    const drift = table(['| **size cap** | 4 (§ Shape) | 5 (§ Shape) |', '| 2. Line Numbers | 4 (§ Shape) | 4 (§ Shape) |', '| #3 | 2 (§ Shape) | 5 (§ Shape) |']);
    expect(flagsOf(scoresOffRubric, arenaOf({ selection: drift }))).toEqual([]);
    expect(flagsOf(scoresOffRubric, arenaOf({})).map((f) => f.summary)).toEqual(['criterion 3 “Memory” of design/rubric.md has no row in the scores table of design/selection.md: the candidates were not judged on it']);
    expect(flagsOf(scoresOffRubric, arenaOf({ rubric: null }))).toEqual([]);
    expect([criterionKey('**1. Size cap first.**'), criterionKey('C2: Memory')]).toEqual(['size cap first', 'memory']);
    expect(['Size', 'Sizes', 'cap first'].map((r) => namesCriterion(r, { n: 1, name: 'Size cap first', text: 'Size cap first' }))).toEqual([true, false, false]);
  });

  it('names a criterion by its bold part or the text before a dash or colon', () => {
    expect(['**A b** — c', 'Name: rest', 'Name - rest', 'just text'].map(criterionName)).toEqual(['A b', 'Name', 'Name', 'just text']);
  });
});

describe('candidates', () => {
  it('reads the Shape section, its line, and whether it comes first', () => {
    expect(A).toMatchObject({ label: 'A', folder: '1', shape: 'Two passes: read all, then validate.', shapeLine: 3, shapeFirst: true, sections: ['Candidate', 'Shape', 'Interface', 'Data flow'], anchor: 'arena-candidate-A' });
    expect(A.shapeHtml).toBe('<p>Two passes: read all, then validate.</p>');
    const late = parseCandidate('# C\n\n## Interface\n\nx\n\n## Shape\n\ny\n', 'design/candidates/c/design.md', 'c');
    expect([late.label, late.shapeLine, late.shapeFirst]).toEqual(['C', 7, false]);
    expect(parseCandidate('# D\n\nno sections\n', 'f', 'd').shape).toBe(null);
  });

  it('normalises Shape text for the identical-shapes rule', () => {
    expect(normaliseShape('One **module**, reads the trail.')).toBe(normaliseShape('one module reads the trail!'));
    expect(normaliseShape('One module')).not.toBe(normaliseShape('Two modules'));
  });
});

describe('score cells', () => {
  it('reads the score and the cited section', () => {
    expect(['4 (§ Shape)', '4 (§Shape, §Risks)', '4 § Shape', '4/5 (§ Data flow)', '**4** (§ Shape)', '4 (Shape)', '4', '3.5 (§ X)', '—', '', 'n/a', 'good'].map(parseScoreCell)).toEqual([
      { score: 4, outOf: null, cites: 'Shape' },
      { score: 4, outOf: null, cites: 'Shape, Risks' },
      { score: 4, outOf: null, cites: 'Shape' },
      { score: 4, outOf: 5, cites: 'Data flow' },
      { score: 4, outOf: null, cites: 'Shape' },
      { score: 4, outOf: null, cites: 'Shape' },
      { score: 4, outOf: null, cites: null },
      { score: 3.5, outOf: null, cites: 'X' },
      { score: null, outOf: null, cites: null },
      { score: null, outOf: null, cites: null },
      { score: null, outOf: null, cites: null },
      { score: null, outOf: null, cites: null },
    ]);
  });
});

describe('selection.md', () => {
  it('reads front matter, the matrix, the pick, grafts and dropped candidates', () => {
    const s = selectionOf(SELECTION);
    expect(s.frontMatter).toEqual({ line: 1, endLine: 10, valid: true, fields: { pick: 'B', candidates: ['A', 'B'], judge: 'single-family', grafts: [{ from: 'A', part: 'the schema function' }], collapsed: false, resends: 0 } });
    expect([s.pick, s.pickLine, s.pickReason, s.candidates, s.judge, s.singleFamilyJudge, s.singleFamilyNote, s.collapsed, s.resends, s.collapseRecorded]).toEqual(['B', 2, 'It scores highest.', ['A', 'B'], 'single-family', true, true, false, 0, false]);
    expect(s.matrix).toEqual({
      line: 17,
      candidates: ['A', 'B'],
      rows: [
        { criterion: 'Size cap first', line: 19, scores: [{ candidate: 'A', raw: '4 (§ Data flow)', score: 4, cites: 'Data flow', line: 19 }, { candidate: 'B', raw: '5 (§ Shape)', score: 5, cites: 'Shape', line: 19 }] },
        { criterion: 'Line numbers', line: 20, scores: [{ candidate: 'A', raw: '4 (§ Interface)', score: 4, cites: 'Interface', line: 20 }, { candidate: 'B', raw: '4/5 (§Shape, §Interface)', score: 4, cites: 'Shape, Interface', line: 20 }] },
      ],
      totals: { A: 8, B: 9 },
      top: ['B'],
      scaleMax: 5,
    });
    expect(s.grafts).toEqual([{ from: 'A', part: 'the schema function', line: 6, origin: 'front matter', anchor: 'arena-graft-1' }]);
    expect(s.dropped).toEqual([{ label: 'A', why: 'holds the whole file.', line: 29 }]);
    expect(s.sections.map((x) => [x.title, x.role, x.line, x.anchor])).toEqual([
      ['Scores', 'scores', 15, 'arena-selection-1'],
      ['Pick', 'pick', 23, 'arena-selection-2'],
      ['Dropped', 'dropped', 27, 'arena-selection-3'],
    ]);
    expect(s.sections[0]?.html).toBe('');
    expect(s.introHtml).toBe('<h3>Selection</h3>\n<p>The judge is single-family.</p>');
  });

  it('reads the pick, grafts and dropped reasons from sections when there is no front matter', () => {
    const s = selectionOf(['# S', '## Scores', '| c | A | B |', '|---|---|---|', '| x | 5 (§ S) | 3 (§ S) |', '## Pick', 'Candidate A, because it streams.', '## Grafts', '- the writer (from B)', '- B: the error text', '- the column names', '## Why B lost', '- B holds everything.', ''].join('\n'));
    expect([s.pick, s.pickLine, s.pickReason, s.frontMatter, s.singleFamilyJudge, s.singleFamilyNote, s.collapsed, s.collapseRecorded]).toEqual(['A', 6, 'because it streams.', null, true, false, null, false]);
    expect(s.grafts.map((g) => [g.from, g.part, g.line, g.origin])).toEqual([
      ['B', 'the writer (from B)', 9, 'section'],
      ['B', 'B: the error text', 10, 'section'],
      [null, 'the column names', 11, 'section'],
    ]);
    expect(s.dropped).toEqual([{ label: 'B', why: 'holds everything.', line: 13 }]);
  });

  it('reads the pick from a `Pick: X` title, a collapse from text, a cross-family judge', () => {
    expect(selectionOf('## Pick: B\n\nok\n').pick).toBe('B');
    expect(selectionOf('The candidates collapsed after one resend.\n').collapseRecorded).toBe(true);
    expect(selectionOf('There was no collapse.\n').collapseRecorded).toBe(false);
    expect(selectionOf('---\ncollapsed: false\n---\nthey collapsed\n').collapseRecorded).toBe(false);
    const cross = selectionOf('---\njudge: cross-family (gpt-y)\n---\n');
    expect([cross.singleFamilyJudge, cross.singleFamilyNote]).toEqual([false, false]);
  });

  it('keeps invalid front matter as an invalid record and ignores its fields', () => {
    const bad = parseSelection('---\npick: [B\n---\n# S\n', 'design/selection.md', ['A', 'B']);
    expect(bad.invalid.map((r) => [r.file, r.line, r.kind, r.raw])).toEqual([['design/selection.md', 2, 'arena/invalid-front-matter', '---\npick: [B\n---']]);
    expect(bad.invalid[0]?.error).toMatch(/^design\/selection\.md: front matter is not valid YAML: /);
    expect([bad.selection.pick, bad.selection.frontMatter?.valid]).toEqual([null, false]);
    const wrong = parseSelection('---\ncollapsed: maybe\nresends: -1\n---\n', 'design/selection.md', []);
    expect(wrong.invalid.map((r) => [r.line, r.error])).toEqual([[1, 'design/selection.md front matter: field “collapsed” must be boolean, got string; field “resends” is too small (Too small: expected number to be >=0)']]);
    const list = parseSelection('---\n- a\n---\n', 'design/selection.md', []);
    expect(list.invalid.map((r) => r.error)).toEqual(['design/selection.md: front matter must be a mapping of fields, got a list']);
  });

  it('classifies section titles', () => {
    expect(['Scores', 'Score matrix', 'Pick', 'Chosen design', 'Grafts', 'Dropped candidates', 'Why A lost', 'Judge'].map(sectionRole)).toEqual(['scores', 'scores', 'pick', 'pick', 'grafts', 'dropped', 'dropped', 'other']);
  });
});

describe('readArena and discovery', () => {
  it('knows each arena file by its path', () => {
    expect(['design/rubric.md', 'design/selection.md', 'design/candidates/2/design.md', 'design/notes.md', 'x/design/rubric.md'].map(arenaFileRole)).toEqual([{ role: 'rubric' }, { role: 'selection' }, { role: 'candidate', folder: '2' }, null, { role: 'rubric' }]);
    expect(qualityRecordOf('/p/design', 'rubric.md')).toEqual({ dir: '/p', format: 'arena' });
    expect(qualityRecordOf('/p/design/candidates/1', 'design.md')).toEqual({ dir: '/p', format: 'arena' });
    expect(qualityRecordOf('/p/qa', 'T-1.json')).toEqual({ dir: '/p', format: 'verdicts' });
    expect(qualityRecordOf('/p/verdicts', 'qa.md')).toEqual({ dir: '/p', format: 'verdicts' });
    expect(qualityRecordOf('/p/reviews', 'pr-1.json')).toEqual({ dir: '/p', format: 'verdicts' });
    expect(qualityRecordOf('/p', 'premises.jsonl')).toEqual({ dir: '/p', format: 'verdicts' });
    expect([qualityRecordOf('/p/docs', 'rubric.md'), qualityRecordOf('/p/candidates/1', 'design.md'), qualityRecordOf('/p/verdicts', 'x.txt')]).toEqual([null, null, null]);
  });

  it('reads the files, joins the pick’s design row, and accounts for every line', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'trailbook-arena-'));
    const files: Record<string, string> = { 'design/rubric.md': RUBRIC, 'design/candidates/1/design.md': shapeDoc('x'), 'design/candidates/2/design.md': shapeDoc('y'), 'design/selection.md': SELECTION };
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), text);
    }
    const row = (phase: string, raw: string, result = 'verified'): TrailRow =>
      ({ id: `${phase}-${raw}`.slice(0, 8), anchor: `row-${phase}`, phase, resultClass: result, decision: 'd', why: 'w', evidence: [{ raw, kind: 'path', status: 'VERIFIED', reason: '', target: { type: 'file', path: raw, origin: 'artifact' } }] }) as unknown as TrailRow;
    const result = await readArena(
      Object.keys(files).map((rel) => ({ path: path.join(dir, rel), rel, bytes: 0 })),
      [row('design', 'design/rubric.md'), row('Design', 'design/selection.md'), row('phase-1', 'design/selection.md')],
    );
    expect(result.arena?.pickRows).toEqual([{ id: 'Design-d', anchor: 'row-Design' }]);
    expect(result.arena?.candidates.map((c) => c.label)).toEqual(['A', 'B']);
    expect(result.sources.map((s) => [s.path, s.format, s.lines, s.valid, s.invalid])).toEqual([
      ['design/candidates/1/design.md', 'arena', 11, 11, 0],
      ['design/candidates/2/design.md', 'arena', 11, 11, 0],
      ['design/rubric.md', 'arena', 5, 5, 0],
      ['design/selection.md', 'arena', 29, 29, 0],
    ]);
    const none = await readArena([], [row('design', 'docs/adr.md', 'skipped')]);
    expect(none.arena).toEqual({ rubric: null, candidates: [], selection: null, pickRows: [], skipped: [{ rowId: 'design-d', anchor: 'row-design', decision: 'd', why: 'w' }] });
    expect((await readArena([], [])).arena).toBe(null);
  });
});

describe('arena checks', () => {
  it('a clean arena raises nothing', () => {
    const arena = arenaOf({});
    for (const check of [rubricSize, noShapeSection, identicalShapes, scoreWithoutSection, unreadableScore, noPick, pickNotTopScorer, graftWithoutSource, noSingleFamilyNote, pickWithoutTrailRow, invalidFrontMatter]) {
      expect(check.run(input(arena)), check.id).toEqual([]);
      expect(check.run(input(null)), check.id).toEqual([]);
    }
  });

  it('arena/rubric-size: 3–6 criteria; a missing rubric counts 0', () => {
    const two = parseRubric('1. a\n2. b\n', 'design/rubric.md');
    expect(flagsOf(rubricSize, arenaOf({ rubric: two }))).toEqual([{ kind: 'arena/rubric-size', severity: 'medium', summary: 'design/rubric.md has 2 criteria; a rubric has 3–6', at: [{ file: 'design/rubric.md', line: 1 }] }]);
    const seven = parseRubric([1, 2, 3, 4, 5, 6, 7].map((n) => `${n}. c${n}`).join('\n'), 'design/rubric.md');
    expect(flagsOf(rubricSize, arenaOf({ rubric: seven }))[0]?.summary).toBe('design/rubric.md has 7 criteria; a rubric has 3–6');
    expect(flagsOf(rubricSize, arenaOf({ rubric: parseRubric([1, 2, 3, 4, 5, 6].map((n) => `${n}. c`).join('\n'), 'r') }))).toEqual([]);
    expect(flagsOf(rubricSize, arenaOf({ rubric: null }))).toEqual([{ kind: 'arena/rubric-size', severity: 'medium', summary: 'the arena has no design/rubric.md: 0 criteria, so nothing fixed the judge’s criteria before the candidates', at: [{ file: 'design/selection.md', line: 1 }] }]);
    expect(flagsOf(rubricSize, { rubric: null, candidates: [], selection: null, pickRows: [], skipped: [] })).toEqual([]);
  });

  it('arena/no-shape-section: a Shape section, first', () => {
    const noShape = parseCandidate('# C\n\n## Interface\n', 'design/candidates/3/design.md', '3');
    const late = parseCandidate('# D\n\n## Interface\n\nx\n\n## Shape\n\ny\n', 'design/candidates/4/design.md', '4');
    expect(flagsOf(noShapeSection, arenaOf({ candidates: [A, noShape, late] }))).toEqual([
      { kind: 'arena/no-shape-section', severity: 'medium', summary: 'candidate C (design/candidates/3/design.md) has no ## Shape section', at: [{ file: 'design/candidates/3/design.md', line: 1 }] },
      { kind: 'arena/no-shape-section', severity: 'medium', summary: 'candidate D (design/candidates/4/design.md) has its ## Shape section after other sections; it must come first', at: [{ file: 'design/candidates/4/design.md', line: 7 }] },
    ]);
  });

  it('arena/identical-shapes: unless the collapse is recorded', () => {
    const same = parseCandidate(shapeDoc('two passes: read all; then validate!'), 'design/candidates/2/design.md', '2');
    const flags = flagsOf(identicalShapes, arenaOf({ candidates: [A, same] }));
    expect(flags).toEqual([{ kind: 'arena/identical-shapes', severity: 'medium', summary: 'candidates A and B have the same Shape section, and design/selection.md records no collapse', at: [{ file: 'design/candidates/1/design.md', line: 3 }, { file: 'design/candidates/2/design.md', line: 3 }] }]);
    const collapsed = selectionOf(SELECTION.replace('collapsed: false', 'collapsed: true'));
    expect(flagsOf(identicalShapes, arenaOf({ candidates: [A, same], selection: collapsed }))).toEqual([]);
    expect(flagsOf(identicalShapes, arenaOf({ candidates: [A, same], selection: null }))[0]?.summary).toBe('candidates A and B have the same Shape section, and there is no design/selection.md to record a collapse');
  });

  it('arena/score-without-section and arena/unreadable-score', () => {
    const s = selectionOf(['## Scores', '| c | A | B |', '|---|---|---|', '| Memory | 4 | — |', '| Speed | 3 (§ S) |', ''].join('\n'));
    expect(flagsOf(scoreWithoutSection, arenaOf({ selection: s }))).toEqual([{ kind: 'arena/score-without-section', severity: 'medium', summary: 'candidate A scores 4 on “Memory” and cites no section', at: [{ file: 'design/selection.md', line: 4 }] }]);
    expect(flagsOf(unreadableScore, arenaOf({ selection: s }))).toEqual([
      { kind: 'arena/unreadable-score', severity: 'low', summary: 'candidate B on “Memory”: “—” is not a score', at: [{ file: 'design/selection.md', line: 4 }] },
      { kind: 'arena/unreadable-score', severity: 'low', summary: 'candidate B on “Speed”: the cell is empty', at: [{ file: 'design/selection.md', line: 5 }] },
    ]);
  });

  it('arena/score-cites-missing-section: a cited section the candidate does not have', () => {
    expect(flagsOf(scoreCitesMissingSection, arenaOf({}))).toEqual([]);
    const s = selectionOf(['## Scores', '| c | A | B |', '|---|---|---|', '| Memory | 4 (§ Benchmarks) | 5 (§ shape) |', '| Speed | 3 (§ 9) | 2 |', '| Depth | 1 (§Shape, §Nowhere) | 2 (§ Interface) |', ''].join('\n'));
    expect(flagsOf(scoreCitesMissingSection, arenaOf({ selection: s }))).toEqual([
      { kind: 'arena/score-cites-missing-section', severity: 'medium', summary: 'candidate A scores 4 on “Memory” citing § “Benchmarks”, but design/candidates/1/design.md has no such section', at: [{ file: 'design/selection.md', line: 4 }] },
      { kind: 'arena/score-cites-missing-section', severity: 'medium', summary: 'candidate A scores 3 on “Speed” citing § “9”, but design/candidates/1/design.md has no such section', at: [{ file: 'design/selection.md', line: 5 }] },
      { kind: 'arena/score-cites-missing-section', severity: 'medium', summary: 'candidate A scores 1 on “Depth” citing § “Nowhere”, but design/candidates/1/design.md has no such section', at: [{ file: 'design/selection.md', line: 6 }] },
    ]);
    // A candidate whose design was not read is not judged here.
    expect(flagsOf(scoreCitesMissingSection, arenaOf({ selection: s, candidates: [B] })).map((f) => f.summary.slice(0, 11))).toEqual([]);
  });

  it('a cite matches a heading ignoring case, § and #, by prefix, and by section number', () => {
    expect(citedSections('Shape, §Interface; Errors')).toEqual(['Shape', 'Interface', 'Errors']);
    const headings = ['Candidate A', 'Shape', 'Risks and mitigations', '2. Data flow', '3 Interface'];
    expect(['shape', '§Shape', '## Shape.', 'Risks', 'Data flow', '2', '3', 'interface'].map((c) => citesHeading(c, headings))).toEqual([true, true, true, true, true, true, true, true]);
    expect(['Risk', 'Benchmarks', '4', 'flow'].map((c) => citesHeading(c, headings))).toEqual([false, false, false, false]);
  });

  it('arena/no-pick', () => {
    expect(flagsOf(noPick, arenaOf({ selection: selectionOf('# S\n\nno decision yet\n') }))).toEqual([{ kind: 'arena/no-pick', severity: 'medium', summary: 'design/selection.md names no picked candidate', at: [{ file: 'design/selection.md', line: 1 }] }]);
  });

  it('arena/pick-not-top-scorer: unless a reason is given', () => {
    const table = ['## Scores', '| c | A | B |', '|---|---|---|', '| x | 3 (§ S) | 5 (§ S) |', '## Pick'];
    const bare = selectionOf([...table, 'A', ''].join('\n'));
    expect(flagsOf(pickNotTopScorer, arenaOf({ selection: bare }))).toEqual([{ kind: 'arena/pick-not-top-scorer', severity: 'medium', summary: 'design/selection.md picks A, but B scored highest (totals: A 3, B 5) and no reason is given', at: [{ file: 'design/selection.md', line: 5 }] }]);
    expect(flagsOf(pickNotTopScorer, arenaOf({ selection: selectionOf([...table, 'A: B cannot ship before the deadline.', ''].join('\n')) }))).toEqual([]);
    expect(flagsOf(pickNotTopScorer, arenaOf({ selection: selectionOf(['---', 'pick: A', 'reason: deadline', '---', ...table, ''].join('\n')) }))).toEqual([]);
    const tie = selectionOf(['## Scores', '| c | A | B |', '|---|---|---|', '| x | 4 (§ S) | 4 (§ S) |', '## Pick', 'A', ''].join('\n'));
    expect(flagsOf(pickNotTopScorer, arenaOf({ selection: tie }))).toEqual([]);
  });

  it('arena/pick-unknown-candidate: a pick that names no candidate (front matter or Pick section) is that pick, flagged high like a graft from nowhere (kinds16)', () => {
    // Before: `pick: C` beside candidates A and B raised no flag; a Pick section naming D read as "names no picked candidate".
    const fm = selectionOf(SELECTION.replace('pick: B', 'pick: C'));
    expect(fm.pick).toBe('C');
    expect(flagsOf(pickUnknownCandidate, arenaOf({ selection: fm }))).toEqual([
      { kind: 'arena/pick-unknown-candidate', severity: 'high', summary: 'design/selection.md picks candidate C, which is not one of the candidates (A, B): no design of that label was written or scored', at: [{ file: 'design/selection.md', line: 2 }] },
    ]);
    const body = selectionOf(['# Selection', '', '## Pick', '', 'D. It scores highest.', ''].join('\n'));
    expect([body.pick, body.pickLine, body.pickReason]).toEqual(['D', 3, 'It scores highest.']);
    expect(flagsOf(noPick, arenaOf({ selection: body }))).toEqual([]);
    expect(flagsOf(pickUnknownCandidate, arenaOf({ selection: body }))).toEqual([
      { kind: 'arena/pick-unknown-candidate', severity: 'high', summary: 'design/selection.md picks candidate D, which is not one of the candidates (A, B): no design of that label was written or scored', at: [{ file: 'design/selection.md', line: 3 }] },
    ]);
    // A known pick, and a label listed in the front matter's candidates, raise nothing.
    expect(flagsOf(pickUnknownCandidate, arenaOf({}))).toEqual([]);
    expect(flagsOf(pickUnknownCandidate, arenaOf({ selection: selectionOf('---\npick: C\ncandidates: [A, B, C]\n---\n') }))).toEqual([]);
  });

  it('leadingLabel: a lone label opening a Pick section, never a word', () => {
    expect(['D.', '**D** — streams', 'Candidate d: it streams', 'candidate 4', 'E', 'I picked B', 'A clear winner', 'None yet.', '27.', 'candidate 27'].map(leadingLabel)).toEqual(['D', 'D', 'D', 'D', 'E', null, null, null, null, null]);
  });

  it('arena/graft-without-source: a named, existing source', () => {
    const s = selectionOf(['---', 'grafts:', '  - part: "the writer"', '  - from: C', '    part: "the cache"', '  - from: A', '    part: "the schema"', '---', ''].join('\n'));
    expect(flagsOf(graftWithoutSource, arenaOf({ selection: s }))).toEqual([
      { kind: 'arena/graft-without-source', severity: 'high', summary: 'graft “the writer” names no source candidate', at: [{ file: 'design/selection.md', line: 3 }] },
      { kind: 'arena/graft-without-source', severity: 'high', summary: 'graft “the cache” comes from candidate C, which is not one of the candidates (A, B)', at: [{ file: 'design/selection.md', line: 4 }] },
    ]);
  });

  it('arena/no-single-family-note: whenever the judge is single-family', () => {
    expect(flagsOf(noSingleFamilyNote, arenaOf({ selection: selectionOf('# S\n\nB wins.\n') }))).toEqual([{ kind: 'arena/no-single-family-note', severity: 'medium', summary: 'design/selection.md does not say that the judge is single-family; the judge shares the authors’ family and may favour their style', at: [{ file: 'design/selection.md', line: 1 }] }]);
    expect(flagsOf(noSingleFamilyNote, arenaOf({ selection: selectionOf('---\njudge: single-family\n---\n') }))).toEqual([]);
    expect(flagsOf(noSingleFamilyNote, arenaOf({ selection: selectionOf('The judge is from the same family as the authors.\n') }))).toEqual([]);
    expect(flagsOf(noSingleFamilyNote, arenaOf({ selection: selectionOf('---\njudge: cross-family\n---\n') }))).toEqual([]);
  });

  it('arena/pick-without-trail-row', () => {
    expect(flagsOf(pickWithoutTrailRow, arenaOf({ pickRows: [] }))).toEqual([{ kind: 'arena/pick-without-trail-row', severity: 'medium', summary: 'design/selection.md picks candidate B, but no trail row with phase design cites design/selection.md: the pick is not in the decision trail', at: [{ file: 'design/selection.md', line: 2 }] }]);
  });

  it('arena/invalid-front-matter: from the invalid record', () => {
    const invalid: InvalidRecord[] = [{ file: 'design/selection.md', line: 3, kind: 'arena/invalid-front-matter', error: 'design/selection.md: front matter is not valid YAML: x', raw: '' }];
    expect(flagsOf(invalidFrontMatter, null, invalid)).toEqual([{ kind: 'arena/invalid-front-matter', severity: 'medium', summary: 'design/selection.md: front matter is not valid YAML: x; its fields are ignored', at: [{ file: 'design/selection.md', line: 3 }] }]);
  });
});

describe('score chart layout', () => {
  it('lays out one bar per candidate and criterion, then totals, marking the pick in words', () => {
    const m = selectionOf(SELECTION).matrix;
    if (!m) throw new Error('no matrix');
    const chart = scoreChartLayout(m, 'B');
    expect([chart.width, chart.height, chart.originX, chart.gridTop, chart.gridBottom]).toEqual([720, 160, 200, 20, 109]);
    expect(chart.groups.map((g) => [g.label, g.total, g.bars.map((b) => [b.text, b.width, b.pick, b.y])])).toEqual([
      ['Size cap first', false, [['A 4', 328, false, 24], ['B (pick) 5', 410, true, 42]]],
      ['Line numbers', false, [['A 4', 328, false, 70], ['B (pick) 4', 328, true, 88]]],
      ['Total (of 10)', true, [['A 8', 328, false, 116], ['B (pick) 9', 369, true, 134]]],
    ]);
    expect(chart.ticks.map((t) => [t.label, t.x])).toEqual([['0', 200], ['1', 282], ['2', 364], ['3', 446], ['4', 528], ['5', 610]]);
    expect(chart.desc).toBe('2 criteria, scale 0–5; the total bars are scaled to 0–10. Totals: A 8, B 9. Pick: B. The table above holds the same numbers.');
  });

  it('draws an unreadable score as an empty bar with a dash', () => {
    const m = selectionOf('| c | A |\n|---|---|\n| x | ? |\n').matrix;
    if (!m) throw new Error('no matrix');
    expect(scoreChartLayout(m, null).groups[0]?.bars.map((b) => [b.text, b.width])).toEqual([['A —', 0]]);
  });
});
