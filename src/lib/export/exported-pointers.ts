/**
 * Evidence pointers as recap.json writes them: without `reasonKind`, which says which of the
 * resolver's reasons a pointer's `reason` is, for the row card (src/lib/site/card-reason.ts;
 * src/lib/model/model-schema.ts `reasonKindSchema`). It is the model's own: recap.json
 * (`trailbook.recap/4`) stays as it was, every reason written whole, and a reader of any
 * recap version gets pointers without it (the card is not made from recap.json). Every other
 * field of a pointer is kept, in its order. Pure; the input is not modified, and what holds no
 * `reasonKind` is returned as it is (no copy).
 */
import type { EvidencePointer } from '../model/types.ts';

/** `p` without `reasonKind`; `p` itself when it has none. */
export function exportedPointer(p: EvidencePointer): EvidencePointer {
  if (p.reasonKind === undefined) return p;
  const { reasonKind: _, ...rest } = p;
  return rest;
}

/** A list of pointers (a row's evidence), each as {@link exportedPointer}; the list itself when none has a `reasonKind`. */
export function exportedPointers(list: readonly EvidencePointer[]): EvidencePointer[] {
  return list.some((p) => p.reasonKind !== undefined) ? list.map(exportedPointer) : (list as EvidencePointer[]);
}

/** Whether `value` is an evidence pointer (`raw`, `status` and `reason` strings) holding a `reasonKind`. */
const hasReasonKind = (value: Record<string, unknown>): boolean => 'reasonKind' in value && typeof value['raw'] === 'string' && typeof value['status'] === 'string' && typeof value['reason'] === 'string';

/**
 * `value` (a part of the model: its invalid records, its verdicts) with every evidence pointer
 * in it, at any depth, as {@link exportedPointer}: only the objects and arrays on the way to
 * one are copied; `value` itself when it holds none. The parts are trees (JSON), not graphs.
 */
export function withoutReasonKinds<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const w = withoutReasonKinds(v);
      if (w !== v) (out ??= [...value])[i] = w;
    }
    return (out ?? value) as T;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const v = record[key];
    const w = withoutReasonKinds(v);
    if (w !== v) (out ??= { ...record })[key] = w;
  }
  if (hasReasonKind(out ?? record)) {
    const { reasonKind: _, ...rest } = out ?? record;
    return rest as T;
  }
  return (out ?? value) as T;
}
