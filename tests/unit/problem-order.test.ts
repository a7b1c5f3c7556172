/**
 * The same problems in the same order everywhere (trust13): a recap's Check first listed its
 * high `evidence/commit-not-found` rows before its high `evidence/path-not-found` rows (the
 * reason most rows share first, then by name), while Attention, and `check`'s text, listed
 * the path first (flags by severity, then by the first row they point at: the seed's rule).
 * Now Check first's failed groups follow Attention's rule too (src/lib/projections/flags.ts
 * `compareByPlace`): severity, then the first row each names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { checkFirst, checkFirstGroups } from '../../src/lib/projections/check-first.ts';
import { problems } from '../../src/lib/projections/problems.ts';
import { exportRecapHtml } from '../../src/components/html/export-recap.ts';
import { main } from '../../src/cli/main.ts';
import type { Output } from '../../src/cli/output.ts';
import { removeFixture, trailRow as row, trailText, committedProject } from '../trail-fixtures.ts';

let dir = '';
let model: ProjectModel;

beforeAll(async () => {
  ({ dir, model } = await committedProject('problem-order', {
    'src/a.ts': 'export const a = 1;\n',
    'decisions.jsonl': trailText([
      row('2026-03-01T07:00:00Z', 'decision 0', 'src/gone.ts'),
      row('2026-03-01T07:01:00Z', 'decision 1', 'deadbeef1'),
      row('2026-03-01T07:02:00Z', 'decision 2', 'deadbeef2'),
    ]),
  }, 'First', '2026-03-01T08:00:00Z'));
}, 60_000);
afterAll(() => removeFixture(dir));

describe('Check first and Attention list high evidence problems in one order', () => {
  it('the path cited by the first row comes first in both, though two rows cite missing commits', () => {
    const attention = problems(model.flags).filter((p) => p.layer === 'evidence').map((p) => p.kind);
    expect(attention).toEqual(['evidence/path-not-found', 'evidence/commit-not-found']);
    const checkFirstOrder = checkFirstGroups(checkFirst(model.rows)).filter((g) => g.outcome === 'failed').map((g) => g.reason);
    expect(checkFirstOrder).toEqual(['evidence/path-not-found', 'evidence/commit-not-found']);
  });

  it('the recap says them in that order under Check first and under Attention', () => {
    const page = exportRecapHtml(model, { root: null, archiveTitle: 'Archive' });
    const section = (id: string): string => page.slice(page.indexOf(`<h2 id="${id}">`), page.indexOf('</section>', page.indexOf(`<h2 id="${id}">`)));
    const checkFirstText = section('check-first');
    const attentionText = section('attention');
    expect(checkFirstText.indexOf('src/gone.ts')).toBeGreaterThan(-1);
    expect(checkFirstText.indexOf('src/gone.ts')).toBeLessThan(checkFirstText.indexOf('deadbeef1'));
    expect(attentionText.indexOf('evidence/path-not-found')).toBeGreaterThan(-1);
    expect(attentionText.indexOf('evidence/path-not-found')).toBeLessThan(attentionText.indexOf('evidence/commit-not-found'));
  });

  it('check lists the path first too', async () => {
    const results: string[] = [];
    const out: Output = { result: (t) => void results.push(t), info: () => {}, error: (t) => void results.push(`error: ${t}`) };
    await main(['check', '--quiet', dir], out);
    expect(results.join('\n').split('\n').filter((l) => l.includes('evidence/')).map((l) => l.trim().split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'high evidence/path-not-found decisions.jsonl:1',
      'high evidence/commit-not-found decisions.jsonl:2',
      'high evidence/commit-not-found decisions.jsonl:3',
    ]);
  });
});
