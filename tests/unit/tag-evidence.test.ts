/**
 * A tag cited alone as evidence (new-user trial, round 8): `v1.0`, `` `release-2.3.0` `` were
 * prose, never checked. A tag alone in a cell or list item is a ref pointer
 * (src/lib/evidence/tag-shape.ts), resolved against the repository's tags: VERIFIED with a link
 * to the commit it names; a missing tag is the high `evidence/commit-not-found` a missing commit
 * is. A version in a sentence or a command stays as it was, and a bare version (`2.3.0`) is a
 * tag only when the repository has it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basename, join } from 'node:path';
import { classifyEvidence } from '../../src/lib/evidence/classify.ts';
import { decisionRowHtml, type RowContext } from '../../src/components/html/decision-row.ts';
import type { ProjectModel, TrailRow } from '../../src/lib/model/types.ts';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { git } from '../history-fixtures.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let clone: string;
let model: ProjectModel;
let first: string;
let second: string;
let side: string;
const verdicts = (m: ProjectModel): string[][][] => m.rows.map((r) => r.evidence.map((p) => [p.raw, p.kind, p.status, p.reason]));

const cells = [
  'v1.0',
  '`release-2.3.0`',
  'v9.9',
  '2.3.0',
  '4.5.6',
  'bumped node to v20.1.0',
  'v0.9-side',
  '`v1.0`, `v9.9`',
];

beforeAll(async () => {
  dir = await fixtureDir('tag-evidence');
  await initRepo(dir);
  await writeFiles(dir, { 'src/a.ts': 'export const a = 1;\n' });
  first = commitAll(dir, 'First', '2026-03-01T08:00:00Z');
  git(dir, ['tag', 'v1.0']);
  await writeFiles(dir, { 'src/a.ts': 'export const a = 2;\n' });
  second = commitAll(dir, 'Second', '2026-03-01T08:30:00Z');
  git(dir, ['tag', '-a', 'release-2.3.0', '-m', 'Release 2.3.0'], '2026-03-01T08:31:00Z');
  git(dir, ['tag', '2.3.0']);
  git(dir, ['checkout', '-q', '-b', 'side']);
  await writeFiles(dir, { 'src/b.ts': 'export const b = 1;\n' });
  side = commitAll(dir, 'Side', '2026-03-01T08:40:00Z');
  git(dir, ['tag', 'v0.9-side']);
  git(dir, ['checkout', '-q', 'main']);
  git(dir, ['branch', '-q', '-D', 'side']);
  await writeFiles(dir, { 'runs/decisions.jsonl': trailText(cells.map((c, i) => row(`2026-03-01T09:0${i}:00Z`, `cites ${c}`, c))) });
  commitAll(dir, 'Trail', '2026-03-01T10:00:00Z');
  model = await analyseProject(dir);
  // A clone made without its tags: remote-tracking branches, no tag at all.
  clone = await fixtureDir('tag-evidence-clone');
  git(clone, ['clone', '-q', '--no-tags', dir, 'repo']);
}, 60_000);

afterAll(async () => {
  await removeFixture(dir);
  await removeFixture(clone);
});

describe('a tag cited alone', () => {
  it('is read as a tag only when it stands alone', () => {
    expect(classifyEvidence('v1.0')).toEqual([{ raw: 'v1.0', kind: 'commit', tag: 'v1.0' }]);
    expect(classifyEvidence('`release-2.3.0`')).toEqual([{ raw: 'release-2.3.0', kind: 'commit', tag: 'release-2.3.0' }]);
    expect(classifyEvidence('"V2.0.0-rc.13".')).toEqual([{ raw: 'V2.0.0-rc.13', kind: 'commit', tag: 'V2.0.0-rc.13' }]);
    // Versions in a sentence or among a command's words are not pointers; a bare version is prose until the repository has that tag.
    expect(classifyEvidence('bumped node to v20.1.0')).toEqual([{ raw: 'bumped node to v20.1.0', kind: 'prose' }]);
    expect(classifyEvidence('v1.0 released')).toEqual([{ raw: 'v1.0 released', kind: 'prose' }]);
    expect(classifyEvidence('git tag v1.0')).toEqual([{ raw: 'git tag v1.0', kind: 'command' }]);
    expect(classifyEvidence('2.3.0')).toEqual([{ raw: '2.3.0', kind: 'prose' }]);
    expect(classifyEvidence('node-20.1.0')).toEqual([{ raw: 'node-20.1.0', kind: 'prose' }]);
    expect(classifyEvidence('v2')).toEqual([{ raw: 'v2', kind: 'prose' }]);
  });

  it("checks a tag alone against the repository's tags, as a commit", () => {
    const repo = basename(dir);
    const [a, b, c] = [first.slice(0, 7), second.slice(0, 7), side.slice(0, 7)];
    const head = model.repository.head?.slice(0, 7);
    expect(verdicts(model)).toEqual([
      [['v1.0', 'commit', 'VERIFIED', `tag v1.0 names commit ${a}: “First”`]],
      // An annotated tag is peeled to the commit it names.
      [['release-2.3.0', 'commit', 'VERIFIED', `tag release-2.3.0 names commit ${b}: “Second”`]],
      [['v9.9', 'commit', 'NOT_VERIFIED', `no tag v9.9 in ${repo}`]],
      // A bare version is the tag the repository has; one it lacks stays prose (never a new missing pointer).
      [['2.3.0', 'commit', 'VERIFIED', `tag 2.3.0 names commit ${b}: “Second”`]],
      [['4.5.6', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose']],
      [['bumped node to v20.1.0', 'prose', 'NOT_VERIFIED', 'evidence must be a pointer, not prose']],
      [['v0.9-side', 'commit', 'VERIFIED', `tag v0.9-side names commit ${c}: “Side”; it is not an ancestor of the landed head ${head} (reached by tag v0.9-side alone, on no branch)`]],
      [
        ['v1.0', 'commit', 'VERIFIED', `tag v1.0 names commit ${a}: “First”`],
        ['v9.9', 'commit', 'NOT_VERIFIED', `no tag v9.9 in ${repo}`],
      ],
    ]);
    // A verified tag links to the commit it names.
    expect(model.rows[0]?.evidence[0]?.target).toEqual({ type: 'commit', oid: first });
    expect(model.rows[1]?.evidence[0]?.target).toEqual({ type: 'commit', oid: second });
  });

  it('flags a missing tag as a missing commit is flagged, and says so in check', async () => {
    const repo = basename(dir);
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    expect(await main(['check', '--quiet', dir], out)).toBe(0);
    const text = results.join('\n');
    expect(text).toContain('  evidence: 7 pointers and 2 cells of prose: 5 verified, 2 did not resolve, 2 prose (no pointer), 0 not checkable;');
    expect(text.split('\n').filter((l) => l.includes('evidence/commit-'))).toEqual([
      `  high   evidence/commit-not-found  decisions.jsonl:3  row e74d1983 “cites v9.9” — no tag v9.9 in ${repo}`,
      `  high   evidence/commit-not-found  decisions.jsonl:8  row 52c7b443 “cites \`v1.0\`, \`v9.9\`” — no tag v9.9 in ${repo}`,
      `  low    evidence/commit-not-landed  decisions.jsonl:7  row 06e590ae “cites v0.9-side” cites v0.9-side, which exists but is not in the history of the landed head ${model.repository.head?.slice(0, 7)}`,
    ]);
  });

  it('renders a verified tag as a link to its commit', () => {
    const ctx: RowContext = { base: '/', projectId: model.id, repoId: 'r1', anchorOf: () => undefined, chainOf: () => [] };
    expect(decisionRowHtml(model.rows[0] as TrailRow, ctx).value).toContain(
      `<li><a href=/r/r1/commit/${first}/>v1.0</a> <b>verified</b> <small>tag v1.0 names commit ${first.slice(0, 7)}: “First”</small></ul>`,
    );
    expect(decisionRowHtml(model.rows[2] as TrailRow, ctx).value).toContain(`<li data-status=NOT_VERIFIED><code>v9.9</code> <i>commit</i> <b>not verified</b> <small>no tag v9.9 in ${basename(dir)}</small></ul>`);
  });

  it('is not called missing in a clone that holds no tags at all', async () => {
    const cloned = await analyseProject(join(clone, 'repo'));
    const why = (name: string): string => `no tag ${name} in repo; it is a clone holding no tags at all (cloned without them?), so a missing tag proves nothing: \`git fetch --tags\` would tell`;
    expect(verdicts(cloned)[0]).toEqual([['v1.0', 'commit', 'INCONCLUSIVE', why('v1.0')]]);
    expect(verdicts(cloned)[2]).toEqual([['v9.9', 'commit', 'INCONCLUSIVE', why('v9.9')]]);
    expect(cloned.flags.filter((f) => f.kind === 'evidence/commit-not-found')).toEqual([]);
  });
});
