/**
 * The whole pipeline on the real corpus where it lives (../shared/corpus/real; issue 13, item 9):
 * every trail gives one project with its rows (none is all invalid), its header read by name,
 * every line accounted for; without a repository nothing git-backed is ever VERIFIED; the flags
 * raised are exactly those a person reading the trails would raise. Each evidence cell's
 * classification is pinned in real-corpus-evidence.test.ts.
 */
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

/**
 * Each trail: project id, display root, trail file, [lines, valid, invalid], rows, evidence by
 * status, and its flags by `severity:kind` with their counts.
 */
const TRAILS: Array<[id: string, root: string, file: string, lines: number, valid: number, invalid: number, rows: number, evidence: Record<string, number>, flags: Record<string, number>]> = [
  ["1873663116__enchron","real/1873663116__Enchron","decisions.tsv",10,10,0,9,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":13}, {}],
  ["antapper__fujirecipesmac","real/AntApper__FujiRecipesMac","decisions.tsv",10,10,0,9,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":13}, {}],
  ["chinkhusel14__bulaa","real/Chinkhusel14__bulaa","decisions.tsv",25,25,0,24,{"VERIFIED":0,"NOT_VERIFIED":1,"INCONCLUSIVE":30}, {"medium:evidence/prose":1}],
  ["chronoaiproject__nyxid","real/ChronoAIProject__NyxID","decisions.tsv",10,10,0,9,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":9}, {"low:trail/out-of-time-order":1}],
  ["emanuele-web04__synara","real/Emanuele-web04__synara","decisions.tsv",12,12,0,11,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":23}, {"medium:trail/tsv-missing-column":1}],
  ["enzotironi__os--build-v1-04","real/EnzoTironi__OS",".audit/build-v1-04.tsv",13,13,0,12,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":20}, {"low:trail/out-of-time-order":1}],
  ["howard-starfield__diablo-iv-masterwork-companion","real/Howard-Starfield__Diablo-IV-Masterwork-Companion","decisions.tsv",31,29,2,28,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":49}, {"high:trail/tsv-cell-count":2}],
  ["hustlecoding__pstack-codex","real/HustleCoding__pstack-codex","decisions.tsv",11,11,0,10,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":10}, {}],
  ["imnallen__botcode","real/ImNallen__BotCode","decisions.tsv",20,20,0,19,{"VERIFIED":0,"NOT_VERIFIED":2,"INCONCLUSIVE":33}, {"medium:evidence/prose":2}],
  ["jenzoga__jmt-mcmt","real/Jenzoga__JMT-MCMT","decisions.tsv",15,15,0,14,{"VERIFIED":0,"NOT_VERIFIED":15,"INCONCLUSIVE":7}, {"medium:evidence/prose":10,"low:trail/bad-timestamp":1}],
  ["jonghakseo__picky","real/Jonghakseo__picky","decisions.tsv",13,13,0,12,{"VERIFIED":0,"NOT_VERIFIED":0,"INCONCLUSIVE":23}, {}],
  ["leomartindev__plume","real/LeoMartinDev__Plume","decisions.tsv",46,46,0,45,{"VERIFIED":0,"NOT_VERIFIED":13,"INCONCLUSIVE":51}, {"medium:evidence/prose":10,"medium:evidence/self-citation":1}],
  ["routemahiro__ato_sukoshi","real/Routemahiro__ato_sukoshi","decisions.tsv",4,4,0,3,{"VERIFIED":0,"NOT_VERIFIED":1,"INCONCLUSIVE":6}, {"medium:evidence/prose":1}],
  ["senriganmaster__csv_zero","real/SenriganMaster__csv_zero","decisions.tsv",57,57,0,56,{"VERIFIED":0,"NOT_VERIFIED":14,"INCONCLUSIVE":97}, {"medium:evidence/prose":8}],
  ["calypr__loom","real/calypr__loom","decisions.tsv",24,24,0,23,{"VERIFIED":0,"NOT_VERIFIED":1,"INCONCLUSIVE":45}, {"medium:evidence/prose":1}],
  ["ddv1982__echo","real/ddv1982__echo","decisions.tsv",12,12,0,11,{"VERIFIED":0,"NOT_VERIFIED":5,"INCONCLUSIVE":12}, {"medium:trail/tsv-missing-column":1,"medium:evidence/prose":4}],
  ["fpcmotif__fenforce","real/fpcMotif__fenforce","decisions.tsv",16,16,0,15,{"VERIFIED":0,"NOT_VERIFIED":1,"INCONCLUSIVE":23}, {"medium:evidence/prose":1,"low:trail/out-of-time-order":1}],
  ["ss49919201__myblog","real/ss49919201__myblog","decisions.tsv",14,14,0,13,{"VERIFIED":0,"NOT_VERIFIED":2,"INCONCLUSIVE":14}, {"medium:evidence/self-citation":2}],
  ["sunjingchun__cn-campus-link","real/sunjingchun__cn-campus-link","decisions.tsv",20,20,0,19,{"VERIFIED":0,"NOT_VERIFIED":2,"INCONCLUSIVE":20}, {"medium:evidence/prose":2}],
];

const GIT_BACKED = new Set(['commit', 'path', 'test', 'symbol', 'rubric']);

describe.skipIf(!existsSync(REAL_CORPUS))('the real corpus, through the whole pipeline', () => {
  let models: Map<string, ProjectModel>;
  beforeAll(async () => {
    models = new Map();
    await analyseArchive({ roots: [REAL_CORPUS], cacheDir: null, onModel: (m) => void models.set(m.id, m) });
  });
  const model = (id: string): ProjectModel => models.get(id) as ProjectModel;

  it('makes a project of every trail and every beads folder', () => {
    expect([...models.keys()].sort()).toEqual([...TRAILS.map((t) => t[0]), '45ck__prompt-language', 'rand__loop'].sort());
  });

  it.each(TRAILS)('%s: reads %s/%s with every line accounted for, and raises exactly its flags', (id, root, file, lines, valid, invalid, rows, evidence, flags) => {
    const m = model(id);
    const source = m.sources.find((s) => s.format === 'pstack-trail');
    expect([m.root, source?.path, source?.lines, source?.valid, source?.invalid, m.rows.length, m.counts.evidence]).toEqual([root, file, lines, valid, invalid, rows, evidence]);
    expect(rows).toBeGreaterThan(0);
    const got: Record<string, number> = {};
    for (const f of m.flags) got[`${f.severity}:${f.kind}`] = (got[`${f.severity}:${f.kind}`] ?? 0) + 1;
    expect(got).toEqual(flags);
  });

  it('reads each header by name: missing fields blank and said once, synonyms mapped', () => {
    const synara = model('emanuele-web04__synara');
    expect([synara.rows[0]?.ts, synara.rows[0]?.phase, synara.rows[0]?.decision, synara.rows[0]?.evidenceText, synara.rows[0]?.result]).toEqual(['', '', 'Created DELEGATION.md as a single-unit ledger', 'DELEGATION.md', 'recorded']);
    expect(synara.flags.filter((f) => f.kind === 'trail/tsv-missing-column').map((f) => f.summary)).toEqual(['decisions.tsv has no ts, phase column (its header: what why evidence result); those fields are blank in every row']);
    const echo = model('ddv1982__echo');
    expect([echo.rows[0]?.ts, echo.rows[0]?.phase, echo.rows[0]?.decision, echo.rows[0]?.why.slice(0, 20), echo.rows[0]?.result]).toEqual(['2026-08-30T00:00:00Z', '', 'Treat PR 18.6 as a pure move', 'The plan forbids beh', 'Pending implementation']);
    expect(echo.flags.filter((f) => f.kind === 'trail/tsv-missing-column').map((f) => f.summary)).toEqual(['decisions.tsv has no phase column (its header: timestamp decision reason evidence result); that field is blank in every row']);
    // `timestamp unit decision rationale evidence result`: unit is the phase, rationale the why.
    const jmt = model('jenzoga__jmt-mcmt');
    expect([jmt.rows[0]?.ts, jmt.rows[0]?.phase, jmt.rows[0]?.why.slice(0, 25), jmt.rows[0]?.resultClass]).toEqual(['2026-10-07', 'framing', 'Forge 1.12.2 has no corem', 'verified']);
    // Bare dates throughout: said once for the file, not once a row.
    const first = jmt.rows[0]?.id;
    expect(jmt.flags.filter((f) => f.kind === 'trail/bad-timestamp').map((f) => [f.rows.length, f.summary])).toEqual([[14, `14 rows of decisions.tsv have a ts that is not an ISO-8601 time with a zone (first: row ${first} at line 2, “2026-10-07”)`]]);
  });

  it('checks and shows the evidence of a row with a cell too few, told apart by the header', () => {
    const m = model('howard-starfield__diablo-iv-masterwork-companion');
    expect(m.invalid.map((r) => [r.line, r.kind, r.fields, r.evidence?.map((p) => [p.raw, p.kind, p.status])])).toEqual([
      [
        24,
        'trail/tsv-cell-count',
        { ts: '2026-08-29T19:18:00Z', phase: 'verify', evidence: 'cargo test; artifacts/PR-macro-list/list-01-macro.png list-02-rows.png list-03-if.png list-09-enchant.png', result: 'tests green, live list' },
        [
          ['cargo test', 'command', 'INCONCLUSIVE'],
          ['artifacts/PR-macro-list/list-01-macro.png', 'path', 'INCONCLUSIVE'],
          ['list-02-rows.png', 'path', 'INCONCLUSIVE'],
          ['list-03-if.png', 'path', 'INCONCLUSIVE'],
          ['list-09-enchant.png', 'path', 'INCONCLUSIVE'],
        ],
      ],
      [
        30,
        'trail/tsv-cell-count',
        { ts: '2026-08-29T19:54:00Z', phase: 'verify', evidence: 'cargo test; artifacts/PR-macro-shell/shell-01-macro.png shell-04-history.png shell-07-enchant.png shell-08-back.png', result: 'tests green, live chrome' },
        [
          ['cargo test', 'command', 'INCONCLUSIVE'],
          ['artifacts/PR-macro-shell/shell-01-macro.png', 'path', 'INCONCLUSIVE'],
          ['shell-04-history.png', 'path', 'INCONCLUSIVE'],
          ['shell-07-enchant.png', 'path', 'INCONCLUSIVE'],
          ['shell-08-back.png', 'path', 'INCONCLUSIVE'],
        ],
      ],
    ]);
  });

  it('has no repository for any project, so every git-backed pointer is INCONCLUSIVE "no repository" (or a self-citation)', () => {
    let checked = 0;
    for (const m of models.values()) {
      expect(m.repository, m.id).toEqual({ id: null, path: null, head: null, headSource: null, problem: 'no repository' });
      for (const p of [...m.rows.flatMap((r) => r.evidence), ...m.invalid.flatMap((r) => r.evidence ?? [])]) {
        if (!GIT_BACKED.has(p.kind) || p.fault === 'evidence/self-citation') continue;
        checked++;
        expect([m.id, p.raw, p.status, p.reason]).toEqual([m.id, p.raw, 'INCONCLUSIVE', p.kind === 'path' && p.reason.includes('archive') ? p.reason : 'no repository']);
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('"n/a" on a row that claims nothing yet is not verified (inconclusive), with no flag; "terminal output: 6 pass, 0 fail" under "tests green" stays prose', () => {
    const at = (line: number) => model('chinkhusel14__bulaa').rows.find((r) => r.line === line)?.evidence.map((p) => [p.raw, p.kind, p.status, p.fault ?? null, p.reason]);
    expect(at(23)).toEqual([['n/a', 'prose', 'INCONCLUSIVE', null, 'no evidence given, and the row claims none yet: its result is open']]);
    expect(at(20)).toEqual([['terminal output: 6 pass, 0 fail', 'prose', 'NOT_VERIFIED', 'evidence/prose', 'evidence must be a pointer, not prose']]);
  });

  it('a row about the trail citing it is a reference; a row about the work citing it is a self-citation; neither is verified', () => {
    const cites = (id: string, raw: string) => model(id).rows.flatMap((r) => r.evidence.filter((p) => p.raw === raw).map((p) => [r.line, p.kind, p.status, p.fault ?? null, p.reason]));
    const reference = 'the row is about the trail, and cites it: a reference to the record, not evidence checked';
    const self = 'decisions.tsv is the record that makes the claim: a claim cannot be its own evidence';
    // "Flagged the design row timestamp as incorrect" (phase audit).
    expect(cites('enzotironi__os--build-v1-04', '.audit/build-v1-04.tsv')).toEqual([[6, 'reference', 'INCONCLUSIVE', null, reference]]);
    // Row 10 "appended to the existing decisions.tsv" (phase pr-1/trail), row 21 "left a note …"; row 33 is about a recovery.
    expect(cites('leomartindev__plume', 'decisions.tsv')).toEqual([
      [10, 'reference', 'INCONCLUSIVE', null, reference],
      [21, 'reference', 'INCONCLUSIVE', null, reference],
      [33, 'path', 'NOT_VERIFIED', 'evidence/self-citation', self],
    ]);
    // "Keep Markdown as the source …" and "Skipped a two-model design bakeoff." are about the work.
    expect(cites('ss49919201__myblog', 'decisions.tsv')).toEqual([
      [3, 'path', 'NOT_VERIFIED', 'evidence/self-citation', self],
      [8, 'path', 'NOT_VERIFIED', 'evidence/self-citation', self],
    ]);
  });
});
