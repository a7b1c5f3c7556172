/**
 * Writes the table of flag kinds in docs/checks.md from the code (src/lib/checks), between
 * the `<!-- kinds:start -->` and `<!-- kinds:end -->` markers. `--check` only compares and
 * exits 1 when the file is out of date (tests/unit/checks-doc.test.ts runs the same comparison).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECKS } from '../src/lib/checks/index.ts';

export const CHECKS_DOC = join(import.meta.dirname, '..', 'docs', 'checks.md');

/** The generated table: every kind of every check, in the order they run, with the check's file (its id is its path). */
export function kindsTable(): string {
  const rows = CHECKS.flatMap((c) => c.kinds.map((k) => `| \`${k.kind}\` | ${k.severity} | ${k.layer} | ${k.rule.replace(/\|/g, '\\|')} | ${k.source} | \`src/lib/checks/${c.id}.ts\` |`));
  return ['| kind | severity | layer | rule | from | where |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The doc with its table replaced. */
export function withTable(doc: string): string {
  return doc.replace(/<!-- kinds:start -->[\s\S]*<!-- kinds:end -->/, `<!-- kinds:start -->\n${kindsTable()}\n<!-- kinds:end -->`);
}

if (import.meta.main) {
  const doc = await readFile(CHECKS_DOC, 'utf8');
  const next = withTable(doc);
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/checks.md is out of date: run `node scripts/docs-checks.ts`');
      process.exit(1);
    }
  } else await writeFile(CHECKS_DOC, next);
}
