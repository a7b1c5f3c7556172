/**
 * A `path:line` search lands on that line of a file result only where a row cited the line in
 * that version of the file (tryout, round 7: `src/five.ts:4` went to `#L4` of the head's
 * version, which has 2 lines; line 4 was cited at an older commit, whose result had no `#L4`).
 */
import { describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../src/lib/search/query/engine.ts';
import { memorySite } from './search-memory-site.ts';
import { repositoryRecords } from '../../src/lib/search/evidence-records.ts';
import { bodyCitesLine, citedLinesText } from '../../src/lib/search/cited-lines.ts';
import { queryExactKeys } from '../../src/lib/search/exact-keys.ts';

const OLD = 'a'.repeat(40);

async function engineOver(): Promise<SearchEngine> {
  const records = repositoryRecords('repo.git', [
    {
      projectTitle: 'P',
      commits: [],
      files: [
        { path: 'src/five.ts', origin: 'repository', ranges: [{ from: 1, to: 2 }], by: [{ anchor: 'row-1' }] },
        { path: 'src/five.ts', at: OLD, origin: 'repository', ranges: [{ from: 4, to: 4 }], by: [{ anchor: 'row-2' }] },
      ] as never,
    },
  ]);
  return (await memorySite([{ key: 'r/repo.git', title: 'repo.git', project: 'repo.git', records }])).engine();
}

async function hrefs(engine: SearchEngine, q: string): Promise<string[]> {
  const out = await engine.search(q, {});
  return (await engine.show(out.hits.slice(), out)).map((h) => h.href).sort();
}

describe('a path:line search on file results', () => {
  it('adds #L only to the version of the file whose rows cited that line', async () => {
    const engine = await engineOver();
    expect(await hrefs(engine, 'src/five.ts:4')).toEqual([`/r/repo.git/at/${OLD}/file/src/five.ts/#L4`, '/r/repo.git/file/src/five.ts/']);
    expect(await hrefs(engine, 'src/five.ts:2')).toEqual([`/r/repo.git/at/${OLD}/file/src/five.ts/`, '/r/repo.git/file/src/five.ts/#L2']);
    expect(await hrefs(engine, 'src/five.ts')).toEqual([`/r/repo.git/at/${OLD}/file/src/five.ts/`, '/r/repo.git/file/src/five.ts/']);
  });

  it('reads a line written as a link writes it (#L4, a form exact-keys.ts names) as :4 is read', async () => {
    // Audit aud9: `internal/content/queue-0.go#L12` listed the rows citing any line of the file
    // first; `:12` listed those citing line 12 first. The token was lower-cased before its line was read.
    expect(queryExactKeys('src/a.ts#L12')).toContainEqual({ type: 'path', key: 'path:a.ts', path: 'src/a.ts', line: 12 });
    expect(queryExactKeys('src/a.ts:L12')).toContainEqual({ type: 'path', key: 'path:a.ts', path: 'src/a.ts', line: 12 });
    const engine = await engineOver();
    expect(await hrefs(engine, 'src/five.ts#L4')).toEqual([`/r/repo.git/at/${OLD}/file/src/five.ts/#L4`, '/r/repo.git/file/src/five.ts/']);
  });

  it('reads back the lines a record says', () => {
    const body = `File of repo.git, cited by 3 rows at lines ${citedLinesText([{ from: 3, to: 5 }, { from: 9, to: 9 }])}.`;
    expect(body.endsWith('at lines 3-5, 9.')).toBe(true);
    expect([2, 3, 5, 6, 9, 10].map((n) => bodyCitesLine(body, n))).toEqual([false, true, true, false, true, false]);
    expect(bodyCitesLine('File of repo.git, cited by 1 row.', 1)).toBe(false);
  });

  it('shows the path searched for in each row citing it, marked (not the row\'s why)', async () => {
    // An auditor's trial (use9) on a real trail: `docs/HORIZONTAL_SCALING_ARCHITECTURE.md` listed
    // the rows citing it with their why as the excerpt, the path nowhere in view.
    const evidence = 'docs/HORIZONTAL_SCALING_ARCHITECTURE.md';
    const record = {
      anchor: 'row-bcc529e9',
      title: 'Selected the embedded fenced node-owner design',
      body: 'It satisfies the audit without adding infrastructure',
      evidence,
      meta: 'result: awaiting cross-judge confirmation',
      facets: { type: ['decision'] },
      exact: [{ key: 'id:bcc529e9', quality: 3 as const }, { key: 'path:horizontal_scaling_architecture.md', quality: 2 as const, path: 'docs/horizontal_scaling_architecture.md' }],
    };
    const engine = (await memorySite([{ key: 'p/nyx', records: [record] }])).engine();
    const shown = async (q: string): Promise<unknown> => {
      const out = await engine.search(q, {});
      return (await engine.show(out.hits.slice(), out))[0]?.excerpt;
    };
    expect(await shown(evidence)).toEqual([{ text: evidence, mark: true }]);
    // The file name alone marks what the query names.
    expect(await shown('HORIZONTAL_SCALING_ARCHITECTURE.md:12')).toEqual([
      { text: 'docs/', mark: false },
      { text: 'HORIZONTAL_SCALING_ARCHITECTURE.md', mark: true },
    ]);
  });
});
