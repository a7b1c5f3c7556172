/**
 * The projects collection keeps only each project's summary digest; pages read summaries from
 * the model store, checked against it (src/loaders/summaries.ts, issue 30: the rebuild's fixed part).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkedSummary, projectEntryData, projectSummaries } from '../../src/loaders/summaries.ts';
import { defaultBuildContext, writeBuildContext } from '../../src/lib/config/build-context.ts';

let cache: string;
const summary = (id: string, digest: string): Record<string, unknown> => ({ id, title: `Title of ${id}`, digest, flags: [{ kind: 'evidence/path-not-found' }] });

beforeAll(async () => {
  cache = await mkdtemp(join(tmpdir(), 'trailbook-summaries-'));
  await mkdir(join(cache, 'projects'));
  await writeFile(join(cache, 'projects', 'a.summary.json'), JSON.stringify(summary('a', 'd-a')));
  await writeFile(join(cache, 'projects', 'b.summary.json'), JSON.stringify(summary('b', 'd-b')));
  await writeFile(join(cache, 'projects', 'c.summary.json'), '{"id":"c","dig');
});

afterAll(async () => {
  await rm(cache, { recursive: true, force: true });
});

describe('project summaries read by the pages', () => {
  it('keeps only the summary digest in the collection entry', () => {
    expect(projectEntryData({ digest: '0c94f16aba833d975370a49b1109dc32' })).toEqual({ summaryDigest: '0c94f16aba833d975370a49b1109dc32' });
  });

  it('reads a summary whose digest is the one recorded', async () => {
    expect(await checkedSummary(cache, 'a', 'd-a')).toEqual({ id: 'a', title: 'Title of a', digest: 'd-a', flags: [{ kind: 'evidence/path-not-found' }] });
  });

  it('refuses a summary of another digest, a missing one and a damaged one', async () => {
    await expect(checkedSummary(cache, 'a', 'd-other')).rejects.toThrow(
      "Trailbook's model store: the summary of a is not the one this build analysed (digest d-a, expected d-other); it was changed during this build: run the build again, which finds the damaged entry and analyses the project again",
    );
    await expect(checkedSummary(cache, 'z', 'd-z')).rejects.toThrow("Trailbook's model store: the summary of z is missing or unreadable; it was changed during this build");
    await expect(checkedSummary(cache, 'c', 'd-c')).rejects.toThrow("Trailbook's model store: the summary of c is missing or unreadable; it was changed during this build");
  });

  it('reads every entry in the order given, once for the same entries', async () => {
    writeBuildContext(defaultBuildContext(process.cwd(), cache));
    const entries = [
      { id: 'b', data: { summaryDigest: 'd-b' } },
      { id: 'a', data: { summaryDigest: 'd-a' } },
    ];
    const first = await projectSummaries(entries);
    expect(first.map((s) => [s.id, s.digest])).toEqual([
      ['b', 'd-b'],
      ['a', 'd-a'],
    ]);
    expect(await projectSummaries([...entries])).toBe(first);
    expect((await projectSummaries(entries.slice(1))).map((s) => s.id)).toEqual(['a']);
  });
});
