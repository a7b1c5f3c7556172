/**
 * The words the recap uses for verdict states (quality-and-design-controls.md, section 3:
 * "the Attention section shows INCONCLUSIVE items as 'not verified', never as clean";
 * spec/archive.md: "Status colours are colour-blind safe and always paired with a word").
 */
import type { GateSupport } from '../model/verdicts.ts';
import { evidenceWord } from '../site/words.ts';

/** A status word: label, tone and icon. */
export interface Word {
  label: string;
  tone: 'good' | 'bad' | 'unknown';
  icon: string;
}

/** A criterion state. INCONCLUSIVE always reads "not verified (inconclusive)"; unknown states read as written. */
export function stateWord(state: string): Word {
  if (state === 'VERIFIED' || state === 'NOT_VERIFIED' || state === 'INCONCLUSIVE') return evidenceWord(state);
  return { label: `not verified (${state.toLowerCase()})`, tone: 'unknown', icon: '?' };
}

/** A finding verdict: CONFIRMED is a real defect (bad), REFUTED none (good), PLAUSIBLE unproven. */
export function findingWord(verdict: string | null): Word {
  if (verdict === 'CONFIRMED') return { label: 'confirmed', tone: 'bad', icon: '✗' };
  if (verdict === 'REFUTED') return { label: 'refuted', tone: 'good', icon: '✓' };
  if (verdict === 'PLAUSIBLE') return { label: 'plausible (not proven)', tone: 'unknown', icon: '?' };
  return { label: verdict === null ? 'no verdict recorded' : verdict.toLowerCase(), tone: 'unknown', icon: '?' };
}

/** A premise result: holds, fails, or not verified (inconclusive / not tested). */
export function premiseWord(result: string | null): Word {
  if (result === 'holds') return { label: 'holds', tone: 'good', icon: '✓' };
  if (result === 'fails') return { label: 'fails', tone: 'bad', icon: '✗' };
  if (result === 'inconclusive') return { label: 'not verified (inconclusive)', tone: 'unknown', icon: '?' };
  if (result === null) return { label: 'not tested', tone: 'unknown', icon: '?' };
  return { label: `not verified (${result})`, tone: 'unknown', icon: '?' };
}

/** Whether the criteria support the gate verdict. */
export function supportWord(support: GateSupport, verdict: string): Word {
  if (support.supported === true) return { label: `criteria support ${verdict}`, tone: 'good', icon: '✓' };
  if (support.supported === false) return { label: `criteria do not support ${verdict}`, tone: 'bad', icon: '✗' };
  return { label: 'support not verified', tone: 'unknown', icon: '?' };
}

/** A babysit rubric grade: A and B good, C and D bad, N/A and others unknown. */
export function gradeWord(grade: string): Word {
  if (/^[AB][+-]?$/.test(grade)) return { label: grade, tone: 'good', icon: '✓' };
  if (/^[CD][+-]?$/.test(grade)) return { label: grade, tone: 'bad', icon: '✗' };
  return { label: grade, tone: 'unknown', icon: '?' };
}
