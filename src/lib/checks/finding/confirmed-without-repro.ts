/**
 * `finding/confirmed-without-repro`: a CONFIRMED correctness finding keeps its repro command
 * and output (quality-and-design-controls.md, section 1: "A correctness finding is CONFIRMED
 * only when the verifier has run a repro and the output shows the wrong behavior").
 */
import type { Flag } from '../../model/types.ts';
import { flagOf, quote, type Check } from '../check.ts';
import { verdictKind } from '../verdict/kinds.ts';
import { findingName, isConfirmedCorrectness } from './scope.ts';

export const CONFIRMED_WITHOUT_REPRO = verdictKind('finding/confirmed-without-repro', 'high', 'a CONFIRMED correctness finding has a repro: a `repro` {command, output} or `repro: <command> → <output>` in failure_scenario', 'section 1');

export const confirmedWithoutRepro: Check = {
  id: 'finding/confirmed-without-repro',
  kinds: [CONFIRMED_WITHOUT_REPRO],
  run({ verdicts }) {
    const flags: Flag[] = [];
    for (const r of verdicts?.reviews ?? []) {
      r.findings.forEach((f, i) => {
        if (isConfirmedCorrectness(f) && (f.repro === null || f.repro.output.trim() === '')) {
          const what = f.repro === null ? 'has no repro' : `has a repro (${quote(f.repro.command, 40)}) with no output`;
          flags.push(flagOf(CONFIRMED_WITHOUT_REPRO, `${findingName(f, i)} ${quote(f.summary, 50)} is CONFIRMED but ${what}`, [], [{ file: f.file, line: f.line }]));
        }
      });
    }
    return flags;
  },
};
