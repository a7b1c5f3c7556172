/**
 * A cell's pointers as they are shown: each pointer found inside a command (or a note) under
 * the pointer it was found in (issue 13, item 1: `git show b732012` lists commit b732012 under
 * the command). Pure; the order of the list is kept.
 */
import type { EvidencePointer } from '../model/types.ts';

/** A shown pointer with the pointers found inside it. */
export interface EvidenceNode {
  pointer: EvidencePointer;
  parts: EvidencePointer[];
}

/** Groups pointers under the one each was found inside (`within`); a `within` that names no earlier top-level pointer is shown at the top. */
export function evidenceTree(pointers: readonly EvidencePointer[]): EvidenceNode[] {
  const nodes: EvidenceNode[] = [];
  const byIndex = new Map<number, EvidenceNode>();
  pointers.forEach((pointer, index) => {
    const parent = pointer.within === undefined ? undefined : byIndex.get(pointer.within);
    if (parent) parent.parts.push(pointer);
    else {
      const node = { pointer, parts: [] };
      nodes.push(node);
      byIndex.set(index, node);
    }
  });
  return nodes;
}
