/**
 * QA verdicts, review findings and repair loops (quality-and-design-controls.md, sections 1,
 * 3 and 4; spec/input.md section 6): the adapters in src/lib/verdicts/ and every `verdict/*`,
 * `finding/*` and `loop/*` check, with the exact data and flags a user sees.
 */
import { criterionEvidenceNotVerified } from '../../src/lib/checks/verdict/criterion-evidence-not-verified.ts';
import { passWithoutCriteria } from '../../src/lib/checks/verdict/pass-without-criteria.ts';
import { criterionDescribed } from '../../src/lib/checks/verdict/criterion-described.ts';
import { asDescribedChecks } from '../../src/lib/verdicts/described-check.ts';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { resolveEvidence } from '../../src/lib/evidence/resolve.ts';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvalidRecord } from '../../src/lib/model/types.ts';
import type { QaCriterion, VerdictsModel } from '../../src/lib/model/verdicts.ts';
import type { TrailCheckInput } from '../../src/lib/checks/check.ts';
import { AnchorSet } from '../../src/lib/verdicts/anchors.ts';
import { jsonSpans, spanLines } from '../../src/lib/text/json-positions.ts';
import { parseQaJson } from '../../src/lib/verdicts/qa-json.ts';
import { parseQaText, parseRubricGrades, parseSkillStatus, parseSources, textBlocks } from '../../src/lib/verdicts/qa-text.ts';
import { parseReviewFile } from '../../src/lib/verdicts/review-file.ts';
import { outputLines, reproFromScenario } from '../../src/lib/verdicts/repro.ts';
import { groupLoops, normaliseFingerprint, parsePremiseLines } from '../../src/lib/verdicts/premises.ts';
import { normaliseState, structuredSupport, textSupport, unbackedEvidence, verdictClass } from '../../src/lib/verdicts/states.ts';
import { EVIDENCE_LADDER, levelText } from '../../src/lib/verdicts/ladder.ts';
import { locationPointer, readVerdicts, verdictFileRole } from '../../src/lib/verdicts/read-verdicts.ts';
import { findingWord, premiseWord, stateWord, supportWord } from '../../src/lib/verdicts/words.ts';
import { splitLines } from '../../src/lib/text/lines.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import { passWithNotVerified } from '../../src/lib/checks/verdict/pass-with-not-verified.ts';
import { passWithInconclusive } from '../../src/lib/checks/verdict/pass-with-inconclusive.ts';
import { passContradictsRubric } from '../../src/lib/checks/verdict/pass-contradicts-rubric.ts';
import { invalidVerdict } from '../../src/lib/checks/verdict/invalid-verdict.ts';
import { confirmedBelowLevel4 } from '../../src/lib/checks/finding/confirmed-below-level-4.ts';
import { confirmedWithoutRepro } from '../../src/lib/checks/finding/confirmed-without-repro.ts';
import { confirmedWithoutCheckout } from '../../src/lib/checks/finding/confirmed-without-checkout.ts';
import { reproOutputTooLong } from '../../src/lib/checks/finding/repro-output-too-long.ts';
import { clearedLevel1 } from '../../src/lib/checks/finding/cleared-level-1.ts';
import { verifiedAtLevel1 } from '../../src/lib/checks/verdict/verified-at-level-1.ts';
import { locationNotFound } from '../../src/lib/checks/finding/location-not-found.ts';
import { invalidReview } from '../../src/lib/checks/finding/invalid-review.ts';
import { noPremiseRow } from '../../src/lib/checks/loop/no-premise-row.ts';
import { counterReset } from '../../src/lib/checks/loop/counter-reset.ts';
import { attemptAfterFailedPremise } from '../../src/lib/checks/loop/attempt-after-failed-premise.ts';
import { invalidPremiseRow } from '../../src/lib/checks/loop/invalid-row.ts';

const input = (verdicts: VerdictsModel | null, invalid: InvalidRecord[] = []): TrailCheckInput => ({ rows: [], invalid, warnings: [], audit: { present: false }, reviewFlags: [], verdicts });
const model = (parts: Partial<VerdictsModel>): VerdictsModel => ({ qa: [], skills: [], reviews: [], loops: [], ...parts });
const flagsOf = (check: { run(i: TrailCheckInput): Array<{ kind: string; severity: string; summary: string; at: unknown }> }, verdicts: VerdictsModel | null, invalid: InvalidRecord[] = []) =>
  check.run(input(verdicts, invalid)).map((f) => ({ kind: f.kind, severity: f.severity, summary: f.summary, at: f.at }));

const qaFile = (verdict: string, criteria: unknown[]): string => JSON.stringify({ version: 1, ticket: 'T-1', gate: 'qa', verdict, criteria }, null, 2);
const crit = (id: string, state: string, nonblocking: string | null = null): Record<string, unknown> => ({ id, kind: 'criterion', text: `text ${id}`, state, level: 4, evidence: 'src/a.ts', nonblocking });
const qaOf = (verdict: string, criteria: unknown[]) => {
  const r = parseQaJson(qaFile(verdict, criteria), 'qa/T-1.json', 'T-1', new AnchorSet());
  if (!r.verdict) throw new Error('invalid');
  return r.verdict;
};

describe('evidence ladder and states', () => {
  it('names the five rungs as Trailbook reads them', () => {
    expect(EVIDENCE_LADDER).toEqual({ 1: 'claimed', 2: 'read the code or diff', 3: 'static check (types, lint, search)', 4: 'ran a repro or test on the real artifact', 5: 'observed on the integrated target (CI on the landed head, deployed)' });
    expect([levelText(2), levelText(null), levelText(9)]).toEqual(['level 2 — read the code or diff', 'no level stated', 'level 9']);
  });

  it('normalises states and classes verdicts', () => {
    expect(['verified', 'not verified', 'Not-Verified', 'inconclusive', 'skipped'].map(normaliseState)).toEqual(['VERIFIED', 'NOT_VERIFIED', 'NOT_VERIFIED', 'INCONCLUSIVE', 'SKIPPED']);
    expect(['PASS', 'pass', 'FIXED(2)', 'FIXED', 'FAIL', 'BLOCKED', 'PASS_WITH_CONCERNS'].map(verdictClass)).toEqual(['pass', 'pass', 'pass', 'pass', 'fail', 'blocked', 'other']);
  });

  it('INCONCLUSIVE always reads "not verified"', () => {
    expect(stateWord('INCONCLUSIVE').label).toBe('not verified (inconclusive)');
    expect(stateWord('SKIPPED')).toEqual({ label: 'not verified (skipped)', tone: 'unknown', icon: '?' });
    expect(premiseWord('inconclusive').label).toBe('not verified (inconclusive)');
    expect([premiseWord('holds').label, premiseWord('fails').label, premiseWord(null).label]).toEqual(['holds', 'fails', 'not tested']);
    expect([findingWord('CONFIRMED').label, findingWord('REFUTED').label, findingWord('PLAUSIBLE').label, findingWord(null).label]).toEqual(['confirmed', 'refuted', 'plausible (not proven)', 'no verdict recorded']);
  });
});

describe('invalid verdict files are named at the line of their fault (kinds16)', () => {
  // Before: a QA or review file cut off at line 9, or with a bad field on line 5, was reported at line 1.
  it('a cut-off QA file at the line it stops, a bad field at its line', () => {
    const whole = qaFile('PASS', [crit('AC-1', 'VERIFIED')]);
    const cut = parseQaJson(whole.slice(0, 141), 'qa/T-1.json', 'T-1', new AnchorSet());
    expect(cut.invalid.map((i) => [i.kind, i.line])).toEqual([['verdict/invalid-file', 9]]);
    expect(cut.invalid[0]?.error).toMatch(/^qa\/T-1\.json is not valid JSON: .*\(line 9 column \d+\)$/);
    const badVerdict = parseQaJson(whole.replace('"verdict": "PASS"', '"verdict": 7'), 'qa/T-1.json', 'T-1', new AnchorSet());
    expect(badVerdict.invalid.map((i) => [i.line, i.error])).toEqual([[5, 'qa/T-1.json: field “verdict” must be string, got number']]);
  });

  it('a review file alike', () => {
    const text = JSON.stringify({ version: 1, target: 'pr-1', checkout: 'yes', findings: [] }, null, 2);
    expect(parseReviewFile(text, 'reviews/pr-1.json', 'pr-1', new AnchorSet()).invalid.map((i) => [i.kind, i.line, i.error])).toEqual([['finding/invalid-file', 4, 'reviews/pr-1.json: field “checkout” must be boolean, got string']]);
    expect(parseReviewFile('{\n  "version": 1,\n  "findings": [\n', 'reviews/pr-1.json', 'pr-1', new AnchorSet()).invalid.map((i) => i.line)).toEqual([3]);
  });
});

describe('gate support', () => {
  const ok = { raw: 'src/a.ts', kind: 'path', status: 'VERIFIED', reason: 'file exists' } as const;
  const c = (id: string, state: string, nonblocking: string | null = null, evidence: QaCriterion['evidence'] = [ok]) => ({ id, state, nonblocking, evidenceText: evidence.map((p) => p.raw).join(' '), evidence }) as QaCriterion;
  it('PASS needs every criterion VERIFIED or INCONCLUSIVE with a nonblocking reason', () => {
    expect(structuredSupport('PASS', [c('a', 'VERIFIED'), c('b', 'VERIFIED')])).toEqual({ supported: true, reason: 'every criterion (2) is verified' });
    expect(structuredSupport('PASS', [c('a', 'VERIFIED'), c('b', 'INCONCLUSIVE', 'no creds in CI')])).toEqual({ supported: true, reason: 'every criterion is verified, except b: inconclusive, recorded as nonblocking by the gate' });
    expect(structuredSupport('PASS', [c('a', 'NOT_VERIFIED'), c('b', 'INCONCLUSIVE', ' '), c('x', 'SKIPPED')])).toEqual({
      supported: false,
      reason: 'PASS is not supported: 1 criterion not verified (a); 1 criterion inconclusive without a nonblocking reason (b); 1 criterion in a state that is not one of the three (x: SKIPPED)',
    });
    expect(structuredSupport('PASS', [])).toEqual({ supported: null, reason: 'no criteria are recorded, so nothing shows what the gate covered' });
  });

  it('PASS is not supported by a VERIFIED claim whose evidence does not resolve, or by criteria that could not be read', () => {
    const fake = { raw: 'deadbeef', kind: 'commit', status: 'NOT_VERIFIED', reason: 'no commit deadbeef in repo.git' } as const;
    const command = { raw: 'npm test', kind: 'command', status: 'INCONCLUSIVE', reason: 'a command is not evidence of its result' } as const;
    expect(structuredSupport('PASS', [c('a', 'VERIFIED', null, [fake]), c('b', 'VERIFIED', null, []), c('c', 'VERIFIED', null, [command])], 1)).toEqual({
      supported: false,
      reason: 'PASS is not supported: 2 criteria recorded VERIFIED without evidence that resolves (a, b); 1 criterion could not be read (see Invalid records)',
    });
    expect(unbackedEvidence(c('a', 'VERIFIED', null, [ok, fake]))).toBe('rests on evidence that does not resolve: “deadbeef” (no commit deadbeef in repo.git)');
    expect(unbackedEvidence(c('b', 'VERIFIED', null, []))).toBe('gives no evidence');
    expect(unbackedEvidence(c('c', 'VERIFIED', null, [command]))).toBeNull();
    expect(unbackedEvidence(c('d', 'NOT_VERIFIED', null, [fake]))).toBeNull();
    expect(structuredSupport('PASS', [], 2)).toEqual({ supported: false, reason: 'PASS is not supported: 2 criteria could not be read (see Invalid records)' });
  });

  it('FAIL and BLOCKED are supported by a criterion that is not verified', () => {
    expect(structuredSupport('FAIL', [c('a', 'NOT_VERIFIED')])).toEqual({ supported: true, reason: 'the gate did not pass: 1 criterion not verified (a)' });
    expect(structuredSupport('BLOCKED', [c('a', 'VERIFIED')])).toEqual({ supported: false, reason: 'every criterion is verified, yet the verdict is BLOCKED' });
    expect(structuredSupport('MAYBE', [])).toEqual({ supported: null, reason: 'verdict MAYBE is none of PASS, FAIL, BLOCKED' });
    expect(supportWord({ supported: false, reason: '' }, 'PASS')).toEqual({ label: 'criteria do not support PASS', tone: 'bad', icon: '✗' });
  });

  it('babysit text: PASS or FIXED needs no C or D grade and freshness A', () => {
    expect(textSupport('PASS', parseRubricGrades('flow=A data=B freshness=A'))).toEqual({ supported: true, reason: 'no dimension is graded below B, and freshness is A' });
    expect(textSupport('PASS', parseRubricGrades('flow=A security=F'))).toEqual({ supported: false, reason: 'PASS is contradicted by its rubric: security=F' });
    expect(textSupport('PASS', parseRubricGrades('flow=B+ docs=N/A'))).toEqual({ supported: true, reason: 'no dimension is graded below B' });
    expect(textSupport('FIXED(2)', parseRubricGrades('flow=D freshness=B'))).toEqual({ supported: false, reason: 'FIXED(2) is contradicted by its rubric: flow=D, freshness=B' });
    expect(textSupport('PASS', [])).toEqual({ supported: null, reason: 'no RUBRIC grades are recorded, so nothing shows what the gate covered' });
    expect(textSupport('FAIL', parseRubricGrades('flow=D'))).toEqual({ supported: null, reason: 'the gate did not pass' });
  });
});

describe('QA JSON', () => {
  it('reads the gate and each criterion with its line and anchor', () => {
    const text = qaFile('pass', [crit('AC-1', 'verified'), { id: 'J-1', kind: 'journey', text: 'j', state: 'INCONCLUSIVE', evidence: 'npm test', nonblocking: 'no binary yet', owner: 'qa-bot' }]);
    const r = parseQaJson(text, 'qa/T-1.json', 'T-1', new AnchorSet());
    expect(r.invalid).toEqual([]);
    expect(r.invalidLines).toBe(0);
    expect(r.verdict).toMatchObject({ form: 'structured', ticket: 'T-1', gate: 'qa', verdict: 'PASS', verdictClass: 'pass', anchor: 'qa-t-1', support: { supported: true } });
    expect(r.verdict?.criteria.map((c) => [c.id, c.kind, c.state, c.level, c.evidenceText, c.nonblocking, c.line, c.anchor, c.extra])).toEqual([
      ['AC-1', 'criterion', 'VERIFIED', 4, 'src/a.ts', null, 7, 'qa-t-1-ac-1', {}],
      ['J-1', 'journey', 'INCONCLUSIVE', null, 'npm test', 'no binary yet', 16, 'qa-t-1-j-1', { owner: 'qa-bot' }],
    ]);
  });

  it('keeps a bad criterion as an invalid record, the file as one when it is not a verdict', () => {
    const text = qaFile('PASS', [crit('AC-1', 'VERIFIED'), { id: 'AC-2', state: 'VERIFIED', level: 7 }]);
    const r = parseQaJson(text, 'qa/T-1.json', 'T-1', new AnchorSet());
    expect(r.verdict?.criteria.map((c) => c.id)).toEqual(['AC-1']);
    expect(r.invalid.map((i) => [i.line, i.kind, i.error])).toEqual([[16, 'verdict/invalid-criterion', 'qa/T-1.json criterion 2: field “level” is too large (Too big: expected number to be <=5)']]);
    expect(r.invalidLines).toBe(5);
    expect(parseQaJson('{"version":1}', 'qa/x.json', 'x', new AnchorSet()).invalid.map((i) => [i.kind, i.error])).toEqual([['verdict/invalid-file', 'qa/x.json: missing required field “verdict”']]);
    const notJson = parseQaJson('{', 'qa/x.json', 'x', new AnchorSet());
    expect([notJson.verdict, notJson.invalid[0]?.kind, notJson.invalidLines]).toEqual([null, 'verdict/invalid-file', Infinity]);
  });
});

describe('babysit text verdicts', () => {
  const QA_MD = ['STATUS: DONE', 'VERDICT: FIXED(2)', 'SUMMARY: green after two fixes', 'SOURCES:', '- plan.md', '- journey log', 'RUBRIC: flow=A boundary=B security=N/A freshness=A', 'EVIDENCE: agent-browser journey', 'NOTES: kept', ''].join('\n');

  it('splits KEY: blocks with their lines', () => {
    expect(textBlocks('intro\nSTATUS: DONE\nVERDICT: PASS\nmore\n').blocks).toEqual([
      { key: 'STATUS', value: 'DONE', line: 2 },
      { key: 'VERDICT', value: 'PASS\nmore', line: 3 },
    ]);
    expect(parseSources('a.md, b log')).toEqual(['a.md', 'b log']);
    expect(parseRubricGrades('- flow: A\n- perf=b, security=N/A, odd=?')).toEqual([
      { dimension: 'flow', grade: 'A' },
      { dimension: 'perf', grade: 'B' },
      { dimension: 'security', grade: 'N/A' },
    ]);
  });

  it('reads verdicts/qa.md', () => {
    const r = parseQaText(QA_MD, 'verdicts/qa.md', 'bs-x', new AnchorSet());
    expect(r.invalid).toEqual([]);
    expect(r.verdict).toEqual({
      form: 'babysit-text',
      file: 'verdicts/qa.md',
      line: 2,
      anchor: 'qa-bs-x',
      ticket: 'bs-x',
      gate: 'qa',
      verdict: 'FIXED(2)',
      verdictClass: 'pass',
      fixed: 2,
      criteria: [],
      status: 'DONE',
      summary: 'green after two fixes',
      sources: ['plan.md', 'journey log'],
      rubric: [
        { dimension: 'flow', grade: 'A' },
        { dimension: 'boundary', grade: 'B' },
        { dimension: 'security', grade: 'N/A' },
        { dimension: 'freshness', grade: 'A' },
      ],
      evidenceText: 'agent-browser journey',
      support: { supported: true, reason: 'no dimension is graded below B, and freshness is A' },
      extra: { NOTES: 'kept' },
    });
  });

  it('a text without VERDICT is invalid; a skill file must start with STATUS', () => {
    expect(parseQaText('STATUS: DONE\n', 'verdicts/qa.md', 'x', new AnchorSet()).invalid.map((i) => [i.line, i.kind, i.error])).toEqual([[1, 'verdict/invalid-text', 'verdicts/qa.md has no VERDICT: line (expected VERDICT: PASS, FIXED(<N>) or FAIL)']]);
    const ok = parseSkillStatus('\nSTATUS: DONE_WITH_CONCERNS\n\nTwo **notes**.\n', 'verdicts/review.md', 'review', new AnchorSet());
    expect(ok.status).toEqual({ skill: 'review', file: 'verdicts/review.md', line: 2, status: 'DONE_WITH_CONCERNS', bodyHtml: '<p>Two <strong>notes</strong>.</p>', anchor: 'skill-review' });
    expect(parseSkillStatus('# Review\nSTATUS: DONE\n', 'verdicts/review.md', 'review', new AnchorSet()).invalid.map((i) => [i.line, i.kind])).toEqual([[1, 'verdict/no-status-line']]);
  });
});

describe('review files', () => {
  const STRUCTURED = JSON.stringify(
    {
      version: 1,
      target: 'https://github.com/x/y/pull/1',
      checkout: false,
      findings: [
        { file: 'src/a.ts', line: 12, summary: 'off by one', failure_scenario: 'repro: `node t.js` → got 1\nexpected 2', category: 'Correctness', verdict: 'confirmed', level: 4 },
        { file: 'src/b.ts', line: '7', summary: 's', repro: { command: 'npm test', output: 'ok\n' }, extra: true },
        { file: 'src/c.ts', summary: '' },
      ],
      cleared: [{ check: 'no race', level: 3 }, { check: 'bad', level: 0 }],
    },
    null,
    2,
  );

  it('reads the structured form: findings, repros, cleared checks, lines and anchors', () => {
    const r = parseReviewFile(STRUCTURED, 'reviews/pr-1.json', 'pr-1', new AnchorSet());
    expect([r.review?.form, r.review?.target, r.review?.checkout, r.review?.anchor]).toEqual(['structured', 'https://github.com/x/y/pull/1', false, 'review-pr-1']);
    expect(r.review?.findings.map((f) => [f.line, f.anchor, f.path, f.pathLine, f.category, f.verdict, f.level, f.repro, f.extra])).toEqual([
      [6, 'finding-pr-1-1', 'src/a.ts', 12, 'correctness', 'CONFIRMED', 4, { command: 'node t.js', output: 'got 1\nexpected 2', outputLines: 2, from: 'failure_scenario' }, {}],
      [15, 'finding-pr-1-2', 'src/b.ts', 7, null, null, null, { command: 'npm test', output: 'ok', outputLines: 1, from: 'field' }, { extra: true }],
    ]);
    expect(r.review?.cleared).toEqual([{ check: 'no race', level: 3, file: 'reviews/pr-1.json', line: 31, anchor: 'cleared-pr-1-1' }]);
    expect(r.invalid.map((i) => [i.line, i.kind, i.error])).toEqual([
      [25, 'finding/invalid-finding', 'reviews/pr-1.json finding 3: field “summary” is empty'],
      [35, 'finding/invalid-finding', 'reviews/pr-1.json cleared check 2: field “level” is too small (Too small: expected number to be >=1)'],
    ]);
    expect(r.invalidLines).toBe(8);
  });

  it('reads babysit’s bare array, and rejects other shapes', () => {
    const r = parseReviewFile('[{"file":"a.py","line":3,"summary":"s","failure_scenario":"f"}]', 'reviews/b.json', 'b', new AnchorSet());
    expect([r.review?.form, r.review?.checkout, r.review?.findings[0]?.verdict, r.review?.findings[0]?.line]).toEqual(['bare-array', null, null, 1]);
    expect(parseReviewFile('"x"', 'reviews/c.json', 'c', new AnchorSet()).invalid.map((i) => i.error)).toEqual(['reviews/c.json: the record must be object, got string']);
  });

  it('reads repro: <command> → <output> from a failure scenario', () => {
    expect(reproFromScenario('Reading shows x. repro: `npx vitest -t a` -> FAIL a\nexpected 2')).toEqual({ command: 'npx vitest -t a', output: 'FAIL a\nexpected 2', outputLines: 2, from: 'failure_scenario' });
    expect(reproFromScenario('no run here')).toBe(null);
    expect([outputLines(''), outputLines('a\n'), outputLines('a\nb\n\n')]).toEqual([0, 1, 2]);
  });
});

describe('premise rows and loops', () => {
  const row = (o: Record<string, unknown>): string => JSON.stringify({ ts: '2026-03-07T09:00:00Z', ticket: 'T-1', gate: 'qa', fingerprint: 'qa: x', ...o });

  it('normalises fingerprints: ids, times and numbers removed', () => {
    expect(normaliseFingerprint('QA: row 12 failed (run 8f3a2c1d) at 2026-03-07T09:00:00Z')).toBe('qa: row <n> failed (run <id>) at <time>');
    expect(normaliseFingerprint('qa: a (run 77be90a4)')).toBe(normaliseFingerprint('QA:  a (run 0c9d1e2f)'));
  });

  it('reads rows, keeps invalid lines raw, and groups loops', () => {
    const text = [row({ attempt: 1 }), '', '{"gate": "qa"}', 'not json', row({ attempt: 2, premise: 'sorted', premise_result: 'Fails', check: 'c' }), row({ attempt: 1, gate: 'review' })].join('\n');
    const r = parsePremiseLines(splitLines(Buffer.from(text)), 'premises.jsonl');
    expect(r.invalid.map((i) => [i.line, i.kind, i.error])).toEqual([
      [2, 'loop/invalid-row', 'premises.jsonl:2: blank line'],
      [3, 'loop/invalid-row', 'premises.jsonl:3: missing required field “attempt”'],
      [4, 'loop/invalid-row', "premises.jsonl:4: not JSON: Unexpected token 'o'"],
    ]);
    const loops = groupLoops(r.rows);
    expect(loops.map((l) => [l.anchor, l.gate, l.attempts, l.rows.map((x) => [x.line, x.anchor, x.premiseResult]), l.premiseRow?.line ?? null, l.outcome])).toEqual([
      ['loop-1', 'qa', 2, [[1, 'premise-premises-jsonl-L1', null], [5, 'premise-premises-jsonl-L5', 'fails']], 5, 'stopped at attempt 2: the premise fails; the blocker goes to investigate'],
      ['loop-2', 'review', 1, [[6, 'premise-premises-jsonl-L6', null]], null, '1 attempt; no premise recorded'],
    ]);
  });

  it('describes the outcome of each branch', () => {
    const loopOf = (...rows: string[]) => groupLoops(parsePremiseLines(splitLines(Buffer.from(rows.join('\n'))), 'p').rows)[0]?.outcome;
    expect(loopOf(row({ attempt: 1 }), row({ attempt: 2, premise: 'p', premise_result: 'holds' }), row({ attempt: 3, outcome: 'fixed' }))).toBe('3 attempts; premise checked: holds (fixed)');
    expect(loopOf(row({ attempt: 2, premise: 'p', premise_result: 'inconclusive' }))).toBe('2 attempts; premise not verified (inconclusive)');
    expect(loopOf(row({ attempt: 2, premise: 'p' }))).toBe('2 attempts; premise named, not tested');
    expect(loopOf(row({ attempt: 2, premise: 'p', premise_result: 'fails' }), row({ attempt: 3 }))).toBe('premise fails at attempt 2, yet 1 more attempt was made: the loop should have stopped and handed the blocker to investigate');
  });
});

describe('readVerdicts', () => {
  it('finds each file’s role', () => {
    expect(['qa/T-1.json', 'verdicts/qa.json', 'verdicts/qa.md', 'verdicts/review.md', 'reviews/pr-1.json', 'premises.jsonl', 'qa/notes.md', 'x/premises.jsonl'].map(verdictFileRole)).toEqual([
      { role: 'qa-json', ticket: 'T-1' },
      { role: 'qa-json', ticket: null },
      { role: 'qa-text' },
      { role: 'skill', skill: 'review' },
      { role: 'review', name: 'pr-1' },
      { role: 'premises' },
      null,
      null,
    ]);
    expect(locationPointer('src/a.ts', 12)).toEqual({ raw: 'src/a.ts:12', kind: 'path', path: 'src/a.ts', from: 12, to: 12 });
    expect(locationPointer('/tmp/x.ts', null).kind).toBe('ephemeral');
    expect(locationPointer('weird name.ts', 3)).toEqual({ raw: 'weird name.ts:3', kind: 'path', path: 'weird name.ts', from: 3, to: 3 });
  });

  it('reads every file, resolves evidence and locations, and accounts for every line', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'trailbook-verdicts-'));
    const files: Record<string, string> = {
      'qa/T-1.json': qaFile('PASS', [crit('AC-1', 'VERIFIED')]) + '\n',
      'reviews/pr-1.json': JSON.stringify([{ file: 'notes.md', line: 1, summary: 's', failure_scenario: 'f' }]) + '\n',
      'premises.jsonl': `${row0()}\n`,
      'verdicts/qa.md': 'no verdict here\n',
      'notes.md': 'x\n',
    };
    function row0(): string {
      return JSON.stringify({ gate: 'qa', attempt: 1 });
    }
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), text);
    }
    const ctx = { repository: null, repositoryName: 'no repository', head: null, problem: 'no repository', artifacts: new ArtifactFolder(dir) };
    const r = await readVerdicts(
      Object.keys(files).filter((f) => f !== 'notes.md').map((rel) => ({ path: path.join(dir, rel), rel, bytes: 1 })),
      'proj',
      ctx,
    );
    expect(r.sources.map((s) => [s.path, s.lines, s.valid, s.invalid])).toEqual([
      ['premises.jsonl', 1, 1, 0],
      ['qa/T-1.json', 17, 17, 0],
      ['reviews/pr-1.json', 1, 1, 0],
      ['verdicts/qa.md', 1, 0, 1],
    ]);
    expect(r.invalid.map((i) => i.kind)).toEqual(['verdict/invalid-text']);
    expect(r.verdicts?.qa[0]?.criteria[0]?.evidence.map((p) => [p.raw, p.status, p.reason])).toEqual([['src/a.ts', 'INCONCLUSIVE', 'no repository']]);
    expect(r.verdicts?.reviews[0]?.findings[0]?.location).toMatchObject({ raw: 'notes.md:1', status: 'VERIFIED', target: { type: 'file', path: 'notes.md', origin: 'artifact', from: 1, to: 1 } });
    expect(r.verdicts?.loops.map((l) => l.attempts)).toEqual([1]);
    expect((await readVerdicts([], 'p', ctx)).verdicts).toBe(null);
  });
});

describe('verdict checks', () => {
  it('verdict/pass-with-not-verified and verdict/pass-with-inconclusive', () => {
    const gate = qaOf('PASS', [crit('AC-1', 'VERIFIED'), crit('AC-2', 'NOT_VERIFIED'), crit('J-1', 'INCONCLUSIVE'), crit('J-2', 'INCONCLUSIVE', 'no creds; nonblocking')]);
    expect(flagsOf(passWithNotVerified, model({ qa: [gate] }))).toEqual([{ kind: 'verdict/pass-with-not-verified', severity: 'high', summary: 'qa gate of T-1 says PASS, but criterion AC-2 “text AC-2” is NOT_VERIFIED', at: [{ file: 'qa/T-1.json', line: 16 }] }]);
    expect(flagsOf(passWithInconclusive, model({ qa: [gate] }))).toEqual([{ kind: 'verdict/pass-with-inconclusive', severity: 'high', summary: 'qa gate of T-1 says PASS, but criterion J-1 “text J-1” is INCONCLUSIVE (not verified) with no nonblocking reason', at: [{ file: 'qa/T-1.json', line: 25 }] }]);
    const failed = qaOf('FAIL', [crit('AC-2', 'NOT_VERIFIED'), crit('J-1', 'INCONCLUSIVE')]);
    expect([...flagsOf(passWithNotVerified, model({ qa: [failed] })), ...flagsOf(passWithInconclusive, model({ qa: [failed] }))]).toEqual([]);
    expect(flagsOf(passWithNotVerified, null)).toEqual([]);
  });

  it('verdict/pass-with-not-verified: a state that is none of the three never counts as verified', () => {
    const gate = qaOf('PASS', [crit('AC-1', 'DONE'), crit('AC-2', 'V\u0415RIFIED')]);
    expect(flagsOf(passWithNotVerified, model({ qa: [gate] })).map((f) => f.summary)).toEqual([
      'qa gate of T-1 says PASS, but criterion AC-1 “text AC-1” is in state “DONE”, none of VERIFIED, NOT_VERIFIED, INCONCLUSIVE',
      'qa gate of T-1 says PASS, but criterion AC-2 “text AC-2” is in state “V\u0415RIFIED”, none of VERIFIED, NOT_VERIFIED, INCONCLUSIVE',
    ]);
  });

  it('verdict/criterion-evidence-not-verified and verdict/pass-without-criteria', () => {
    const gate = qaOf('PASS', [crit('AC-1', 'VERIFIED'), crit('AC-2', 'VERIFIED'), crit('AC-3', 'NOT_VERIFIED')]);
    const [a, b, c] = gate.criteria as [QaCriterion, QaCriterion, QaCriterion];
    a.evidence = [{ raw: 'src/a.ts', kind: 'path', status: 'VERIFIED', reason: 'file exists' }];
    b.evidence = [{ raw: 'trust me it works', kind: 'prose', status: 'NOT_VERIFIED', reason: 'evidence must be a pointer, not prose' }];
    c.evidence = b.evidence;
    expect(flagsOf(criterionEvidenceNotVerified, model({ qa: [gate] }))).toEqual([
      { kind: 'verdict/criterion-evidence-not-verified', severity: 'high', summary: 'qa gate of T-1: criterion AC-2 “text AC-2” is recorded VERIFIED but rests on evidence that does not resolve: “trust me it works” (evidence must be a pointer, not prose)', at: [{ file: 'qa/T-1.json', line: 16 }] },
    ]);
    expect(flagsOf(passWithoutCriteria, model({ qa: [qaOf('PASS', [])] }))).toEqual([{ kind: 'verdict/pass-without-criteria', severity: 'medium', summary: 'qa gate of T-1 says PASS with no criteria recorded: nothing shows what the gate covered', at: [{ file: 'qa/T-1.json', line: 1 }] }]);
    expect(flagsOf(passWithoutCriteria, model({ qa: [qaOf('FAIL', [])] }))).toEqual([]);
  });

  it('a VERIFIED criterion resting on a pointer that resolves to something else (a test title not in its file) is medium, as the same pointer on a trail row is (trust14)', () => {
    const gate = qaOf('PASS', [crit('AC-1', 'VERIFIED'), crit('AC-2', 'VERIFIED'), crit('AC-3', 'VERIFIED')]);
    const [a, b, c] = gate.criteria as [QaCriterion, QaCriterion, QaCriterion];
    const title: QaCriterion['evidence'][number] = { raw: 'tests/a.test.ts > reads no row', kind: 'test', status: 'NOT_VERIFIED', reason: 'test “reads no row” not found in tests/a.test.ts at landed head', fault: 'evidence/test-not-found' };
    const sha: QaCriterion['evidence'][number] = { raw: 'abc1234', kind: 'commit', status: 'NOT_VERIFIED', reason: 'abc1234 is ambiguous: 2 commits start with it', fault: 'evidence/commit-ambiguous' };
    a.evidence = [title];
    b.evidence = [sha];
    // Beside a pointer to nothing, the high flag stays.
    c.evidence = [title, { raw: 'src/missing.ts', kind: 'path', status: 'NOT_VERIFIED', reason: 'src/missing.ts not found at landed head', fault: 'evidence/path-not-found' }];
    // Before: all three high verdict/criterion-evidence-not-verified, where a trail row citing the title or the SHA gets a medium flag.
    expect(flagsOf(criterionEvidenceNotVerified, model({ qa: [gate] })).map((f) => [f.kind, f.severity, f.summary])).toEqual([
      ['verdict/criterion-evidence-mismatch', 'medium', 'qa gate of T-1: criterion AC-1 “text AC-1” is recorded VERIFIED but rests on evidence that does not resolve: “tests/a.test.ts > reads no row” (test “reads no row” not found in tests/a.test.ts at landed head)'],
      ['verdict/criterion-evidence-mismatch', 'medium', 'qa gate of T-1: criterion AC-2 “text AC-2” is recorded VERIFIED but rests on evidence that does not resolve: “abc1234” (abc1234 is ambiguous: 2 commits start with it)'],
      [
        'verdict/criterion-evidence-not-verified',
        'high',
        'qa gate of T-1: criterion AC-3 “text AC-3” is recorded VERIFIED but rests on evidence that does not resolve: “tests/a.test.ts > reads no row” (test “reads no row” not found in tests/a.test.ts at landed head); “src/missing.ts” (src/missing.ts not found at landed head)',
      ],
    ]);
    // The gate's verdict is still not supported by them.
    expect(structuredSupport('PASS', gate.criteria)).toEqual({ supported: false, reason: 'PASS is not supported: 3 criteria recorded VERIFIED without evidence that resolves (AC-1, AC-2, AC-3)' });
  });

  it('a described check is not checkable, with a low notice; a pointer that does not resolve beside it keeps its high flag (issue 13, item 5)', async () => {
    const ctx = { repository: null, repositoryName: 'no repository', head: null, problem: 'no repository', artifacts: new ArtifactFolder(tmpdir()) };
    const described = asDescribedChecks(await resolveEvidence(classifyEvidence('staging run 2026-04-02'), ctx));
    expect(described).toEqual([{ raw: 'staging run 2026-04-02', kind: 'prose', status: 'INCONCLUSIVE', reason: 'a description of the check, not a pointer: not checkable' }]);
    const gate = qaOf('PASS', [crit('J-1', 'VERIFIED'), crit('J-2', 'VERIFIED'), crit('J-3', 'VERIFIED')]);
    const [j1, j2, j3] = gate.criteria as [QaCriterion, QaCriterion, QaCriterion];
    j1.evidence = described;
    j1.evidenceText = 'staging run 2026-04-02';
    // A description beside a pointer that resolves: nothing to say.
    j2.evidence = [...described, { raw: 'src/a.ts', kind: 'path', status: 'VERIFIED', reason: 'file exists' }];
    // A description beside a fake SHA: the SHA's fault stays, and so does the high flag.
    j3.evidence = [...described, { raw: 'deadbee1', kind: 'commit', status: 'NOT_VERIFIED', reason: 'no commit deadbee1', fault: 'evidence/commit-not-found' }];
    expect(flagsOf(criterionDescribed, model({ qa: [gate] }))).toEqual([
      { kind: 'verdict/criterion-described', severity: 'low', summary: 'qa gate of T-1: criterion J-1 “text J-1” is recorded VERIFIED on a description of the check (“staging run 2026-04-02”): not checkable', at: [{ file: 'qa/T-1.json', line: 7 }] },
    ]);
    expect(flagsOf(criterionEvidenceNotVerified, model({ qa: [gate] })).map((f) => [f.kind, f.severity, f.summary])).toEqual([
      ['verdict/criterion-evidence-not-verified', 'high', 'qa gate of T-1: criterion J-3 “text J-3” is recorded VERIFIED but rests on evidence that does not resolve: “deadbee1” (no commit deadbee1)'],
    ]);
    expect(structuredSupport('PASS', gate.criteria)).toEqual({ supported: false, reason: 'PASS is not supported: 1 criterion recorded VERIFIED without evidence that resolves (J-3)' });
  });

  it('verdict/pass-contradicts-rubric: babysit text only', () => {
    const v = parseQaText('STATUS: DONE\nVERDICT: PASS\nRUBRIC: flow=A data=C freshness=B\n', 'verdicts/qa.md', 'x', new AnchorSet()).verdict;
    expect(flagsOf(passContradictsRubric, model({ qa: v ? [v] : [] }))).toEqual([{ kind: 'verdict/pass-contradicts-rubric', severity: 'medium', summary: 'verdicts/qa.md says PASS, but its rubric grades data=C, freshness=B', at: [{ file: 'verdicts/qa.md', line: 2 }] }]);
    const honest = parseQaText('STATUS: BLOCKED\nVERDICT: FAIL\nRUBRIC: flow=D\n', 'verdicts/qa.md', 'x', new AnchorSet()).verdict;
    expect(flagsOf(passContradictsRubric, model({ qa: honest ? [honest] : [] }))).toEqual([]);
  });

  it('verdict/invalid-*: from invalid records', () => {
    const invalid: InvalidRecord[] = ['verdict/invalid-file', 'verdict/invalid-criterion', 'verdict/invalid-text', 'verdict/no-status-line', 'trail/not-json'].map((kind, i) => ({ file: 'f', line: i + 1, kind, error: `e${i}`, raw: '' }));
    expect(flagsOf(invalidVerdict, null, invalid).map((f) => [f.kind, f.severity, f.summary, f.at])).toEqual([
      ['verdict/invalid-file', 'high', 'e0', [{ file: 'f', line: 1 }]],
      ['verdict/invalid-criterion', 'high', 'e1', [{ file: 'f', line: 2 }]],
      ['verdict/invalid-text', 'high', 'e2', [{ file: 'f', line: 3 }]],
      ['verdict/no-status-line', 'medium', 'e3', [{ file: 'f', line: 4 }]],
    ]);
  });
});

describe('finding checks', () => {
  const review = (checkout: boolean | null, findings: unknown[], cleared: unknown[] = []) => {
    const r = parseReviewFile(JSON.stringify({ version: 1, target: 'PR 9', checkout, findings, cleared }, null, 2), 'reviews/pr-9.json', 'pr-9', new AnchorSet()).review;
    if (!r) throw new Error('invalid');
    return r;
  };
  const f = (o: Record<string, unknown>) => ({ file: 'src/a.ts', line: 3, summary: 'bug', failure_scenario: '', category: 'correctness', verdict: 'CONFIRMED', level: 4, repro: { command: 'npm t', output: 'FAIL' }, ...o });

  it('finding/confirmed-below-level-4 and finding/confirmed-without-repro (correctness only)', () => {
    const r = review(true, [f({ level: 2, repro: null }), f({ level: null }), f({}), f({ category: 'cleanup', level: 2, repro: null }), f({ verdict: 'PLAUSIBLE', level: 2, repro: null }), f({ repro: { command: 'npm t', output: '' } })]);
    expect(flagsOf(confirmedBelowLevel4, model({ reviews: [r] }))).toEqual([
      { kind: 'finding/confirmed-below-level-4', severity: 'high', summary: 'reviews/pr-9.json finding 1 “bug” is CONFIRMED at level 2 — read the code or diff; CONFIRMED needs level 4 or 5, so it is PLAUSIBLE at most', at: [{ file: 'reviews/pr-9.json', line: 6 }] },
      { kind: 'finding/confirmed-below-level-4', severity: 'high', summary: 'reviews/pr-9.json finding 2 “bug” is CONFIRMED at no level stated; CONFIRMED needs level 4 or 5, so it is PLAUSIBLE at most', at: [{ file: 'reviews/pr-9.json', line: 16 }] },
    ]);
    expect(flagsOf(confirmedWithoutRepro, model({ reviews: [r] })).map((x) => [x.summary, x.at])).toEqual([
      ['reviews/pr-9.json finding 1 “bug” is CONFIRMED but has no repro', [{ file: 'reviews/pr-9.json', line: 6 }]],
      ['reviews/pr-9.json finding 6 “bug” is CONFIRMED but has a repro (“npm t”) with no output', [{ file: 'reviews/pr-9.json', line: 62 }]],
    ]);
  });

  it('a category that is none of the four does not exempt a CONFIRMED finding from the run rules', () => {
    const r = review(false, [f({ category: 'security', level: 1, repro: null }), f({ category: 'corectness', level: 1, repro: null }), f({ category: 'altitude', level: 1, repro: null })]);
    expect(flagsOf(confirmedBelowLevel4, model({ reviews: [r] })).map((x) => x.summary.slice(0, 27))).toEqual(['reviews/pr-9.json finding 1', 'reviews/pr-9.json finding 2']);
    expect(flagsOf(confirmedWithoutCheckout, model({ reviews: [r] }))).toHaveLength(2);
    expect(flagsOf(confirmedWithoutRepro, model({ reviews: [r] }))).toHaveLength(2);
  });

  it('finding/confirmed-without-checkout', () => {
    expect(flagsOf(confirmedWithoutCheckout, model({ reviews: [review(false, [f({}), f({ verdict: 'PLAUSIBLE' })])] }))).toEqual([
      { kind: 'finding/confirmed-without-checkout', severity: 'high', summary: 'reviews/pr-9.json finding 1 “bug” is CONFIRMED on PR 9 that has no local checkout, where no repro may run', at: [{ file: 'reviews/pr-9.json', line: 6 }] },
    ]);
    expect(flagsOf(confirmedWithoutCheckout, model({ reviews: [review(null, [f({})]), review(true, [f({})])] }))).toEqual([]);
  });

  it('finding/repro-output-too-long: more than 20 lines', () => {
    const out = (n: number) => Array.from({ length: n }, (_, i) => `l${i}`).join('\n');
    const r = review(true, [f({ repro: { command: 'c', output: out(20) } }), f({ repro: { command: 'c', output: out(21) } })]);
    expect(flagsOf(reproOutputTooLong, model({ reviews: [r] }))).toEqual([{ kind: 'finding/repro-output-too-long', severity: 'medium', summary: 'reviews/pr-9.json finding 2 “bug”: the repro output is 21 lines; an excerpt has at most 20', at: [{ file: 'reviews/pr-9.json', line: 19 }] }]);
  });

  it('verdict/verified-at-level-1: a criterion VERIFIED on a claim is flagged medium, like a cleared check at level 1, and the PASS is not supported (kinds16)', () => {
    // Before: VERIFIED at level 1 (claimed) raised nothing and the gate read "every criterion (2) is verified".
    const v = qaOf('PASS', [crit('AC-1', 'VERIFIED'), { ...crit('AC-2', 'VERIFIED'), level: 1 }, { ...crit('AC-3', 'NOT_VERIFIED'), level: 1 }, { ...crit('AC-4', 'VERIFIED'), level: null }]);
    expect(flagsOf(verifiedAtLevel1, model({ qa: [v] }))).toEqual([
      { kind: 'verdict/verified-at-level-1', severity: 'medium', summary: 'qa gate of T-1: criterion AC-2 “text AC-2” is recorded VERIFIED at level 1 (claimed): nothing ran, and a claim is never evidence', at: [{ file: 'qa/T-1.json', line: 16 }] },
    ]);
    const claimed = qaOf('PASS', [crit('AC-1', 'VERIFIED'), { ...crit('AC-2', 'VERIFIED'), level: 1 }]);
    expect(claimed.support).toEqual({ supported: false, reason: 'PASS is not supported: 1 criterion recorded VERIFIED at level 1, claimed (AC-2)' });
  });

  it('finding/cleared-level-1', () => {
    const r = review(true, [], [{ check: 'quotes escaped', level: 1 }, { check: 'no race', level: 2 }]);
    expect(flagsOf(clearedLevel1, model({ reviews: [r] }))).toEqual([{ kind: 'finding/cleared-level-1', severity: 'medium', summary: 'reviews/pr-9.json reports “quotes escaped” as cleared at level 1 (claimed); a level-1 clearance is dropped, not reported', at: [{ file: 'reviews/pr-9.json', line: 7 }] }]);
  });

  it('finding/location-not-found: NOT_VERIFIED only', () => {
    const r = review(true, [f({ verdict: 'PLAUSIBLE' }), f({ verdict: 'PLAUSIBLE' })]);
    const [one, two] = r.findings;
    if (!one || !two) throw new Error('no findings');
    one.location = { raw: 'src/a.ts:3', kind: 'path', status: 'NOT_VERIFIED', reason: 'src/a.ts not found at landed head 90ccfe2 nor in the project folder', fault: 'evidence/path-not-found' };
    two.location = { raw: 'src/a.ts:3', kind: 'path', status: 'INCONCLUSIVE', reason: 'no repository' };
    expect(flagsOf(locationNotFound, model({ reviews: [r] }))).toEqual([{ kind: 'finding/location-not-found', severity: 'low', summary: 'reviews/pr-9.json finding 1 “bug” points at src/a.ts:3: src/a.ts not found at landed head 90ccfe2 nor in the project folder', at: [{ file: 'reviews/pr-9.json', line: 6 }] }]);
  });

  it('finding/location-outside-repository: a location above the repository is high, as the same path is in a trail', () => {
    const r = review(true, [f({ verdict: 'CONFIRMED' })]);
    const [one] = r.findings;
    if (!one) throw new Error('no findings');
    one.location = { raw: '../etc/passwd:1', kind: 'path', status: 'NOT_VERIFIED', reason: '../etc/passwd is outside the repository', fault: 'evidence/path-outside-repository' };
    expect(flagsOf(locationNotFound, model({ reviews: [r] }))).toEqual([{ kind: 'finding/location-outside-repository', severity: 'high', summary: 'reviews/pr-9.json finding 1 “bug” points at ../etc/passwd:1: ../etc/passwd is outside the repository', at: [{ file: 'reviews/pr-9.json', line: 6 }] }]);
  });

  it('finding/invalid-*: from invalid records', () => {
    const invalid: InvalidRecord[] = [{ file: 'reviews/x.json', line: 1, kind: 'finding/invalid-file', error: 'e', raw: '' }, { file: 'reviews/x.json', line: 4, kind: 'finding/invalid-finding', error: 'f', raw: '' }];
    expect(flagsOf(invalidReview, null, invalid).map((x) => [x.kind, x.severity, x.at])).toEqual([
      ['finding/invalid-file', 'high', [{ file: 'reviews/x.json', line: 1 }]],
      ['finding/invalid-finding', 'high', [{ file: 'reviews/x.json', line: 4 }]],
    ]);
  });
});

describe('loop checks', () => {
  const loopsOf = (...rows: Array<Record<string, unknown>>) =>
    groupLoops(parsePremiseLines(splitLines(Buffer.from(rows.map((r) => JSON.stringify({ ticket: 'T-9', gate: 'qa', fingerprint: 'qa: x', ...r })).join('\n'))), 'premises.jsonl').rows);

  it('loop/no-premise-row: past attempt 2 with no premise row', () => {
    expect(flagsOf(noPremiseRow, model({ loops: loopsOf({ attempt: 1 }, { attempt: 2 }, { attempt: 3 }) }))).toEqual([{ kind: 'loop/no-premise-row', severity: 'medium', summary: 'repair loop of T-9 at gate qa reached attempt 3 without a premise row: no fix tested its assumption', at: [{ file: 'premises.jsonl', line: 3 }] }]);
    expect(flagsOf(noPremiseRow, model({ loops: loopsOf({ attempt: 1 }, { attempt: 2, premise: 'p', premise_result: 'holds' }, { attempt: 3 }) }))).toEqual([]);
    expect(flagsOf(noPremiseRow, model({ loops: loopsOf({ attempt: 1 }, { attempt: 2 }) }))).toEqual([]);
  });

  it('loop/counter-reset: an attempt lower than one before it', () => {
    expect(flagsOf(counterReset, model({ loops: loopsOf({ attempt: 1 }, { attempt: 2 }, { attempt: 1 }, { attempt: 2 }) }))).toEqual([{ kind: 'loop/counter-reset', severity: 'high', summary: 'repair loop of T-9 at gate qa: attempt 1 (line 3) comes after attempt 2; the counter was reset', at: [{ file: 'premises.jsonl', line: 3 }] }]);
    expect(flagsOf(counterReset, model({ loops: loopsOf({ attempt: 1 }, { attempt: 1 }, { attempt: 2 }) }))).toEqual([]);
  });

  it('loop/attempt-after-failed-premise: every attempt after a premise that fails', () => {
    expect(flagsOf(attemptAfterFailedPremise, model({ loops: loopsOf({ attempt: 1 }, { attempt: 2, premise: 'rows are sorted', premise_result: 'fails' }, { attempt: 3 }) }))).toEqual([
      { kind: 'loop/attempt-after-failed-premise', severity: 'high', summary: 'repair loop of T-9 at gate qa: attempt 3 (line 3) was made after the premise “rows are sorted” failed at line 2; the loop should have stopped', at: [{ file: 'premises.jsonl', line: 3 }] },
    ]);
    expect(flagsOf(attemptAfterFailedPremise, model({ loops: loopsOf({ attempt: 1 }, { attempt: 2, premise: 'p', premise_result: 'fails' }) }))).toEqual([]);
    expect(flagsOf(attemptAfterFailedPremise, model({ loops: loopsOf({ attempt: 2, premise: 'p', premise_result: 'inconclusive' }, { attempt: 3 }) }))).toEqual([]);
  });

  it('loop/invalid-row: from invalid records', () => {
    expect(flagsOf(invalidPremiseRow, null, [{ file: 'premises.jsonl', line: 2, kind: 'loop/invalid-row', error: 'premises.jsonl:2: blank line', raw: '' }])).toEqual([{ kind: 'loop/invalid-row', severity: 'high', summary: 'premises.jsonl:2: blank line', at: [{ file: 'premises.jsonl', line: 2 }] }]);
  });
});

describe('json positions', () => {
  it('gives each value its start line and extent', () => {
    const text = '{\n  "a": [\n    { "x": 1 },\n    {\n      "y": 2\n    }\n  ]\n}';
    const spans = jsonSpans(text);
    expect([spans.get('a/0')?.line, spans.get('a/1')?.line, spans.get('a')?.line, spans.get('')?.line]).toEqual([3, 4, 2, 1]);
    const s = spans.get('a/1');
    expect(s ? spanLines(text, s) : 0).toBe(3);
    expect(jsonSpans('{bad').size).toBe(0);
  });
});
