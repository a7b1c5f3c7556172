/**
 * What a dependency edge means, in a few words, for the issue page (gastownhall/beads
 * `internal/types/types.go`, `DependencyType`): the edge is written on the dependent issue,
 * `depends_on_id` is the other one. Types beads does not define are custom (beads accepts
 * any type up to 50 characters) and shown as written. Pure.
 */
import { KNOWN_DEPENDENCY_TYPES, type BeadsDependency } from '../model/beads.ts';

const MEANING: Record<string, string> = {
  blocks: 'blocks this issue until it closes',
  'parent-child': 'is its parent',
  'conditional-blocks': 'this issue runs only if that one fails (closes with a failure reason)',
  'waits-for': 'this issue waits for the children of that one',
};

const known: readonly string[] = KNOWN_DEPENDENCY_TYPES;

/** `waits-for (gate all-children): this issue waits for the children of that one`, or the type alone. */
export function dependencyWords(d: BeadsDependency): string {
  const type = d.type === '' ? '(no type)' : d.type;
  const gate = d.gate ? ` (gate ${d.gate})` : '';
  const meaning = MEANING[d.type];
  const custom = d.type !== '' && !known.includes(d.type) ? ' (custom type)' : '';
  return `${type}${gate}${custom}${meaning ? `: ${meaning}` : ''}`;
}
