/**
 * Writes the table of flag kinds in docs/checks.md from the code (src/lib/checks), between
 * the `<!-- kinds:start -->` and `<!-- kinds:end -->` markers. `--check` only compares and
 * exits 1 when the file is out of date (the unit tests run the same comparison).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FLAG_KINDS } from '../src/lib/checks/index.ts';

export const CHECKS_DOC = join(import.meta.dirname, '..', 'docs', 'checks.md');

/** The generated table. */
export function kindsTable(): string {
  const rows = FLAG_KINDS.map((k) => `| \`${k.kind}\` | ${k.severity} | ${k.layer} | ${k.rule.replace(/\|/g, '\\|')} | ${k.source} | \`src/lib/checks/${k.kind.split('/')[0]}/\` |`);
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
