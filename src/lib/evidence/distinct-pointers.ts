/**
 * One pointer per thing a cell cites (trust16): the same pointer written twice in one evidence
 * cell (`src/nope.ts; src/nope.ts`, `deadbee1, deadbee1`, or a file cited and then named again
 * in a sentence) is read once, so it is shown once, checked once and counted once on every
 * surface that reads the row's pointers (the recap's figures and cards, search's facets, `check`
 * and report.json). Before, each copy was a pointer of its own: two NOT_VERIFIED pointers, a flag
 * whose summary said the reason twice, and pointer totals one too high. The cell as written is
 * kept (`evidenceText`), so nothing is lost. Pure.
 */
import type { ClassifiedPointer } from './classified-pointer.ts';

/** What makes two pointers the same: everything but where each was written (its note, the item it was named in). */
function sameKey(p: ClassifiedPointer): string {
  const { note: _note, within: _within, mention: _mention, ...rest } = p;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/**
 * The cell's pointers with each repeated pointer kept once: where it stands (a list item, the
 * head of one) when it does anywhere in the cell, else where it is first named. A copy's note is
 * joined to the kept one's (`; `), and pointers named in a dropped copy's note are named under
 * the kept one. Returns the input itself when nothing repeats; `within` indexes are renumbered.
 * A pointer standing for the rest of a cell too long to read (`truncated`) is never merged.
 */
export function distinctPointers(pointers: readonly ClassifiedPointer[]): readonly ClassifiedPointer[] {
  const keys = pointers.map(sameKey);
  const chosen = new Map<string, number>();
  keys.forEach((key, i) => {
    const at = chosen.get(key);
    const p = pointers[i] as ClassifiedPointer;
    if (p.truncated) return;
    if (at === undefined || ((pointers[at] as ClassifiedPointer).within !== undefined && p.within === undefined)) chosen.set(key, i);
  });
  const keptAt = (i: number): number => (pointers[i]?.truncated ? i : (chosen.get(keys[i] as string) as number));
  if (pointers.every((_, i) => keptAt(i) === i)) return pointers;
  const index: number[] = [];
  const out: ClassifiedPointer[] = [];
  const notes = new Map<number, string[]>();
  pointers.forEach((p, i) => {
    const kept = keptAt(i);
    if (kept !== i) {
      if (p.note !== undefined && p.within === undefined) notes.set(kept, [...(notes.get(kept) ?? []), p.note]);
      return;
    }
    index[i] = out.length;
    out.push(p);
  });
  return out.map((p, n) => {
    const i = index.indexOf(n);
    const more = (notes.get(i) ?? []).filter((note) => note !== p.note);
    const noted = more.length === 0 ? p : { ...p, note: [...(p.note === undefined ? [] : [p.note]), ...new Set(more)].join('; ') };
    return p.within === undefined ? noted : { ...noted, within: index[keptAt(p.within)] as number };
  });
}
