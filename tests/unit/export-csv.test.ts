/**
 * CSV export (src/lib/export/csv.ts, decisions-csv.ts): RFC 4180 quoting, spreadsheet formula
 * injection neutralised, and decisions.csv's columns and evidence summary. A small RFC 4180
 * reader in this file reads the output back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvRecord, neutraliseFormulas } from '../../src/lib/export/csv.ts';
import { DECISIONS_CSV_COLUMNS, decisionsCsv, decisionsCsvLines, decisionsCsvNote, evidenceSummary, type DecisionsCsvInput } from '../../src/lib/export/decisions-csv.ts';
import { recordEvidenceStatus } from '../../src/lib/projections/row-evidence.ts';
import { archiveDecisionsCsv } from '../../src/lib/export/archive-decisions-csv.ts';
import type { EvidencePointer, Flag, InvalidRecord, SourceFile, TrailRow } from '../../src/lib/model/types.ts';

/** Reads an RFC 4180 document (CRLF records, `"` quoting) into records of fields. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (text[i] === '\r' || text[i] === '\n') {
      throw new Error(`bare line break in an unquoted field at ${i}`);
    } else field += text[i++];
  }
  if (field !== '' || record.length > 0) throw new Error('last record has no CRLF');
  return records;
}

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('quotes fields holding a comma, a semicolon, a tab, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a\tb')).toBe('"a\tb"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\t=1')).toBe(`"'\t'=1"`);
    expect(csvField('\r=1')).toBe(`"'\r'=1"`);
    expect(csvField('\tx')).toBe(`"'\tx"`);
    expect(csvField('＝1+1')).toBe("'＝1+1");
    // Inside a field only a cell start matters; numbers are numbers.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =1')).toBe(' =1');
    expect(csvField(-1)).toBe('-1');
  });

  it('neutralises a formula after a separator inside a field, for a spreadsheet that splits on ; or tabs (review: decisions.csv)', () => {
    // A spreadsheet whose list separator is `;` reads `…,"ok;=cmd…"` as two cells, the second `=cmd…`.
    expect(csvField("ok;=cmd|' /C calc'!A0")).toBe(`"ok;'=cmd|' /C calc'!A0"`);
    expect(csvField("w;@SUM(1+1)*cmd|' /C notepad'!A1")).toBe(`"w;'@SUM(1+1)*cmd|' /C notepad'!A1"`);
    expect(csvField('x,-1')).toBe(`"x,'-1"`);
    expect(csvField('x\t+1')).toBe(`"x\t'+1"`);
    expect(csvField('x\n@y')).toBe(`"x\n'@y"`);
    expect(csvField('cr\r\n=lf')).toBe(`"cr\r\n'=lf"`);
    // A quote that would open a quoted cell there is skipped: the formula start after it is still neutralised.
    expect(csvField('x;"=y')).toBe(`"x;""'=y"`);
    expect(csvField('a; b=c')).toBe('"a; b=c"');
  });

  it('leaves no cell start a formula start, however the text is split on , ; tab or line breaks (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', "'", '＝') }), (cell) => {
        const text = neutraliseFormulas(cell);
        text.split(/[,;\t\r\n]/).forEach((part, i) => expect(/^[=+\-@＝]/.test(i === 0 ? part : part.replace(/^"+/, '')), JSON.stringify(text)).toBe(false));
        expect(/^[\t\r\n]/.test(text)).toBe(false);
        // Only quotes were added.
        expect(text.replace(/'/g, '')).toBe(cell.replace(/'/g, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as written, with a quote before each formula start that begins a cell (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', 'é') }), { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) => {
        const text = rows.map((r) => csvRecord(r)).join('');
        const read = readCsv(text);
        expect(read).toEqual(rows.map((r) => r.map(neutraliseFormulas)));
      }),
    );
  });
});

const pointer = (status: EvidencePointer['status']): EvidencePointer => ({ raw: 'x', kind: 'path', status, reason: '' });

function row(over: Partial<TrailRow>): TrailRow {
  return {
    id: 'aaaa1111', computedId: 'aaaa1111', anchor: 'row-aaaa1111', format: 'bbs-trail', file: 'decisions.jsonl', line: 3, index: 2,
    ts: '2026-03-02T10:00:00Z', time: Date.parse('2026-03-02T10:00:00Z'), phase: 'phase-1', ticket: 'T-1', actor: 'lead',
    decision: 'Ship it', why: 'Because', evidenceText: 'src/a.ts:1', evidence: [pointer('VERIFIED')], result: 'verified', resultClass: 'verified',
    supersededBy: [], bytes: 100, extra: {}, ...over,
  };
}

const source = (path: string, format: SourceFile['format']): SourceFile => ({ path, format, bytes: 1, lines: 1, valid: 1, invalid: 0 });
const project = (rows: TrailRow[]): DecisionsCsvInput => ({ rows, flags: [], invalid: [], sources: [source('decisions.jsonl', 'bbs-trail')] });

describe('decisions.csv', () => {
  it('summarises evidence status in words, verified first', () => {
    expect(evidenceSummary([])).toBe('no evidence');
    expect(evidenceSummary([pointer('INCONCLUSIVE'), pointer('VERIFIED'), pointer('NOT_VERIFIED'), pointer('VERIFIED')])).toBe('2 verified; 1 not verified; 1 not verified (inconclusive)');
  });

  it('writes a header and one record per row, in file order, superseded rows with their successors', () => {
    const text = decisionsCsv(project([
      row({}),
      row({ id: 'bbbb2222', line: 4, decision: '=cmd|"/c calc"!A1', why: 'multi\nline, with comma', evidenceText: '-rf /', evidence: [], result: 'failed', supersededBy: ['cccc3333', 'dddd4444'] }),
    ]));
    const records = readCsv(text);
    expect(records[0]).toEqual([...DECISIONS_CSV_COLUMNS]);
    expect(records[0]).toEqual(['id', 'ts', 'phase', 'ticket', 'actor', 'decision', 'why', 'evidence', 'evidence_status', 'result', 'superseded_by', 'file', 'line', 'flags', 'worst_severity', 'valid', 'error', 'raw']);
    expect(records[1]).toEqual(['aaaa1111', '2026-03-02T10:00:00Z', 'phase-1', 'T-1', 'lead', 'Ship it', 'Because', 'src/a.ts:1', 'verified', 'verified', '', 'decisions.jsonl', '3', '', '', 'true', '', '']);
    expect(records[2]).toEqual(['bbbb2222', '2026-03-02T10:00:00Z', 'phase-1', 'T-1', 'lead', `'=cmd|"/c calc"!A1`, 'multi\nline, with comma', "'-rf /", 'no evidence', 'failed', 'cccc3333 dddd4444', 'decisions.jsonl', '4', '', '', 'true', '', '']);
    expect(records).toHaveLength(3);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('says one evidence status per row, the worst outcome in the counts\' words', () => {
    expect(recordEvidenceStatus([])).toBe('none');
    expect(recordEvidenceStatus([pointer('VERIFIED'), pointer('VERIFIED')])).toBe('verified');
    expect(recordEvidenceStatus([pointer('VERIFIED'), pointer('INCONCLUSIVE')])).toBe('notCheckable');
    expect(recordEvidenceStatus([pointer('INCONCLUSIVE'), pointer('NOT_VERIFIED'), pointer('VERIFIED')])).toBe('unresolved');
    const records = readCsv(decisionsCsv(project([row({ evidence: [pointer('VERIFIED'), pointer('INCONCLUSIVE')] }), row({ id: 'bbbb2222', line: 4, evidence: [pointer('NOT_VERIFIED')] })])));
    expect(records.slice(1).map((r) => r[8])).toEqual(['not checkable', 'did not resolve']);
  });

  it('names the kinds of the flags on each row and their worst severity', () => {
    const flags: Flag[] = [
      { layer: 'evidence', severity: 'medium', kind: 'evidence/path-not-found', rows: ['aaaa1111'], summary: '', at: [{ file: 'decisions.jsonl', line: 3 }] },
      { layer: 'evidence', severity: 'high', kind: 'evidence/commit-not-found', rows: ['aaaa1111'], summary: '', at: [{ file: 'decisions.jsonl', line: 3 }] },
      { layer: 'evidence', severity: 'high', kind: 'evidence/commit-not-found', rows: ['aaaa1111'], summary: '', at: [{ file: 'decisions.jsonl', line: 3 }] },
    ];
    const records = readCsv(decisionsCsv({ ...project([row({}), row({ id: 'bbbb2222', anchor: 'row-bbbb2222', line: 4 })]), flags }));
    expect(records.slice(1).map((r) => [r[0], r[13], r[14]])).toEqual([['aaaa1111', 'evidence/path-not-found evidence/commit-not-found', 'high'], ['bbbb2222', '', '']]);
  });

  it('exports invalid trail lines between the rows around them, with valid false, the error and the raw text (issue 27, item 4)', () => {
    const invalid: InvalidRecord[] = [
      { file: 'decisions.jsonl', line: 2, error: 'line 2 is not JSON', kind: 'trail/not-json', raw: '{"ts": "2026-03-02T09:00:00Z", broken' },
      // A malformed TSV line whose header tells its cells apart.
      { file: 'T-1.tsv', line: 5, error: 'expected 7 cells, found 9', kind: 'trail/tsv-cells', raw: 'x\ty', fields: { ts: '2026-03-03', evidence: 'abc1234', result: 'verified' }, evidence: [pointer('NOT_VERIFIED')] },
      // Another source's invalid record is not a decision.
      { file: 'coord/events.jsonl', line: 1, error: 'not JSON', kind: 'coord/not-json', raw: '{' },
    ];
    const flags: Flag[] = [{ layer: 'trail', severity: 'high', kind: 'trail/not-json', rows: [], summary: '', at: [{ file: 'decisions.jsonl', line: 2 }] }];
    const model = { ...project([row({})]), invalid, flags, sources: [source('decisions.jsonl', 'bbs-trail'), source('T-1.tsv', 'pstack-trail'), source('coord/events.jsonl', 'coord')] };
    const records = readCsv(decisionsCsv(model));
    expect(records.slice(1).map((r) => [r[0], r[11], r[12], r[15]])).toEqual([['', 'decisions.jsonl', '2', 'false'], ['aaaa1111', 'decisions.jsonl', '3', 'true'], ['', 'T-1.tsv', '5', 'false']]);
    expect(records[1]).toEqual(['', '', '', '', '', '', '', '', '', '', '', 'decisions.jsonl', '2', 'trail/not-json', 'high', 'false', 'line 2 is not JSON', '{""ts"": ""2026-03-02T09:00:00Z"", broken'.replace(/""/g, '"')]);
    expect(records[3]).toEqual(['', '2026-03-03', '', '', '', '', '', 'abc1234', 'did not resolve', 'verified', '', 'T-1.tsv', '5', '', '', 'false', 'expected 7 cells, found 9', 'x\ty']);
  });

  it('is just a header for a project without rows', () => {
    expect(csvDocument(['a', 'b'], [])).toBe('a,b\r\n');
    expect(readCsv(decisionsCsv(project([])))).toEqual([[...DECISIONS_CSV_COLUMNS]]);
  });

  it('says what it holds when a trail has no valid row but invalid lines: those lines, not a header alone (count14)', () => {
    // Before: a trail of 3 lines that all failed to parse offered 'decisions.csv — its header alone: this project
    // has no decision rows', and the file held the 3 lines.
    const invalid: InvalidRecord[] = [1, 2, 3].map((line) => ({ file: 'decisions.jsonl', line, error: 'not JSON', kind: 'trail/not-json', raw: '{' }));
    const coord: InvalidRecord = { file: 'coord/events.jsonl', line: 1, error: 'not JSON', kind: 'coord/not-json', raw: '{' };
    const model = { ...project([]), invalid: [...invalid, coord], sources: [source('decisions.jsonl', 'bbs-trail'), source('coord/events.jsonl', 'coord')] };
    expect(readCsv(decisionsCsv(model))).toHaveLength(4);
    expect(decisionsCsvLines(model)).toEqual({ rows: 0, invalid: 3 });
    expect(decisionsCsvNote(decisionsCsvLines(model))).toBe('its 3 invalid trail lines (this project has no decision rows), for spreadsheets');
    expect(decisionsCsvNote({ rows: 0, invalid: 1 })).toBe('its 1 invalid trail line (this project has no decision rows), for spreadsheets');
    expect(decisionsCsvNote(decisionsCsvLines(project([])))).toBe('its header alone: this project has no decision rows');
    expect(decisionsCsvNote({ rows: 2, invalid: 1 })).toBe('one line per decision row and invalid trail line, for spreadsheets');
  });
});

describe('the archive-wide decisions.csv', () => {
  it('puts each project id before its records, a record holding a line break or quotes kept whole', () => {
    const a = decisionsCsv(project([row({ why: 'two\r\nlines "quoted", here' }), row({ id: 'bbbb2222', anchor: 'row-bbbb2222', line: 4 })]));
    const b = decisionsCsv(project([row({ id: 'cccc3333', anchor: 'row-cccc3333' })]));
    const text = archiveDecisionsCsv([{ project: 'alpha', csv: a }, { project: 'b,eta', csv: b }, { project: 'empty', csv: decisionsCsv(project([])) }]);
    const records = readCsv(text);
    expect(records[0]).toEqual(['project', ...DECISIONS_CSV_COLUMNS]);
    expect(records.slice(1).map((r) => [r[0], r[1], r[7]])).toEqual([['alpha', 'aaaa1111', 'two\r\nlines "quoted", here'], ['alpha', 'bbbb2222', 'Because'], ['b,eta', 'cccc3333', 'Because']]);
  });

  it('reads back every project’s records under their id (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', 'é') }), { maxLength: 3 }), { maxLength: 4 }), (whys) => {
        const parts = whys.map((list, p) => ({ project: `p${p}`, csv: decisionsCsv(project(list.map((why, i) => row({ id: `id${i}`, anchor: `row-${i}`, line: i + 1, why })))) }));
        const records = readCsv(archiveDecisionsCsv(parts));
        expect(records.slice(1).map((r) => [r[0], r[7]])).toEqual(whys.flatMap((list, p) => list.map((why) => [`p${p}`, neutraliseFormulas(why)])));
      }),
    );
  });

  it('refuses a project whose columns differ, naming it', () => {
    expect(() => archiveDecisionsCsv([{ project: 'new', csv: decisionsCsv(project([])) }, { project: 'old', csv: 'id,ts\r\n' }])).toThrow('the decisions.csv of old has other columns (id,ts); build the archive again');
  });
});
