/**
 * Names that hold a secret (sec10): a review finding whose location names a file with a token in
 * its name, and a project folder named with one (`run-ghp_…`). Before, the folder's name was
 * published as written: the project's id (its URL, `p/run-ghp_…/`), its path and its title, in
 * every page, the search index and `check`'s output. Now each is made from the name redacted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, analyseProjects, fixtureDir, removeFixture, trailRow as row, trailText, writeFiles, committedProject } from '../trail-fixtures.ts';
import { nameRedactor } from '../../src/lib/secrets/redacted-names.ts';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { DEFAULT_SECRET_SETTINGS } from '../../src/lib/config/secret-settings.ts';

const TOKEN = 'ghp_Q7mZ2xK9vL4pR8sT1wY6nB3cD5fG0hJ2kM4q';
const OTHER = 'ghp_A1sD2fG3hJ4kL5zX6cV7bN8mQ9wE0rT1yU2i';

describe('a review finding whose location names a file with a token in its name', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    ({ dir, model } = await committedProject('secret-paths', {
      'README.md': '# app\n',
      [`config/${TOKEN}.json`]: '{\n  "name": "app"\n}\n',
      'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'README.md:1', 'start')]),
      'reviews/r1.json': JSON.stringify({ version: 1, target: 'main', checkout: true, findings: [{ file: `config/${TOKEN}.json`, line: 2, summary: 'name is wrong', failure_scenario: 'x', category: 'correctness', verdict: 'PLAUSIBLE', level: 2 }], cleared: [] }),
    }, 'All', '2026-03-01T10:00:00Z'));
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('is cited by its redacted name, and the token is nowhere in the model', () => {
    expect(model.cited.files.map((f) => f.path)).toEqual(['README.md', 'config/[redacted: GitHub token].json']);
    expect(JSON.stringify(model)).not.toContain(TOKEN);
  });
});

describe('a project folder named with a token', () => {
  let dir: string;
  let models: Map<string, ProjectModel>;
  beforeAll(async () => {
    dir = await fixtureDir('secret-folder');
    await writeFiles(dir, {
      [`run-${OTHER}/decisions.jsonl`]: trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start')]),
      'plain/decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start')]),
    });
    models = await analyseProjects(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('its id, path and title are made from the name redacted; a plain folder is as it was', async () => {
    const list = [...models.values()].map((m) => [m.id, m.root.slice(m.root.indexOf('/') + 1), m.title]).sort();
    expect(list).toEqual([
      ['plain', 'plain', 'plain'],
      ['run-redacted-github-token', 'run-[redacted: GitHub token]', 'run-[redacted: GitHub token]'],
    ]);
    for (const m of models.values()) expect(JSON.stringify(m).toLowerCase()).not.toContain(OTHER.slice(4).toLowerCase());
  });

  it('is flagged at the folder’s name, which no page shows as written', () => {
    const flagged = [...models.values()].flatMap((m) => m.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => [m.id, f.summary, f.at]));
    expect(flagged).toEqual([['run-redacted-github-token', "GitHub token in the project folder's name: redacted in every output", []]]);
  });

  it('under --no-redact the folder is named as written', async () => {
    const found = await discoverProjects([dir], { redactNames: (names) => nameRedactor(names, { ...DEFAULT_SECRET_SETTINGS, redact: false }) });
    expect(found.projects.map((p) => p.id).sort()).toEqual(['plain', `run-${OTHER.toLowerCase()}`]);
    expect(found.projects.some((p) => p.dir === join(dir, `run-${OTHER}`))).toBe(true);
  });
});

describe('a password in the project config’s repo URL', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('secret-config-repo');
    await writeFiles(dir, {
      'trailbook.json': JSON.stringify({ title: 'App', repo: 'https://deploy:Hunter2Pass9x@git.example.com/app.git' }),
      'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'README.md:1', 'start')]),
    });
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('is flagged at trailbook.json, where it is written, not first at the pointer whose reason quotes the repository', () => {
    // Before: "password in a URL in the evidence cited by row … (decisions.jsonl:1)": a person looked at the row for it.
    expect(model.flags.filter((f) => f.kind === 'security/secret-in-record').map((f) => f.summary)).toEqual(['password in a URL in trailbook.json:1 and 1 more place: redacted in every output']);
    expect(JSON.stringify(model)).not.toContain('Hunter2Pass9x');
  });
});

describe('an anchor made from a record text holding a token', () => {
  let dir: string;
  let model: ProjectModel;
  beforeAll(async () => {
    dir = await fixtureDir('secret-anchor');
    await writeFiles(dir, {
      'decisions.jsonl': trailText([row('2026-03-01T09:30:00Z', 'start', 'prose only', 'start')]),
      'qa/T-1.json': JSON.stringify({ version: 1, ticket: `T-${TOKEN}`, gate: 'qa', verdict: 'PASS', criteria: [{ id: 'c1', kind: 'criterion', text: 'works', state: 'VERIFIED', level: 3, evidence: 'prose only', nonblocking: null }] }),
    });
    model = await analyseProject(dir);
  }, 60_000);
  afterAll(() => removeFixture(dir));

  it('holds the marker as a slug where it held the token lower-cased (an HTML id, a URL fragment)', () => {
    const qa = model.verdicts?.qa[0] as { anchor: string; ticket: string };
    // Before: "qa-t-ghp_q7mz2xk9vl4pr8st1wy6nb3cd5fg0hj2km4q", in the page's ids and links.
    expect([qa.anchor, qa.ticket]).toEqual(['qa-t-redacted-github-token', 'T-[redacted: GitHub token]']);
    expect(JSON.stringify(model).toLowerCase()).not.toContain(TOKEN.slice(4).toLowerCase());
  });
});
