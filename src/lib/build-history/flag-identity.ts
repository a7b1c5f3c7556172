/**
 * A flag's stable identity across builds and runs (issue 15, "flags keep a stable identity
 * across builds (kind, rows, evidence)"; docs/history.md): its kind, the ids of its rows
 * (sorted), and its evidence (a layer-2 flag's path, SHA or row id). A flag about no row (an
 * invalid line, a file) is told apart by its places (`file:line`), and one with no place
 * either by its summary. The identity is hashed to `f` + 14 hex digits (a 53-bit string hash,
 * pure JavaScript, so the compare page can compute it in the browser as the CLI does).
 */
import type { Flag } from '../model/types.ts';

/** 53-bit string hash (cyrb53), as 14 hex digits. Deterministic across platforms. */
export function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const n = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return n.toString(16).padStart(14, '0');
}

/**
 * The identity text of a flag. `rowIds` replaces the flag's own row ids (the compare page maps
 * one run's rows onto the other's before comparing).
 */
export function flagIdentityText(flag: Pick<Flag, 'kind' | 'rows' | 'evidence' | 'at' | 'summary'>, rowIds: readonly string[] = flag.rows): string {
  const rows = [...rowIds].sort();
  const parts = [flag.kind, rows.join(','), flag.evidence ?? ''];
  if (rows.length === 0) parts.push(flag.at.length > 0 ? flag.at.map((a) => `${a.file}:${a.line}`).join(',') : flag.summary);
  return parts.join('\u0000');
}

/** A flag's stable identity, `f` + 14 hex digits. */
export function flagIdentity(flag: Pick<Flag, 'kind' | 'rows' | 'evidence' | 'at' | 'summary'>, rowIds?: readonly string[]): string {
  return `f${hash53(flagIdentityText(flag, rowIds))}`;
}
