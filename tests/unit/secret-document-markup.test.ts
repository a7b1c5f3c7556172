/**
 * A secret in markup inside a markdown record (sec16): `design/selection.md` holding
 * `<server><id>central</id><password>…</password></server>` as a paragraph. The document is
 * held rendered, and the rendering drops raw HTML, so the text the rules read was
 * `central…`, where no rule finds a password: it was published as written on the recap, in
 * recap.json.gz and the search index. Now every markdown record is also scanned as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { committedProject, removeFixture, trailRow as row, trailText } from '../trail-fixtures.ts';
import { draw } from '../secret-fixtures.ts';

const AN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD = `Mv${draw('sec16-doc-pw', AN, 14)}1`;
const HANDOVER_PASSWORD = `Hd${draw('sec16-doc-pw2', AN, 14)}2`;

describe('a password in an XML element inside a markdown record', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    ({ dir, model } = await committedProject(
      'secret-document-markup',
      {
        'README.md': '# app\n',
        'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'README.md:1', 'start'), row('2026-03-01T09:40:00Z', 'picked A', 'design/rubric.md#1', 'design')]),
        'design/rubric.md': '# Rubric\n\n1. **Flow** — the flow reads well.\n',
        'design/candidates/1/design.md': '# Candidate 1\n\n## Shape\n\nOne screen.\n',
        'design/candidates/2/design.md': '# Candidate 2\n\n## Shape\n\nTwo screens.\n',
        'design/selection.md': `---\npick: A\ncandidates: [A, B]\njudge: single-family\ncollapsed: false\nresends: 0\n---\n# Selection\n\nThe mirror needs\n\n<server><id>central</id><password>${PASSWORD}</password></server>\n\n## Pick\n\nA.\n`,
        'handover.md': `# Handover\n\nDeploy with <password>${HANDOVER_PASSWORD}</password> in settings.xml.\n`,
      },
      'All',
      '2026-03-01T10:00:00Z',
    ));
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('is nowhere in the model, rendered or not', () => {
    const json = JSON.stringify(model);
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain(HANDOVER_PASSWORD);
  });

  it('is flagged at its line in each document', () => {
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => [f.summary, f.at])).toEqual([
      ['password in a configuration file in handover.md:3: redacted in every output', [{ file: 'handover.md', line: 3 }]],
      ['password in a configuration file in design/selection.md:12: redacted in every output', [{ file: 'design/selection.md', line: 12 }]],
    ]);
  });
});
