/**
 * How forges name a project's canonical repository (issue 13, item 3): the forge `url` (or
 * link templates) of the configuration rule that matches it (docs/configuration.md, "Forge
 * links"), and its `origin` remote. A forge URL in evidence naming one of these is checked
 * against the local repository instead of being only recorded.
 */
import type { RepositoryRule } from '../config/config-schema.ts';
import { ruleMatches } from '../config/forge-links.ts';
import { parseForgeUrl, parseRemoteUrl, sameRepository, type ForgeRepository } from '../evidence/forge-url.ts';
import type { GitRepository } from '../git/repository.ts';
import { originRemote } from '../git/origin-remote.ts';
import type { RepositoryInfo } from '../model/types.ts';

/** The repository a rule names: its `url`, else what its commit or file template points into. */
function ruleRepository(rule: RepositoryRule): ForgeRepository | null {
  if (rule.url) return parseRemoteUrl(rule.url);
  for (const template of [rule.commit, rule.file]) {
    if (!template) continue;
    const sample = parseForgeUrl(template.replace(/\{sha\}/g, '0000000').replace(/\{path\}/g, 'x').replace(/\{line\}/g, '1').replace(/\{number\}/g, '1'));
    if (sample) return sample.repository;
  }
  return null;
}

/**
 * The forge names of a project's canonical repository, without duplicates. Never throws.
 *
 * @param rules - The configuration's `repositories` rules (first match wins, as for links).
 */
export async function repositoryOnForges(repository: GitRepository | null, info: RepositoryInfo, rules: readonly RepositoryRule[] = []): Promise<ForgeRepository[]> {
  if (repository === null || info.id === null) return [];
  const out: ForgeRepository[] = [];
  const add = (r: ForgeRepository | null): void => {
    if (r && !out.some((o) => sameRepository(o, r))) out.push(r);
  };
  const rule = rules.find((r) => ruleMatches(r.match, { id: info.id as string, path: info.path }));
  if (rule) add(ruleRepository(rule));
  const origin = await originRemote(repository.gitdir);
  if (origin) add(parseRemoteUrl(origin));
  return out;
}
