/**
 * Invalid-record anchors (src/lib/site/invalid-anchor.ts): one per file and line, so a project
 * with two invalid files holding a bad record on the same line keeps two anchors, and every
 * link to one (Attention's problem cards, search, the cited-file back links, the offline
 * recap) reaches its own record.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { invalidAnchor } from '../../src/lib/site/invalid-anchor.ts';
import { searchRecords } from '../../src/lib/search/search-records.ts';
import { exportRecapHtml } from '../../src/components/html/export-recap.ts';
import { sha256Hex } from '../../src/lib/text/hash.ts';

describe('invalidAnchor', () => {
  it('names the file and the line', () => {
    expect(invalidAnchor('decisions.tsv', 12)).toBe('invalid-decisions-tsv-L12');
    expect(invalidAnchor('decisions.jsonl', 12)).toBe('invalid-decisions-jsonl-L12');
    expect(invalidAnchor('.beads/issues.jsonl', 3)).toBe(`invalid-beads-issues-jsonl-${sha256Hex('.beads/issues.jsonl').slice(0, 8)}-L3`);
  });

  it('gives distinct paths distinct anchors, even where the readable part folds them together', () => {
    const paths = ['a/b.tsv', 'a-b.tsv', 'a.b.tsv', 'A/B.tsv', 'a_b.tsv', 'decisions.tsv', 'Decisions.tsv', 'decisions-tsv', '決定.tsv', '判断.tsv', ''];
    const anchors = paths.map((p) => invalidAnchor(p, 7));
    expect(new Set(anchors).size).toBe(paths.length);
    for (const a of anchors) expect(a).toMatch(/^invalid-[a-z0-9_-]+-L7$/);
    expect(invalidAnchor('決定.tsv', 7)).toBe(`invalid-tsv-${sha256Hex('決定.tsv').slice(0, 8)}-L7`);
  });
});

describe('two invalid files with a bad record on the same line', () => {
  let dir: string;
  let m: ProjectModel;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trailbook-anchor-'));
    const root = join(dir, 'in', 'two-files');
    await mkdir(join(root, '.beads'), { recursive: true });
    await writeFile(join(root, 'decisions.tsv'), ['ts\tphase\tdecision\twhy\tevidence\tresult', '2026-04-01T10:00:00Z\tbuild\tKeep the parser\tsmall\tsrc/a.ts\tverified', '2026-04-01T10:01:00Z\tbuild\tSplit the lexer\tsrc/b.ts\tverified', ''].join('\n'));
    const issue = (id: string): string => JSON.stringify({ id, title: `Issue ${id}`, status: 'open', created_at: '2026-04-01T10:00:00Z', updated_at: '2026-04-01T10:00:00Z' });
    await writeFile(join(root, '.beads/issues.jsonl'), [issue('tb-1'), issue('tb-2'), '{"id": "tb-3", not json', ''].join('\n'));
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src/a.ts'), 'export const a = 1;\n');
    await writeFile(join(root, 'src/b.ts'), 'export const b = 2;\n');
    const env = { ...process.env, GIT_AUTHOR_NAME: 'Ada Example', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Example', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: '2026-04-01T09:00:00Z', GIT_COMMITTER_DATE: '2026-04-01T09:00:00Z' };
    for (const args of [['init', '-q', '-b', 'main'], ['add', '.'], ['commit', '-q', '-m', 'Initial commit']]) execFileSync('git', ['-C', root, ...args], { env });
    const models: ProjectModel[] = [];
    await analyseArchive({ roots: [join(dir, 'in')], cacheDir: null, onModel: (x) => void models.push(x) });
    m = models[0] as ProjectModel;
  }, 60_000);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('keeps one anchor per record, and search and the offline recap point at each', () => {
    const atLine3 = m.invalid.filter((r) => r.line === 3).map((r) => [r.file, r.kind]);
    expect(atLine3).toEqual([
      ['.beads/issues.jsonl', 'beads/not-json'],
      ['decisions.tsv', 'trail/tsv-cell-count'],
    ]);
    const beads = `invalid-beads-issues-jsonl-${sha256Hex('.beads/issues.jsonl').slice(0, 8)}-L3`;
    expect(searchRecords(m).filter((r) => r.facets['type']?.includes('invalid record')).map((r) => r.anchor).sort()).toEqual([beads, 'invalid-decisions-tsv-L3'].sort());
    const page = exportRecapHtml(m, { root: null, archiveTitle: 'Archive' });
    expect(page).toContain('<li id="invalid-decisions-tsv-L3" data-kind="trail/tsv-cell-count">');
    expect(page).toContain(`<li id="${beads}" data-kind="beads/not-json">`);
    // Attention's cards in the offline recap link each flag to its own record.
    expect(page).toContain('href="#invalid-decisions-tsv-L3"');
    expect(page).toContain(`href="#${beads}"`);
    // The malformed row's cited file links back to the row's own record.
    expect(m.cited.files.find((f) => f.path === 'src/b.ts')?.by.map((c) => c.anchor)).toEqual(['invalid-decisions-tsv-L3']);
  });
});
