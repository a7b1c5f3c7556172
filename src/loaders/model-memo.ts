/**
 * The last project model a page read, kept for the next page of the same project (issue 30,
 * scope 4): a recap's row pages (src/pages/p/[project]/rows/[page].astro) render one after
 * another, and parsing a 1,000-row model once per page of 100 rows was ten parses a project.
 * One model is kept, so memory stays that of the largest project.
 */
import { readModel } from '../lib/archive/model-store.ts';
import type { ProjectModel } from '../lib/model/types.ts';

let last: { key: string; model: Promise<ProjectModel> } | null = null;

/** The model of project `id` in the store at `cacheDir`, read once for consecutive calls. */
export function memoModel(cacheDir: string, id: string): Promise<ProjectModel> {
  const key = `${cacheDir}\u0000${id}`;
  if (last?.key !== key) last = { key, model: readModel(cacheDir, id) };
  return last.model;
}
