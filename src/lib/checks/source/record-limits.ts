/**
 * `source/line-too-long`, `source/duplicate-key`, `source/too-deep`, `source/nul-byte`: lines of any line-based
 * record file (trails, coord.v1, beads, babysit, premises) that are not read because reading
 * them would be unsafe or ambiguous; `source/invalid-utf8`: a whole-file record (markdown,
 * QA or review JSON) with bytes that are not UTF-8, read leniently; `source/empty-file`: a
 * record file with no bytes at all; `source/binary`: a line record file that is not text at all (docs/security.md, "Nothing is lost"). The adapters keep
 * each as an invalid record with its file, line and (capped) raw text; this check makes it a flag.
 */
import { flagOf, type Check, type FlagKind } from '../check.ts';
import { MAX_LINE_BYTES } from '../../text/lines.ts';
import { MAX_JSON_DEPTH } from '../../text/json-hazards.ts';

const SOURCE = 'docs/security.md (nothing is lost)';

export const LINE_TOO_LONG: FlagKind = {
  kind: 'source/line-too-long',
  severity: 'high',
  layer: 'trail',
  rule: `a line of a record file is at most ${MAX_LINE_BYTES} bytes (4 MiB); a longer line is kept by its start, not read`,
  source: SOURCE,
};

export const DUPLICATE_KEY: FlagKind = {
  kind: 'source/duplicate-key',
  severity: 'high',
  layer: 'trail',
  rule: 'a JSON record names each key once per object (JSON.parse would silently keep the last value)',
  source: SOURCE,
};

export const TOO_DEEP: FlagKind = {
  kind: 'source/too-deep',
  severity: 'high',
  layer: 'trail',
  rule: `a JSON record nests objects and arrays at most ${MAX_JSON_DEPTH} levels deep`,
  source: SOURCE,
};

export const INVALID_UTF8: FlagKind = {
  kind: 'source/invalid-utf8',
  severity: 'medium',
  layer: 'trail',
  rule: 'a markdown or JSON record file (design/, qa/, verdicts/, reviews/) is UTF-8 text; other bytes are shown as U+FFFD',
  source: SOURCE,
};

export const NUL_BYTE: FlagKind = {
  kind: 'source/nul-byte',
  severity: 'medium',
  layer: 'trail',
  rule: 'a record file is text: a line holding a NUL byte is not read (line formats); a markdown or text record is shown with U+FFFD in its place',
  source: SOURCE,
};

export const EMPTY_FILE: FlagKind = {
  kind: 'source/empty-file',
  severity: 'low',
  layer: 'trail',
  rule: 'a record file holds at least one record (an empty file is listed with 0 lines)',
  source: SOURCE,
};

export const BINARY_FILE: FlagKind = {
  kind: 'source/binary',
  severity: 'medium',
  layer: 'trail',
  rule: 'a line record file (.jsonl, .tsv) is text: one whose first 8000 bytes are over a tenth NUL, control or non-UTF-8 bytes is one invalid record for the whole file, not one per line (a UTF-16 file keeps its own message)',
  source: SOURCE,
};

/** The record-limit kinds, by id. */
export const RECORD_LIMIT_KINDS: readonly FlagKind[] = [LINE_TOO_LONG, DUPLICATE_KEY, TOO_DEEP, INVALID_UTF8, NUL_BYTE, EMPTY_FILE, BINARY_FILE];

const BY_KIND = new Map(RECORD_LIMIT_KINDS.map((k) => [k.kind, k]));

export const recordLimits: Check = {
  id: 'source/record-limits',
  kinds: RECORD_LIMIT_KINDS,
  run({ invalid, warnings }) {
    const empty = warnings.filter((w) => w.kind === EMPTY_FILE.kind).map((w) => flagOf(EMPTY_FILE, w.message, [], [{ file: w.file, line: w.line }]));
    return [
      ...invalid.flatMap((r) => {
        const k = BY_KIND.get(r.kind);
        // A fault of the whole file (line 0) whose words name it is said as it is (rel15: "decisions.jsonl:0: decisions.jsonl is binary …").
        const summary = r.line > 0 ? `${r.file}:${r.line}: ${r.error}` : r.error.startsWith(`${r.file} `) ? r.error : `${r.file}: ${r.error}`;
        return k ? [flagOf(k, summary, [], [{ file: r.file, line: r.line }])] : [];
      }),
      ...empty,
    ];
  },
};
