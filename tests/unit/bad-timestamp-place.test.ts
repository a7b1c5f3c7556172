/**
 * The one-row `trail/bad-timestamp` flag says its file and line, as the other row flags do
 * (new-user trial, round 8: `trailbook check` named the row id alone), and keeps the
 * fingerprint a baseline accepted it by before (src/lib/baseline/flag-fingerprint.ts
 * `summaryCause` leaves out the place before a row): an accepted flag stays accepted.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagFingerprint, summaryCause } from '../../src/lib/baseline/flag-fingerprint.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { analyseProject, trailRow } from '../trail-fixtures.ts';

/** The fingerprint Trailbook gave this flag before it said its place (main at 8e15d52, the same fixture). */
const FINGERPRINT_BEFORE = '75ecf4c029222b47';
const ID = '37f114c1';
const OLD_SUMMARY = `row ${ID} has ts “yesterday”, which is not an ISO-8601 time with a zone`;

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-bad-ts-'));
  await mkdir(join(dir, 'in', 'solo'), { recursive: true });
  await writeFile(join(dir, 'in', 'solo', 'decisions.jsonl'), `${trailRow('yesterday', 'Start the run', 'session s1', 'start')}\n`);
  await writeFile(
    join(dir, 'trailbook.baseline.json'),
    JSON.stringify({ version: 'trailbook.baseline/1', accepted: [{ project: 'solo', kind: 'trail/bad-timestamp', fingerprint: FINGERPRINT_BEFORE, reason: 'the run began before ts was checked', summary: OLD_SUMMARY }] }),
  );
  model = await analyseProject(join(dir, 'in'));
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the one-row trail/bad-timestamp flag', () => {
  it('says its file and line', () => {
    expect(model.rows.map((r) => r.id)).toEqual([ID]);
    expect(model.flags.map((f) => [f.kind, f.summary, f.at])).toEqual([['trail/bad-timestamp', `decisions.jsonl:1: ${OLD_SUMMARY}`, [{ file: 'decisions.jsonl', line: 1 }]]]);
  });

  it('keeps the fingerprint it had before it said its place', () => {
    const flag = model.flags[0] as ProjectModel['flags'][number];
    expect(flagFingerprint(model, flag)).toBe(FINGERPRINT_BEFORE);
    expect(flagFingerprint(model, { ...flag, summary: OLD_SUMMARY })).toBe(FINGERPRINT_BEFORE);
    expect(summaryCause(`decisions.jsonl:1: ${OLD_SUMMARY}`)).toBe(OLD_SUMMARY);
    // A place before anything but a row is kept (`trail/not-json` says `decisions.jsonl:12: not valid JSON`), and so are places later in a summary.
    expect(summaryCause('decisions.jsonl:12: not valid JSON')).toBe('decisions.jsonl:#: not valid JSON');
    expect(summaryCause('row 1 “a: b”, see x.jsonl:3: row 2')).toBe('row 1 “a: b”, see x.jsonl:#: row 2');
  });

  it('is printed at its place by check, and stays accepted by the baseline written before', async () => {
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    const code = await main(['check', '--quiet', '--baseline', join(dir, 'trailbook.baseline.json'), '--fail-on', 'low', join(dir, 'in')], out);
    // The place in its column, as every flag's (use16: `decisions.jsonl:1: row …` read unlike the lines around it).
    expect(results.filter((l) => l.includes('trail/bad-timestamp'))).toEqual([`  low    trail/bad-timestamp  decisions.jsonl:1  ${OLD_SUMMARY}  [accepted: the run began before ts was checked]`]);
    expect(code).toBe(0);
  });
});
