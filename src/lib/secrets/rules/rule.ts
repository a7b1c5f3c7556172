/**
 * The engine of Trailbook's own secret rules: a rule is a table row of finders (an anchor
 * searched with `indexOf`, the code that reads a candidate there, the test of a real value), run
 * by {@link ownRule}.
 */

/** One secret found in a text: its range (UTF-16 offsets, end exclusive) and what it is. */
export interface SecretHit {
  start: number;
  end: number;
  /** What the secret is, as the marker names it (`password in a KEY=value assignment`). */
  kind: string;
  /** The rule that found it (`trailbook/assignment`, `@secretlint/secretlint-rule-aws`, `config/…`). */
  rule: string;
}

/** A rule of Trailbook's own, with its examples. */
export interface OwnRule {
  id: string;
  /** What the rule finds, in one line (docs/security.md lists it). */
  describe: string;
  /** Finds the rule's secrets in `text`, in order. */
  scan(text: string): SecretHit[];
  /** Texts with the one secret value each holds, and texts that hold none. */
  examples: { secret: ReadonlyArray<{ text: string; value: string }>; notSecret: readonly string[] };
}

/** A candidate a finder reads at its anchor: the value's range (UTF-16 offsets, end exclusive) and, when the finder's `kind` does not hold for every one, what it is. */
export interface Candidate {
  start: number;
  end: number;
  kind?: string;
}

/** A candidate as the test of a real value sees it: its text, where its anchor was, and its kind. */
export interface FoundAt {
  text: string;
  /** Where the anchor it was read at starts. */
  at: number;
  start: number;
  end: number;
  kind: string;
}

/** One way a rule finds secrets (a row of the table holds one or more). */
export interface Finder {
  /** What every candidate is read from; searched with `indexOf`, each place in turn. */
  anchor: string | readonly string[];
  /** Whether the anchor's ASCII letters match in either case (`Bearer`, `bearer`); offsets stay those of the text. */
  anyCase?: boolean;
  /** What a candidate is, unless `read` names it (one of the two does). */
  kind?: string;
  /**
   * Reads the candidate at the anchor found at `at`, or null when there is none; `next` is
   * where the search for the anchor goes on (past `at` always; past what was read, so that no
   * character is read more than a bounded number of times).
   */
  read(text: string, at: number): { candidate: Candidate | null; next: number };
  /** Whether a candidate's `value` is a real secret, not a placeholder, reference or word; every candidate is when absent. */
  real?(value: string, found: FoundAt): boolean;
}

/** A row of the table of own rules: {@link ownRule} makes it an {@link OwnRule}. */
export interface OwnRuleRow {
  id: string;
  /** What the rule finds, in one line (docs/security.md lists it). */
  describe: string;
  /** Its finders; a rule of several returns their hits ordered by where they start. */
  finders: readonly Finder[];
  examples: OwnRule['examples'];
}

/** The text with its ASCII capitals lower-cased and every other character as it was, so offsets into it are offsets into the text (`toLowerCase` turns `İ` into two characters). */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** The places of any of `anchors` in `hay`, in order, each from where the caller asks: `next(from)` is the first at or after `from`, or -1. Each anchor is searched forward only. */
function anchorPlaces(hay: string, anchors: readonly string[]): (from: number) => number {
  const places = anchors.map((a) => hay.indexOf(a));
  return (from) => {
    let first = -1;
    for (let k = 0; k < anchors.length; k++) {
      if ((places[k] as number) >= 0 && (places[k] as number) < from) places[k] = hay.indexOf(anchors[k] as string, from);
      const place = places[k] as number;
      if (place >= 0 && (first < 0 || place < first)) first = place;
    }
    return first;
  };
}

/**
 * The rule a row of the table describes: its scan runs each finder over the text (every
 * anchor, the candidate read there, kept when it is real) and names the row's id as each hit's
 * rule. Hits come in the order they start.
 */
export function ownRule(row: OwnRuleRow): OwnRule {
  const scan = (text: string): SecretHit[] => {
    const hits: SecretHit[] = [];
    for (const finder of row.finders) {
      const anchors = typeof finder.anchor === 'string' ? [finder.anchor] : finder.anchor;
      const next = finder.anyCase ? anchorPlaces(asciiLower(text), anchors.map(asciiLower)) : anchorPlaces(text, anchors);
      for (let at = next(0); at >= 0; ) {
        const { candidate, next: from } = finder.read(text, at);
        if (candidate !== null) {
          const kind = candidate.kind ?? finder.kind ?? row.id;
          const found: FoundAt = { text, at, start: candidate.start, end: candidate.end, kind };
          if (finder.real === undefined || finder.real(text.slice(candidate.start, candidate.end), found)) hits.push({ start: candidate.start, end: candidate.end, kind, rule: row.id });
        }
        at = next(Math.max(at + 1, from));
      }
    }
    return row.finders.length > 1 ? hits.sort((a, b) => a.start - b.start) : hits;
  };
  return { id: row.id, describe: row.describe, scan, examples: row.examples };
}
