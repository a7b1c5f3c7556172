/**
 * Beads issues and QA verdicts whose ids hold a token (sec11, the same fault as a row's id:
 * tests/unit/secret-row-ids.test.ts). Two beads issues `ghp_Q…` and `ghp_A…` had the URL key
 * `[redacted: GitHub token]` each: one output folder `p/<project>/issue/[redacted: GitHub token]/`
 * (spaces and brackets in a URL) for both, so one issue had no page, and the anchor
 * `beads-redacted-github-token` twice on the recap; the dependency of one on the other was found
 * by an id both held. Two QA verdicts of tickets `T-ghp_Q…` and `T-ghp_A…` were both
 * `qa-t-redacted-github-token` (and their criteria `…-c1`): a link to the second landed on the
 * first. Now each keeps a key and anchors of its own, naming no token, and ids are told apart.
 *
 * A repair loop's key is its ticket, gate and failure fingerprint with numbers written `<n>`
 * and lower-cased: an AWS key id in a fingerprint was published in `recap.json` as
 * `aws key akiah<n>tesfdhltlclexh`, a form no value's replacement matches. It is now made from
 * the fingerprint as redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, fixtureDir, removeFixture, writeFiles } from '../trail-fixtures.ts';

// Made-up values (random characters, never issued).
const T1 = 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q';
const T2 = 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i';
const AKIA = 'AKIAH7TESFDHL2TLCLEX';

const issue = (id: string, title: string, extra: Record<string, unknown> = {}): string => JSON.stringify({ _type: 'issue', id, title, status: 'open', priority: 1, issue_type: 'task', created_at: '2026-03-01T09:00:00Z', ...extra });
const qa = (ticket: string): string => JSON.stringify({ version: 1, ticket, gate: 'qa', verdict: 'PASS', criteria: [{ id: 'c1', kind: 'k', text: 't', state: 'VERIFIED', level: 3, evidence: 'README.md' }] });

let dir: string;
let model: ProjectModel;

beforeAll(async () => {
  dir = await fixtureDir('secret-record-ids');
  await writeFiles(dir, {
    'README.md': '# r\n',
    '.beads/issues.jsonl': `${[issue(T1, 'first'), issue(T2, 'second', { dependencies: [{ issue_id: T2, depends_on_id: T1, type: 'blocks' }] }), issue('bd-1', 'plain')].join('\n')}\n`,
    'qa/T-1.json': `${qa(`T-${T1}`)}\n`,
    'qa/T-2.json': `${qa(`T-${T2}`)}\n`,
    'premises.jsonl': `${JSON.stringify({ ts: '2026-03-01T09:00:00Z', ticket: 'T-9', gate: 'qa', fingerprint: `export failed with aws key ${AKIA}`, attempt: 1, premise: null, premise_result: null, check: 'c', outcome: 'failed' })}\n`,
  });
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

const urlSafe = (s: string): boolean => /^[A-Za-z0-9._-]+$/.test(s);

describe('beads issues whose ids are tokens', () => {
  it('each has its own URL key and anchor, URL-safe, naming no token', () => {
    const issues = model.beads?.issues ?? [];
    expect(issues.map((i) => [i.id, i.key, i.anchor])).toEqual([
      ['[redacted: GitHub token]', 'redacted-github-token', 'beads-redacted-github-token'],
      ['[redacted: GitHub token #2]', 'redacted-github-token-2', 'beads-redacted-github-token-2'],
      ['bd-1', 'bd-1', 'beads-bd-1'],
    ]);
    expect(issues.every((i) => urlSafe(i.key) && urlSafe(i.anchor))).toBe(true);
    const text = JSON.stringify(model).toLowerCase();
    for (const t of [T1, T2]) expect(text).not.toContain(t.slice(4).toLowerCase());
  });
});

describe('QA verdicts whose tickets hold tokens', () => {
  it('each gate and criterion has an anchor of its own', () => {
    const anchors = (model.verdicts?.qa ?? []).flatMap((v) => [v.anchor, ...v.criteria.map((c) => c.anchor)]);
    expect(anchors).toEqual(['qa-t-redacted-github-token', 'qa-t-redacted-github-token-c1', 'qa-t-redacted-github-token-2', 'qa-t-redacted-github-token-2-c1']);
  });
});

describe('a repair loop whose failure fingerprint holds a key', () => {
  it('its key is made from the fingerprint as redacted', () => {
    expect((model.verdicts?.loops ?? []).map((l) => [l.fingerprint, l.key])).toEqual([['export failed with aws key [redacted: AWS access key id]', 'T-9\u0000qa\u0000export failed with aws key [redacted: aws access key id]']]);
    expect(JSON.stringify(model).toLowerCase()).not.toContain('tesfdhl');
  });
});
