/**
 * The check report's formats for where reviewers look (src/lib/report/): GitHub workflow
 * annotations and SARIF 2.1.0, each asserted exactly on a small report, and the SARIF log of
 * the whole example corpus validated against the published SARIF 2.1.0 JSON Schema
 * (tests/fixtures/sarif/), with every result placed on a file that exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { checkReportProject } from '../../src/lib/report/check-report.ts';
import type { LocatedProject } from '../../src/lib/report/flag-places.ts';
import { githubAnnotations } from '../../src/lib/report/github-annotations.ts';
import { SARIF_SCHEMA, sarifLog } from '../../src/lib/report/sarif.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMA = JSON.parse(readFileSync(join(REPO, 'tests', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;

const small: LocatedProject[] = [
  {
    dir: 'runs/app',
    project: {
      id: 'app',
      title: 'Billing app',
      sources: [
        { path: 'trailbook.json', format: 'project-config', lines: 1, valid: 1, invalid: 0 },
        { path: 'audit.json', format: 'audit', lines: 1, valid: 1, invalid: 0 },
        { path: 'decisions.jsonl', format: 'bbs-trail', lines: 9, valid: 9, invalid: 0 },
      ],
      flags: [
        { layer: 'evidence', severity: 'high', kind: 'evidence/path-not-found', rows: ['7701de86'], summary: 'row 7701de86 — src/a,b.ts: not found at 50%', at: [{ file: 'decisions.jsonl', line: 4 }] },
        { layer: 'trail', severity: 'medium', kind: 'trail/duplicate-id', rows: ['3ec852ad'], summary: 'id 3ec852ad\nis used twice', at: [{ file: 'decisions.jsonl', line: 3 }, { file: 'decisions.jsonl', line: 7 }] },
        { layer: 'review', severity: 'low', kind: 'gap', rows: [], summary: 'No test covers the parser', at: [] },
      ],
    },
  },
  { dir: '', project: { id: 'clean', title: 'Clean', sources: [], flags: [] } },
];

describe('--format github', () => {
  it('prints one workflow command per flag, on its record file and line, escaped', () => {
    expect(githubAnnotations(small)).toEqual([
      '::error file=runs/app/decisions.jsonl,line=4,title=Trailbook evidence/path-not-found (high)::Billing app (app): row 7701de86 — src/a,b.ts: not found at 50%25',
      '::warning file=runs/app/decisions.jsonl,line=3,title=Trailbook trail/duplicate-id (medium)::Billing app (app): id 3ec852ad%0Ais used twice Also at runs/app/decisions.jsonl:7.',
      '::notice file=runs/app/audit.json,title=Trailbook gap (low)::Billing app (app): No test covers the parser',
    ]);
  });

  // use7: one beads flag of the real corpus is on 542 lines; its annotation was a
  // 25,700-character message, which GitHub's runner cuts at 4,096 characters mid-path, silently.
  it("lists a flag's other places only as far as GitHub shows a message, and counts the rest", () => {
    const many: LocatedProject = {
      dir: 'runs/app',
      project: { id: 'app', title: 'App', sources: [], flags: [{ layer: 'trail', severity: 'low', kind: 'k', rows: [], summary: 'times disagree', at: Array.from({ length: 600 }, (_, i) => ({ file: '.beads/issues.jsonl', line: i + 1 })) }] },
    };
    expect(githubAnnotations([many], { perLevel: 10, messageChars: 160 })).toEqual([
      '::notice file=runs/app/.beads/issues.jsonl,line=1,title=Trailbook k (low)::App: times disagree Also at runs/app/.beads/issues.jsonl:2, runs/app/.beads/issues.jsonl:3, and 597 more places: trailbook check lists every one.',
    ]);
    const [line] = githubAnnotations([many]);
    const message = line?.slice(line.indexOf('::', 2) + 2) ?? '';
    expect(message.length).toBeLessThanOrEqual(4096);
    expect(message).toMatch(/^App: times disagree Also at runs\/app\/\.beads\/issues\.jsonl:2, runs\/app\/\.beads\/issues\.jsonl:3, .*issues\.jsonl:\d+, and \d+ more places: trailbook check lists every one\.$/);
    // No room for a single place: only their count.
    expect(githubAnnotations([many], { perLevel: 10, messageChars: 60 })).toEqual([
      '::notice file=runs/app/.beads/issues.jsonl,line=1,title=Trailbook k (low)::App: times disagree Also at 599 more places: trailbook check lists every one.',
    ]);
  });

  it('escapes : and , in a file name', () => {
    const odd: LocatedProject = { dir: 'a:b,c', project: { id: 'x', title: 'X run', sources: [], flags: [{ layer: 'trail', severity: 'low', kind: 'k', rows: [], summary: 's', at: [{ file: 'f.jsonl', line: 1 }] }] } };
    expect(githubAnnotations([odd])).toEqual(['::notice file=a%3Ab%2Cc/f.jsonl,line=1,title=Trailbook k (low)::X run (x): s']);
  });
});

describe('--format sarif', () => {
  it('is one run with a rule per kind and a result per flag', () => {
    const log = sarifLog(small, { name: 'Trailbook', version: '0.1.0' }) as { $schema: string; version: string; runs: Array<{ tool: { driver: { rules: Array<{ id: string; defaultConfiguration: unknown }> } }; results: unknown[] }> };
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(log.version).toBe('2.1.0');
    const [run] = log.runs;
    expect(run?.tool.driver.rules.map((r) => [r.id, r.defaultConfiguration])).toEqual([
      ['evidence/path-not-found', { level: 'error' }],
      ['trail/duplicate-id', { level: 'error' }],
      ['gap', { level: 'note' }],
    ]);
    expect(run?.results).toEqual([
      {
        ruleId: 'evidence/path-not-found',
        ruleIndex: 0,
        level: 'error',
        message: { text: 'Billing app (app): row 7701de86 — src/a,b.ts: not found at 50%' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'runs/app/decisions.jsonl' }, region: { startLine: 4 } } }],
        partialFingerprints: { 'trailbook/v1': expect.stringMatching(/^[0-9a-f]{32}$/) },
        properties: { project: 'app', layer: 'evidence', severity: 'high', rows: ['7701de86'] },
      },
      {
        ruleId: 'trail/duplicate-id',
        ruleIndex: 1,
        level: 'warning',
        message: { text: 'Billing app (app): id 3ec852ad\nis used twice' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'runs/app/decisions.jsonl' }, region: { startLine: 3 } } }],
        relatedLocations: [{ id: 1, physicalLocation: { artifactLocation: { uri: 'runs/app/decisions.jsonl' }, region: { startLine: 7 } } }],
        partialFingerprints: { 'trailbook/v1': expect.stringMatching(/^[0-9a-f]{32}$/) },
        properties: { project: 'app', layer: 'trail', severity: 'medium', rows: ['3ec852ad'] },
      },
      {
        ruleId: 'gap',
        ruleIndex: 2,
        level: 'note',
        message: { text: 'Billing app (app): No test covers the parser' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'runs/app/audit.json' } } }],
        partialFingerprints: { 'trailbook/v1': expect.stringMatching(/^[0-9a-f]{32}$/) },
        properties: { project: 'app', layer: 'review', severity: 'low', rows: [] },
      },
    ]);
  });

  it('validates against the published SARIF 2.1.0 schema for the whole example corpus, every result on a file that exists', async () => {
    const ajv = new Ajv04({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(SCHEMA);
    // The schema itself rejects what it should: a result without a message.
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ ruleId: 'a' }] }] })).toBe(false);

    const located: LocatedProject[] = [];
    const result = await analyseArchive({
      roots: [join(REPO, 'content')],
      cacheDir: null,
      onModel: (model) => {
        const { id, title, flags, sources } = checkReportProject(model);
        located.push({ project: { id, title, flags, sources }, dir: '' });
      },
    });
    for (const l of located) l.dir = relative(REPO, result.projectDirs.get(l.project.id) ?? REPO);
    const log = sarifLog(located, { name: 'Trailbook', version: '0.1.0' }) as { runs: Array<{ results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }> }> };
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const results = log.runs[0]?.results ?? [];
    expect(results.length).toBe(located.reduce((n, l) => n + l.project.flags.length, 0));
    expect(results.length).toBeGreaterThan(40);
    const missing = results.map((r) => decodeURIComponent(r.locations[0]?.physicalLocation.artifactLocation.uri ?? '')).filter((uri) => !existsSync(join(REPO, uri)));
    expect(missing).toEqual([]);
  });
});
