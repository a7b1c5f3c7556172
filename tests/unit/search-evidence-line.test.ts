/**
 * A search result shows the evidence its row rests on and what became of each pointer (find16):
 * before, a result showed a row's evidence only when a query word stood in it, and never its
 * verdict, so an auditor searching a SHA saw `[b1589f2f…]` and had to open the row to learn
 * whether it was verified. The pointers and their outcomes are kept in the doc store
 * (`StoredPointer`), said in the recap's words.
 */
import { describe, expect, it } from 'vitest';
import { memorySite } from './search-memory-site.ts';
import { hexKey, idKey, type ExactKey } from '../../src/lib/search/exact-keys.ts';
import { storedPointers } from '../../src/lib/search/stored-pointers.ts';
import { evidenceLine, EVIDENCE_SHOWN, OUTCOME_WORDS } from '../../src/lib/search/query/evidence-line.ts';
import { pointerWord } from '../../src/lib/site/words.ts';
import { STORED_LIMITS, STORED_POINTERS, type StoredPointer } from '../../src/lib/search/index/format.ts';
import type { EvidencePointer } from '../../src/lib/model/types.ts';
import type { SearchRecord } from '../../src/lib/search/search-record.ts';
import type { ShownHit } from '../../src/lib/search/query/engine.ts';

const verified: EvidencePointer = { raw: 'commit 8879725', kind: 'commit', status: 'VERIFIED', reason: 'commit exists' };
const missing: EvidencePointer = { raw: '6b8467766823b30e559d624defde1c57a594bda6', kind: 'commit', status: 'NOT_VERIFIED', reason: 'no commit', fault: 'evidence/commit-not-found' };
const prose: EvidencePointer = { raw: 'checked it manually, looks fine', kind: 'prose', status: 'NOT_VERIFIED', reason: 'evidence must be a pointer, not prose', fault: 'evidence/prose' };
const command: EvidencePointer = { raw: 'npm run build', kind: 'command', status: 'INCONCLUSIVE', reason: 'a command is not evidence of its result' };
const path: EvidencePointer = { raw: 'src/parser.ts:12', kind: 'path', status: 'VERIFIED', reason: 'line 12 exists' };

describe('storedPointers (what the doc store keeps of a row’s evidence)', () => {
  it('keeps each pointer as written with its outcome, and the failed check of one that did not resolve', () => {
    expect(storedPointers([verified, missing, prose, command])).toEqual([
      ['commit 8879725', 'v'],
      ['6b8467766823b30e559d624defde1c57a594bda6', 'n', 'evidence/commit-not-found'],
      // A cell of prose is apart from a pointer that did not resolve (the recap's words); its check is its outcome.
      ['checked it manually, looks fine', 'p'],
      ['npm run build', 'i'],
    ]);
    expect(storedPointers([])).toBeUndefined();
  });

  it('cuts a long pointer and keeps the first pointers only', () => {
    const long = { ...command, raw: `cargo test ${'x'.repeat(300)}` };
    expect(storedPointers([long])?.[0]?.[0]).toHaveLength(STORED_LIMITS.pointer);
    expect(storedPointers([long])?.[0]?.[0].endsWith('…')).toBe(true);
    expect(storedPointers(Array.from({ length: STORED_POINTERS + 5 }, () => command))).toHaveLength(STORED_POINTERS);
  });

  it('says each outcome in the recap’s words (pointerWord), the same everywhere', () => {
    for (const p of [verified, missing, prose, command, { ...prose, status: 'INCONCLUSIVE' as const }]) {
      const [stored] = storedPointers([p]) as StoredPointer[];
      const words = OUTCOME_WORDS[(stored as StoredPointer)[1]];
      expect(words.label).toBe(pointerWord(p).label);
      expect(words.prose).toBe(pointerWord(p).prose);
      expect(words.status).toBe(p.status);
    }
  });
});

describe('evidenceLine', () => {
  const pointers = storedPointers([command, prose, verified, missing, path]) as StoredPointer[];
  const text = (line: ReturnType<typeof evidenceLine>) => line?.items.map((i) => `${i.text.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('')} ${i.label}${i.fault ? ` ${i.fault}` : ''}`);

  it('puts the pointers the query names first, marked, with their verdicts; then the row’s others, three in all', () => {
    const line = evidenceLine(pointers, new Set(), null, ['6b84677'], []);
    expect(text(line)).toEqual(['[6b8467766823b30e559d624defde1c57a594bda6] not verified evidence/commit-not-found', 'npm run build not verified (inconclusive)', 'checked it manually, looks fine prose, no pointer']);
    expect(line?.more).toBe(2);
    expect(line?.items).toHaveLength(EVIDENCE_SHOWN);
    expect(text(evidenceLine(pointers, new Set(), null, [], ['src/parser.ts']))?.[0]).toBe('[src/parser.ts]:12 verified');
  });

  it('is null for a record citing nothing', () => {
    expect(evidenceLine(undefined, new Set(['x']), null)).toBeNull();
    expect(evidenceLine([], new Set(['x']), null)).toBeNull();
  });
});

describe('a result of the search page', () => {
  function row(id: string, title: string, body: string, evidence: string, pointers: EvidencePointer[], exact: ExactKey[]): SearchRecord {
    const stored = storedPointers(pointers);
    return { anchor: `row-${id}`, title, body, evidence, ...(stored ? { pointers: stored } : {}), meta: 'verified · phase-1', facets: { type: ['decision'] }, exact: [idKey(id, 3), ...exact], severity: null, time: '2026-01-01T00:00:00Z' };
  }
  const records = [
    row('8635af1e', 'Ship the fake-sha hotfix', 'The worker reported the hotfix commit as landed', '6b8467766823b30e559d624defde1c57a594bda6', [missing], [hexKey('6b8467766823b30e559d624defde1c57a594bda6', 3)]),
    row('00b3022c', 'numbered trail lines from 1', 'errors pointed one line above the bad row', 'commit 8879725; npm run build', [verified, command], [hexKey('8879725', 3)]),
    row('0a1f7f7c', 'Skip the parser tests for the release', 'The change is one line', 'checked it manually, looks fine; see the hotfix notes', [{ ...prose, raw: 'checked it manually, looks fine' }], []),
  ];
  async function shown(q: string): Promise<ShownHit[]> {
    const engine = (await memorySite([{ key: 'p/x', records, latest: '2026-01-01' }])).engine();
    const out = await engine.search(q, {});
    return engine.show(out.hits.slice(0, 5), out);
  }
  const marks = (segments: ShownHit['excerpt']) => segments.filter((s) => s.mark).map((s) => s.text);

  it('a SHA: the row’s pointer marked, with its verdict, and the row’s why as its excerpt (the SHA is not said twice)', async () => {
    // Before: the excerpt was the evidence cell, `[8879725]` marked, and no verdict anywhere but the tags.
    const [hit] = await shown('8879725');
    expect(hit?.href).toBe('/p/x/#row-00b3022c');
    expect(hit?.evidence?.items.map((i) => [marks(i.text), i.label])).toEqual([[['8879725'], 'verified'], [[], 'not verified (inconclusive)']]);
    expect(hit?.excerpt.map((s) => s.text).join('')).toBe('errors pointed one line above the bad row');
  });

  it('words: the excerpt where they stand, and the row’s evidence with its verdict beside it', async () => {
    const [hit] = await shown('hotfix landed');
    expect(hit?.href).toBe('/p/x/#row-8635af1e');
    expect(marks(hit?.excerpt ?? [])).toEqual(['hotfix', 'landed']);
    expect(hit?.evidence?.items.map((i) => [i.label, i.fault])).toEqual([['not verified', 'evidence/commit-not-found']]);
  });

  it('a word only between the pointers of the evidence cell: the cell is the excerpt, so the word is seen', async () => {
    const hits = await shown('notes');
    expect(hits[0]?.href).toBe('/p/x/#row-0a1f7f7c');
    expect(marks(hits[0]?.excerpt ?? [])).toEqual(['notes']);
    expect(hits[0]?.evidence?.items.map((i) => i.label)).toEqual(['prose, no pointer']);
  });
});
