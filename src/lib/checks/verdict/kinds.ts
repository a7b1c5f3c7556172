/** Shared pieces of the `verdict/*`, `finding/*` and `loop/*` checks. */
import type { FlagKind } from '../check.ts';

/** A kind of the verdicts layer (quality-and-design-controls.md, sections 1, 3, 4; spec/input.md section 6). */
export const verdictKind = (kind: string, severity: FlagKind['severity'], rule: string, section: string): FlagKind => ({
  kind,
  severity,
  layer: 'verdicts',
  rule,
  source: `quality controls, ${section}; spec/input.md section 6`,
});
