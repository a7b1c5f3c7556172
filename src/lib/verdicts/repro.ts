/**
 * A finding's repro (quality-and-design-controls.md, section 1: "The finding keeps the exact
 * command and the output excerpt (≤ 20 lines)"; Output: "The repro goes into
 * failure_scenario as repro: <command> → <output excerpt>").
 */
import type { Repro } from '../model/verdicts.ts';
import { trimChars, trimEndChars } from '../text/trim-chars.ts';

/** The most output lines a repro excerpt may have (section 1). */
export const MAX_REPRO_LINES = 20;

/** Lines of an output excerpt; a final line break does not count, an empty output has 0. */
export function outputLines(output: string): number {
  const t = trimEndChars(output.replace(/\r\n/g, '\n'), '\n');
  return t === '' ? 0 : t.split('\n').length;
}

/**
 * Reads `repro: <command> → <output>` (or `->`) from a failure scenario; the command may be
 * in backticks. Returns null when the scenario holds no repro. Pure.
 */
export function reproFromScenario(scenario: string): Repro | null {
  // Found by position, not by one pattern: a lazy command before `\s*→` rescans every run of
  // spaces, which is quadratic in a long scenario (docs/security.md).
  const start = /(?:^|\s)repro:/i.exec(scenario);
  if (!start) return null;
  const from = scenario.length - scenario.slice(start.index + start[0].length).trimStart().length;
  const arrows = [scenario.indexOf('→', from + 1), scenario.indexOf('->', from + 1)].filter((i) => i >= 0);
  if (arrows.length === 0) return null;
  const arrow = Math.min(...arrows);
  const command = trimChars(scenario.slice(from, arrow).trim(), '`').trim();
  if (command === '') return null;
  const output = scenario.slice(arrow + (scenario.startsWith('→', arrow) ? 1 : 2)).trimStart().replace(/^\s*\n/, '').replace(/^```[^\n]*\n([\s\S]*?)\n?```\s*$/, '$1').trimEnd();
  return { command, output, outputLines: outputLines(output), from: 'failure_scenario' };
}

/** A repro from the structured `repro` field. */
export function reproFromField(repro: { command: string; output: string }): Repro {
  return { command: repro.command.trim(), output: repro.output.trimEnd(), outputLines: outputLines(repro.output), from: 'field' };
}
