/**
 * A private copy of the decision-trail part of the example corpus: the six projects of the
 * "Projects" table in content/README.md (and the repository they point at), laid out as in
 * content/ so that project ids and roots are the same (`tickets-faults`,
 * `content/tickets/faults`). Tests that count search results use it, so that example
 * projects added to content/ for other features do not change their exact numbers.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './build-site.ts';

export const DECISION_TRAIL_PROJECTS = ['tickets/clean', 'tickets/faults', 'tickets/not-run', 'tickets/failed', 'tickets/no-audit', 'pstack-app'] as const;

/** Copies the six projects and `repos/` into `<tmp>/content`; returns that folder. */
export async function copyDecisionTrailCorpus(): Promise<string> {
  const content = join(await mkdtemp(join(tmpdir(), 'trailbook-trails-')), 'content');
  const from = join(REPO_ROOT, 'content');
  await cp(join(from, 'repos'), join(content, 'repos'), { recursive: true });
  for (const project of DECISION_TRAIL_PROJECTS) await cp(join(from, project), join(content, project), { recursive: true });
  return content;
}
