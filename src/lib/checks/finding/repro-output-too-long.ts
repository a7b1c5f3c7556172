/**
 * `finding/repro-output-too-long`: a repro keeps an output excerpt of at most 20 lines
 * (quality-and-design-controls.md, section 1: "the output excerpt (≤ 20 lines)").
 */
import type { Flag } from '../../model/types.ts';
import { MAX_REPRO_LINES } from '../../verdicts/repro.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';
import { findingName } from './scope.ts';

export const REPRO_OUTPUT_TOO_LONG = verdictKind('finding/repro-output-too-long', 'medium', `a repro's output excerpt has at most ${MAX_REPRO_LINES} lines`, 'section 1');

export const reproOutputTooLong: Check = {
  id: 'finding/repro-output-too-long',
  kinds: [REPRO_OUTPUT_TOO_LONG],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const r of verdicts?.reviews ?? []) {
      r.findings.forEach((f, i) => {
        if (f.repro && f.repro.outputLines > MAX_REPRO_LINES) {
          flags.push(flagOf(REPRO_OUTPUT_TOO_LONG, `${findingName(f, i)} ${quote(f.summary, 50)}: the repro output is ${f.repro.outputLines} lines; an excerpt has at most ${MAX_REPRO_LINES}`, [], [{ file: f.file, line: f.line }]));
        }
      });
    }
    return flags;
  },
};
