/**
 * Counts per filter value and record type (issue 11 scope 3): the records of a search tallied
 * per flat value set of the parts table, then per value (engine.ts, SearchOutcome.counts).
 */
import type { IndexRuntime } from './runtime.ts';

/** Facet key → value → record type → records. */
export type FacetCounts = Record<string, Record<string, Record<string, number>>>;

const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A record counted in no facet (tallyCounts' `only`): it fails two filters or more. */
export const NOT_COUNTED = -3;

/**
 * Adds records' counts per filter value and record type to `outcome.counts` (after the first
 * results: SearchEngine.finishCounts). Record `c` of `records` is of index part `part[c]`,
 * facet code word `word[c]` and type `type[c]` (1 + its `type` value, 0 none); `only[c]` says
 * where it counts: -1 every facet and the project (it passes every filter), -2 the project
 * alone, `f` index facet `f` alone (it fails just that filter), NOT_COUNTED nowhere; a null
 * `only` counts every record everywhere. Tallies gather per flat value set × type in typed
 * arrays (the sets shared by the parts of the parts table), turned into values once per set
 * at the end (a map per facet code word cost more than the rest of the search).
 */
export function tallyCounts(ix: IndexRuntime, outcome: { counts: FacetCounts }, projectOf: (part: number) => string | null, records: { part: ArrayLike<number>; word: ArrayLike<number>; type: ArrayLike<number>; only: ArrayLike<number> | null; n: number }): void {
  const { info, table } = ix;
  const nTypes = ix.types;
  const typeName = (t: number): string => ix.typeName(t);
  const valueAcc = info.values.map((vs) => new Int32Array(vs.length * nTypes));
  const projectAcc = new Int32Array(table.size * nTypes);
  const codeAcc = new Int32Array(table.sets * nTypes);
  const { part: parts, word: words, type: types, only: onlyOf, n } = records;
  for (let c = 0; c < n; c++) {
    const only = onlyOf ? (onlyOf[c] as number) : -1;
    if (only === NOT_COUNTED) continue;
    const part = parts[c] as number;
    const word = words[c] as number;
    const type = types[c] as number;
    if (only === -1 || only === -2) projectAcc[part * nTypes + type] = (projectAcc[part * nTypes + type] as number) + 1;
    const first = table.facetStart[part] as number;
    const end = table.facetStart[part + 1] as number;
    for (let slot = first; slot < end; slot++) {
      if (only !== -1 && table.slotFacet[slot] !== only) continue;
      // The set of each facet, read inline (this runs once per facet of every record found).
      const set = table.setAt(part, slot, word);
      if (set >= 0) codeAcc[set * nTypes + type] = (codeAcc[set * nTypes + type] as number) + 1;
    }
  }
  // The tallies as counts per value and type.
  for (let set = 0; set < table.sets; set++) {
    const a = valueAcc[table.setFacet[set] as number] as Int32Array;
    for (let type = 0; type < nTypes; type++) {
      const k = codeAcc[set * nTypes + type] as number;
      if (k === 0) continue;
      for (let v = table.valueStart[set] as number; v < (table.valueStart[set + 1] as number); v++) {
        const at = (table.values[v] as number) * nTypes + type;
        a[at] = (a[at] as number) + k;
      }
    }
  }
  const add = (key: string, value: string, type: string, k: number): void => {
    const byValue = (outcome.counts[key] ??= dict());
    const byType = (byValue[value] ??= dict());
    byType[type] = (byType[type] ?? 0) + k;
  };
  for (let part = 0; part < table.size; part++) {
    const project = projectOf(part);
    if (project === null) continue;
    for (let t = 0; t < nTypes; t++) if ((projectAcc[part * nTypes + t] as number) > 0) add('project', project, typeName(t), projectAcc[part * nTypes + t] as number);
  }
  valueAcc.forEach((a, f) => {
    const key = info.facets[f] as string;
    const values = info.values[f] as string[];
    for (let v = 0; v < values.length; v++) for (let t = 0; t < nTypes; t++) if ((a[v * nTypes + t] as number) > 0) add(key, values[v] as string, typeName(t), a[v * nTypes + t] as number);
  });
}
