/**
 * `trailbook check --format sarif`: the check report as a SARIF 2.1.0 log (OASIS Static
 * Analysis Results Interchange Format), for code-scanning views and pull requests. A
 * projection of the check report (check-report.ts): one run, one rule per flag kind that
 * occurs (its one-line rule from docs/checks.md, src/lib/checks), one result per flag at its
 * record file and line (flag-places.ts), with a fingerprint that stays the same while the flag
 * does. Validated against the published schema in tests/unit/report-formats.test.ts.
 *
 * Issue 32: results are written worst first (report-order.ts), and at most
 * {@link SARIF_RESULT_LIMIT} of them, the number of results a run GitHub code scanning keeps;
 * when flags are left out the run says so in a tool notification (and `properties`). A flag
 * the baseline accepts is a result with an external, accepted suppression giving its reason.
 */
import { createHash } from 'node:crypto';
import { FLAG_KINDS } from '../checks/index.ts';
import type { Severity } from '../model/types.ts';
import { flagPlaces, SEVERITY_LEVELS, type LocatedProject, type RepositoryPlace } from './flag-places.ts';
import { worstFirst } from './report-order.ts';
import { projectName } from '../site/words.ts';
import { agree } from '../text/agree.ts';

/** Results GitHub code scanning keeps of one run (it drops the rest). */
export const SARIF_RESULT_LIMIT = 5000;

/** Related locations written per result: GitHub code scanning shows 100 locations of a result (the first is the result's own place). */
export const SARIF_RELATED_LIMIT = 99;

export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** The tool that made the log. */
export interface SarifTool {
  name: string;
  version: string;
}

/** A path as a relative URI reference: each segment percent-encoded. */
function uriOf(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function location(place: RepositoryPlace): Record<string, unknown> {
  return { physicalLocation: { artifactLocation: { uri: uriOf(place.path) }, ...(place.line === null ? {} : { region: { startLine: place.line } }) } };
}

/** The SARIF log (a JSON value) of the flags of `projects`: the worst `limit` of them ({@link SARIF_RESULT_LIMIT}). */
export function sarifLog(projects: readonly LocatedProject[], tool: SarifTool, limit = SARIF_RESULT_LIMIT): Record<string, unknown> {
  const known = new Map(FLAG_KINDS.map((k) => [k.kind, k]));
  const rules: Array<Record<string, unknown>> = [];
  const ruleIndex = new Map<string, number>();
  const ruleOf = (kind: string, layer: string, severity: Severity): number => {
    let index = ruleIndex.get(kind);
    if (index === undefined) {
      const k = known.get(kind);
      index = rules.length;
      ruleIndex.set(kind, index);
      rules.push({
        id: kind,
        shortDescription: { text: k ? k.rule : `A finding of the handover audit's reviewer (audit.json), kind ${kind}` },
        ...(k ? { fullDescription: { text: `${k.rule} (${k.source})` } } : {}),
        defaultConfiguration: { level: SEVERITY_LEVELS[k?.severity ?? severity].sarif },
        properties: { layer: k?.layer ?? layer, severity: k?.severity ?? severity },
      });
    }
    return index;
  };
  const results: Array<Record<string, unknown>> = [];
  const all = worstFirst(projects);
  let left = 0;
  for (const { located, flag } of all) {
    const [place, ...more] = flagPlaces(located, flag);
    if (!place) continue;
    if (results.length >= limit) {
      left++;
      continue;
    }
    const fingerprint = createHash('sha256').update([located.project.id, flag.kind, flag.rows.join(' '), flag.summary].join('\0')).digest('hex').slice(0, 32);
    results.push({
      ruleId: flag.kind,
      ruleIndex: ruleOf(flag.kind, flag.layer, flag.severity),
      level: SEVERITY_LEVELS[flag.severity].sarif,
      message: { text: `${projectName(located.project)}: ${flag.summary}` },
      locations: [location(place)],
      ...(more.length > 0 ? { relatedLocations: more.slice(0, SARIF_RELATED_LIMIT).map((p, i) => ({ id: i + 1, ...location(p) })) } : {}),
      partialFingerprints: { 'trailbook/v1': fingerprint },
      ...(flag.accepted !== undefined ? { suppressions: [{ kind: 'external', status: 'accepted', justification: flag.accepted }] } : {}),
      properties: { project: located.project.id, layer: flag.layer, severity: flag.severity, rows: flag.rows, ...(more.length > SARIF_RELATED_LIMIT ? { omittedLocations: more.length - SARIF_RELATED_LIMIT } : {}) },
    });
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: tool.name, version: tool.version, semanticVersion: tool.version, rules } },
        ...(left > 0
          ? {
              invocations: [{ executionSuccessful: true, toolExecutionNotifications: [{ level: 'warning', message: { text: sarifCutMessage(left, results.length) } }] }],
              properties: { omittedResults: left },
            }
          : {}),
        results,
      },
    ],
  };
}

/** What a log cut at the limit says (also printed by `trailbook check`). */
export function sarifCutMessage(left: number, kept: number): string {
  return `${left} more ${agree(left, 'flag is', 'flags are')} not in this log: GitHub code scanning keeps ${SARIF_RESULT_LIMIT} results of a run, so the log holds the worst ${kept}; trailbook check lists every flag`;
}
