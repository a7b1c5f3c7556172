/**
 * A finding's repro (quality-and-design-controls.md, section 1: "The finding keeps the exact
 * command and the output excerpt (≤ 20 lines)"; Output: "The repro goes into
 * failure_scenario as repro: <command> → <output excerpt>").
 */
import type { Repro } from '../model/verdicts.ts';

/** The most output lines a repro excerpt may have (section 1). */
export const MAX_REPRO_LINES = 20;

/** Lines of an output excerpt; a final line break does not count, an empty output has 0. */
export function outputLines(output: string): number {
  const t = output.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  return t === '' ? 0 : t.split('\n').length;
}

/**
 * Reads `repro: <command> → <output>` (or `->`) from a failure scenario; the command may be
 * in backticks. Returns null when the scenario holds no repro. Pure.
 */
export function reproFromScenario(scenario: string): Repro | null {
  const m = /(?:^|\n|\s)repro:\s*([\s\S]+?)\s*(?:→|->)\s*([\s\S]*)$/i.exec(scenario);
  if (!m) return null;
  const command = (m[1] as string).trim().replace(/^`+|`+$/g, '').trim();
  if (command === '') return null;
  const output = (m[2] as string).replace(/^\s*\n/, '').replace(/^```[^\n]*\n([\s\S]*?)\n?```\s*$/, '$1').trimEnd();
  return { command, output, outputLines: outputLines(output), from: 'failure_scenario' };
}

/** A repro from the structured `repro` field. */
export function reproFromField(repro: { command: string; output: string }): Repro {
  return { command: repro.command.trim(), output: repro.output.trimEnd(), outputLines: outputLines(repro.output), from: 'field' };
}
