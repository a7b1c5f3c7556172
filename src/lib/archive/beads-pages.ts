/**
 * Reads the beads issues of stored models for the per-issue pages: the page list, and one
 * issue at a time through a one-model cache, so rendering N issues of a project parses its
 * model once (pages are rendered in the order their paths are listed).
 */
import { readModel } from './model-store.ts';
import type { ProjectModel } from '../model/types.ts';
import type { BeadsIssue } from '../model/beads.ts';

let last: { key: string; model: Promise<ProjectModel> } | null = null;

function modelOf(cacheDir: string, projectId: string): Promise<ProjectModel> {
  const key = `${cacheDir}\0${projectId}`;
  if (last?.key !== key) last = { key, model: readModel(cacheDir, projectId) };
  return last.model;
}

/** The issue keys of one project, in list order (empty when it has no beads records). */
export async function issueKeys(cacheDir: string, projectId: string): Promise<string[]> {
  const model = await modelOf(cacheDir, projectId);
  return model.beads?.issues.map((i) => i.key) ?? [];
}

/** One issue, its project's title, the URL key of each issue by id, and the custom statuses; null when it is gone. */
export async function issuePage(cacheDir: string, projectId: string, key: string): Promise<{ issue: BeadsIssue; title: string; keys: ReadonlyMap<string, string>; customStatuses: readonly string[] } | null> {
  const model = await modelOf(cacheDir, projectId);
  const issue = model.beads?.issues.find((i) => i.key === key);
  if (!issue || !model.beads) return null;
  return { issue, title: model.title, keys: new Map(model.beads.issues.map((i) => [i.id, i.key])), customStatuses: model.beads.customStatuses ?? [] };
}
