/**
 * Reads the criteria of `design/rubric.md` (quality-and-design-controls.md, section 2, step 1:
 * "3–6 criteria"; spec/input.md section 5: "a numbered list or a table, one criterion each").
 * Returns each criterion's text, in order.
 */
export function countRubricCriteria(markdown: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const numbered = lines.map((l) => /^\s{0,3}\d+[.)]\s+(\S.*)$/.exec(l)?.[1]).filter((t): t is string => t !== undefined);
  if (numbered.length > 0) return numbered.map((t) => t.replace(/\*\*/g, '').trim());
  const rows = lines.filter((l) => /^\s*\|/.test(l));
  const body = rows.filter((l) => !/^\s*\|[\s:|-]+\|\s*$/.test(l)).slice(1);
  return body.map((l) => (l.split('|')[1] ?? '').replace(/\*\*/g, '').trim()).filter((t) => t !== '');
}
