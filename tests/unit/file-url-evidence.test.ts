/**
 * A `file:` URL in evidence is the absolute path it names (trial7). Agents write the report a
 * run left as a URL (`file:///tmp/playwright-report/index.html`, what a browser's address bar
 * shows). Before, it was a high `evidence/unsafe-url` ("a file: URL runs or embeds content"),
 * while the same path written plainly (`/tmp/playwright-report/index.html`) was INCONCLUSIVE
 * with no flag: one weakness, two severities, and a flag a person dismisses. Now it is judged as
 * that absolute path: outside the repository, INCONCLUSIVE; inside the work tree, the repository
 * path it names, checked with its lines. It is never a link. Script and data URLs keep their
 * high flag.
 */
import { realpathSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let real: string;
let model: ProjectModel;
let head: string;
const verdicts = (): Array<Array<[string, string, string, string, string]>> =>
  model.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason, p.fault ?? ''] as [string, string, string, string, string]));

beforeAll(async () => {
  dir = await fixtureDir('file-url');
  real = realpathSync(dir);
  await initRepo(dir);
  await writeFiles(dir, {
    'src/a.ts': 'one\ntwo\nthree\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'start', 'src/a.ts:1', 'start'),
      row('2026-03-01T09:01:00Z', 'The report a run left', 'file:///tmp/playwright-report/index.html'),
      row('2026-03-01T09:02:00Z', 'A file of the work tree, as a URL', `file://${real}/src/a.ts:2`),
      row('2026-03-01T09:03:00Z', 'A line past the end, as a URL', `file://localhost${real}/src/a.ts:9`),
      row('2026-03-01T09:04:00Z', 'A script URL', 'javascript:alert(1)'),
      row('2026-03-01T09:05:00Z', 'Named in a sentence', 'report at file:///tmp/r%20one/index.html, reviewed'),
    ]),
  });
  commitAll(dir, 'First', '2026-03-01T10:00:00Z');
  head = git(dir, ['rev-parse', '--short=7', 'HEAD']).trim();
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a file: URL in evidence', () => {
  it('outside the repository is INCONCLUSIVE with no flag, as the absolute path is, and links nowhere', () => {
    expect(verdicts()[1]).toEqual([['file:///tmp/playwright-report/index.html', 'ephemeral', 'INCONCLUSIVE', 'a file: URL of an absolute path outside the repository; gone after the run (never a link)', '']]);
    expect(model.rows[1]?.evidence[0]?.target).toBeUndefined();
  });

  it('inside the work tree is the repository path it names, with its lines (as an absolute path there is)', () => {
    expect(verdicts()[2]).toEqual([[`file://${real}/src/a.ts:2`, 'path', 'VERIFIED', "written as a file: URL in the repository's work tree, read as src/a.ts: line 2 of 3 exists at landed head", '']]);
    expect(model.rows[2]?.evidence[0]?.target).toEqual({ type: 'file', path: 'src/a.ts', origin: 'repository', from: 2, to: 2 });
    expect(verdicts()[3]).toEqual([
      [`file://localhost${real}/src/a.ts:9`, 'path', 'NOT_VERIFIED', "written as a file: URL in the repository's work tree, read as src/a.ts: line 9 is past the end of src/a.ts (3 lines at landed head)", 'evidence/line-out-of-range'],
    ]);
  });

  it('raises no unsafe-url flag; a script URL keeps its high one', () => {
    expect(model.flags.filter((f) => f.kind === 'evidence/unsafe-url').map((f) => [f.severity, f.rows])).toEqual([['high', [model.rows[4]?.id]]]);
    expect(model.flags.map((f) => f.kind).sort()).toEqual(['evidence/line-out-of-range', 'evidence/unsafe-url']);
    expect(head).toMatch(/^[0-9a-f]{7}$/);
  });

  it('named in a sentence, its path is decoded and it is not checked as a pointer', () => {
    const named = model.rows[5]?.evidence.find((p) => p.raw.startsWith('file:'));
    expect([named?.kind, named?.status, named?.reason]).toEqual(['ephemeral', 'INCONCLUSIVE', 'a file: URL of an absolute path outside the repository; gone after the run (never a link)']);
  });
});
