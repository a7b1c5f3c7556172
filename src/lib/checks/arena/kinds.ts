/**
 * Shared pieces of the `arena/*` checks (quality-and-design-controls.md, section 2;
 * spec/input.md section 5).
 */
import type { FlagKind } from '../check.ts';

/** Where the arena rules come from, as docs/checks.md states it. */
export const ARENA_SOURCE = 'quality controls, section 2; spec/input.md section 5';

/** An `arena/*` kind. */
export const arenaKind = (kind: string, severity: FlagKind['severity'], rule: string): FlagKind => ({ kind, severity, layer: 'arena', rule, source: ARENA_SOURCE });
