/**
 * A check's id is its file, and docs/checks.md says what the code does (issue 31): every check
 * of the list lives at `src/lib/checks/<id>.ts` and is that module's export, every check module
 * is in the list, and the table of flag kinds in docs/checks.md is the one the code generates
 * (`node scripts/docs-checks.ts` writes it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/lib/checks/index.ts';
import { CHECKS_DOC, withTable } from '../../scripts/docs-checks.ts';

const CHECKS_DIR = join(import.meta.dirname, '..', '..', 'src', 'lib', 'checks');

describe('checks', () => {
  it('each lives in the file its id names, as that module\'s export', async () => {
    const misplaced: string[] = [];
    for (const check of CHECKS) {
      const module = (await import(join(CHECKS_DIR, `${check.id}.ts`)).catch(() => ({}))) as Record<string, unknown>;
      if (!Object.values(module).includes(check)) misplaced.push(check.id);
    }
    expect(misplaced).toEqual([]);
  });

  it('every check module is in the list', () => {
    const ids = new Set(CHECKS.map((c) => c.id));
    const modules = readdirSync(CHECKS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((d) => readdirSync(join(CHECKS_DIR, d.name)).map((f) => `${d.name}/${f.replace(/\.ts$/, '')}`))
      .filter((id) => /export const \w+: Check\b/.test(readFileSync(join(CHECKS_DIR, `${id}.ts`), 'utf8')));
    expect(modules.filter((id) => !ids.has(id))).toEqual([]);
    expect(modules.length).toBe(CHECKS.length);
  });

  it('docs/checks.md lists every flag kind as the code raises it', () => {
    const doc = readFileSync(CHECKS_DOC, 'utf8');
    expect(doc.includes('<!-- kinds:start -->')).toBe(true);
    expect(withTable(doc)).toBe(doc);
  });
});
