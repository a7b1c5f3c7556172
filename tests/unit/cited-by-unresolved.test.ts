/**
 * A file page's "Cited by" (trial, 2026-12-02) left out rows whose citation of the file did not
 * resolve: `src/parser.ts:999` of a 20-line file was on no page, so an auditor reading the
 * file's page saw only the rows that held. Now each is listed, marked as not resolved with the
 * pointer and its reason; a file cited only past its end still gets its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citedByHtml } from '../../src/components/html/evidence-page.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { analyseProject, commitAll, fixtureDir, initRepo, removeFixture, trailRow as row, trailText, writeFiles } from '../trail-fixtures.ts';

let dir: string;
let model: ProjectModel;
let head: string;

beforeAll(async () => {
  dir = await fixtureDir('cited-by');
  await initRepo(dir);
  await writeFiles(dir, {
    'src/parser.ts': Array.from({ length: 20 }, (_, i) => `// ${i + 1}`).join('\n') + '\n',
    'src/lexer.ts': 'a\nb\n',
    'runs/decisions.jsonl': trailText([
      row('2026-03-01T09:00:00Z', 'Parser reads headers', 'src/parser.ts:3'),
      row('2026-03-01T09:01:00Z', 'Parser handles the tail', 'src/parser.ts:999'),
      row('2026-03-01T09:02:00Z', 'Lexer only past its end', 'src/lexer.ts:40'),
    ]),
  });
  head = commitAll(dir, 'Trail', '2026-03-01T10:00:00Z').slice(0, 7);
  model = await analyseProject(dir);
}, 60_000);

afterAll(() => removeFixture(dir));

describe('a file page lists the rows whose citation of it did not resolve', () => {
  it('keeps them in the model, marked with the pointer and its reason', () => {
    const [first, second, third] = model.rows.map((r) => r.id);
    expect(model.cited.files.map((f) => [f.path, f.ranges, f.by.map((b) => [b.rowId, b.unresolved ?? null])])).toEqual([
      ['src/lexer.ts', [], [[third, `src/lexer.ts:40: line 40 is past the end of src/lexer.ts (2 lines at landed head)`]]],
      [
        'src/parser.ts',
        [{ from: 3, to: 3 }],
        [
          [first, null],
          [second, `src/parser.ts:999: line 999 is past the end of src/parser.ts (20 lines at landed head)`],
        ],
      ],
    ]);
    expect(head).toMatch(/^[0-9a-f]{7}$/);
  });

  it('shows them under Cited by, as not resolved with the reason', () => {
    const parser = model.cited.files.find((f) => f.path === 'src/parser.ts');
    const by = (parser?.by ?? []).map((b) => ({ ...b, projectId: 'p', projectTitle: 'Demo' }));
    const shown = citedByHtml(by, 0, '/').value;
    expect(shown).toBe(
      `<section aria-labelledby="cited-by"><h2 id="cited-by">Cited by</h2><ul class="cited-by">` +
        `<li><a href="/p/p/#${model.rows[0]?.anchor}">Parser reads headers</a> <small>— Demo, row <code>${model.rows[0]?.id}</code></small>` +
        `<li><a href="/p/p/#${model.rows[1]?.anchor}">Parser handles the tail</a> <small>— Demo, row <code>${model.rows[1]?.id}</code></small> <small class="unresolved" data-testid="cited-unresolved">— not resolved: src/parser.ts:999: line 999 is past the end of src/parser.ts (20 lines at landed head)</small>` +
        `</ul></section>`,
    );
  });
});
