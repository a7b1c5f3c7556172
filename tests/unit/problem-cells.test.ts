/**
 * An evidence problem says how many cells it is when its rows hold more than one each (use11):
 * LeoMartinDev__Plume's recap said "12 prose, no pointer" in its Evidence figure, and the card
 * that figure links to (#attention), and the glance above it, said "10 rows: prose, not a
 * pointer": two of its rows hold two cells of prose. Now the card and the glance say "12 cells
 * in 10 rows: prose, not a pointer", the figure's 12 among its words.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { problems } from '../../src/lib/projections/problems.ts';
import { worstFlags } from '../../src/lib/projections/worst-flags.ts';
import { problemSentence } from '../../src/lib/site/words.ts';
import { problemCardsHtml } from '../../src/components/html/problem-cards.ts';
import { REAL_CORPUS } from '../real-corpus.ts';

const models = new Map<string, ProjectModel>();
const modelOf = async (folder: string): Promise<ProjectModel> => {
  if (!models.has(folder)) await analyseArchive({ roots: [join(REAL_CORPUS, folder)], cacheDir: null, onModel: (m) => void models.set(folder, m) });
  return models.get(folder) as ProjectModel;
};

describe('an evidence problem counts its cells as the Evidence figure does', () => {
  it.each([
    ['LeoMartinDev__Plume', '12 cells in 10 rows: prose, not a pointer'],
    ['Jenzoga__JMT-MCMT', '15 cells in 10 rows: prose, not a pointer'],
    ['SenriganMaster__csv_zero', '14 cells in 8 rows: prose, not a pointer'],
    ['ddv1982__echo', '5 cells in 4 rows: prose, not a pointer'],
  ])("%s: the card and the glance say the figure's number", async (folder, sentence) => {
    const model = await modelOf(folder);
    const records = [...model.rows, ...model.invalid];
    const prose = problems(model.flags, records).find((p) => p.kind === 'evidence/prose');
    expect(prose && problemSentence(prose)).toBe(sentence);
    expect(model.counts.pointers.prose).toBe(Number(sentence.split(' ')[0]));
    expect(worstFlags(model.flags, 3, records).shown.filter((w) => w.problem.kind === 'evidence/prose').map((w) => problemSentence(w.problem))).toEqual([sentence]);
    expect(problemCardsHtml(problems(model.flags, records), () => [], () => 'layer 1 · evidence').value).toContain(`<p class="flag-summary">${sentence}</p>`);
  });

  it('says rows alone when each row holds one cell, and when no records are given', async () => {
    const model = await modelOf('ss49919201__myblog');
    expect(problems(model.flags, [...model.rows, ...model.invalid]).map((p) => problemSentence(p))).toEqual(problems(model.flags).map((p) => problemSentence(p)));
    const leo = await modelOf('LeoMartinDev__Plume');
    expect(problemSentence(problems(leo.flags).find((p) => p.kind === 'evidence/prose') as never)).toBe('10 rows: prose, not a pointer');
  });
});

describe("Check first says the not-checkable pointers the Evidence figure links it for (use11)", () => {
  it('LeoMartinDev__Plume: 51 pointers of 35 rows, each row under its result', async () => {
    const { checkFirstNotCheckable } = await import('../../src/lib/projections/check-first.ts');
    const { checkFirstNotCheckableSentence } = await import('../../src/lib/site/words.ts');
    const model = await modelOf('LeoMartinDev__Plume');
    const spread = checkFirstNotCheckable(model.rows);
    expect(spread).toEqual({ pointers: 51, rows: 35, invalidPointers: 0, invalidRecords: 0 });
    expect(spread.pointers).toBe(model.counts.pointers.notCheckable);
    expect(checkFirstNotCheckableSentence(spread.pointers, spread.rows, model.repository.problem)).toBe(
      "51 evidence pointers of 35 rows could not be checked (no repository: commits and paths could not be looked up): each of those rows is listed here, and each pointer is marked not checkable on its row's card under Decisions.",
    );
    expect(checkFirstNotCheckableSentence(1, 1, null)).toBe("1 evidence pointer of 1 row could not be checked: the row is listed here, and the pointer is marked not checkable on its row's card under Decisions.");
  });
});

describe('the not-checkable figure counts invalid records and pointers, and Check first says both (use11)', () => {
  it('Howard-Starfield: 49 pointers, 39 on 28 rows and 10 on 2 invalid records', async () => {
    const { checkFirstNotCheckable } = await import('../../src/lib/projections/check-first.ts');
    const { checkFirstNotCheckableSentence } = await import('../../src/lib/site/words.ts');
    const model = await modelOf('Howard-Starfield__Diablo-IV-Masterwork-Companion');
    const nc = checkFirstNotCheckable(model.rows, model.invalid);
    expect(nc).toEqual({ pointers: 39, rows: 28, invalidPointers: 10, invalidRecords: 2 });
    expect(nc.pointers + nc.invalidPointers).toBe(model.counts.pointers.notCheckable);
    expect(checkFirstNotCheckableSentence(nc.pointers, nc.rows, model.repository.problem, nc.invalidPointers, nc.invalidRecords)).toBe(
      "49 evidence pointers could not be checked (no repository: commits and paths could not be looked up): 39 on 28 rows, each row listed here and each pointer marked not checkable on its row's card under Decisions; 10 on 2 invalid records, under Invalid records.",
    );
  });

  it("Jenzoga__JMT-MCMT: the folded group says the 7 pointers of its 4 rows whose evidence could not be checked", async () => {
    const { checkFirst, checkFirstGroups, checkFirstNotCheckableHeld, checkFirstReasonRows } = await import('../../src/lib/projections/check-first.ts');
    const { checkFirstWordsSentence } = await import('../../src/lib/site/words.ts');
    const model = await modelOf('Jenzoga__JMT-MCMT');
    const groups = checkFirstGroups(checkFirst(model.rows));
    expect(checkFirstNotCheckableHeld(groups)).toBe(model.counts.pointers.notCheckable);
    expect(checkFirstWordsSentence(checkFirstReasonRows(groups, 'words'), null, checkFirstNotCheckableHeld(groups))).toBe(
      "9 verified, with prose for evidence; 4 verified, with evidence that could not be checked (7 pointers). These are the agent's own words, not checks Trailbook made: each row shows its result as written.",
    );
  });
});
