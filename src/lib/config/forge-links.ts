/**
 * Links from the archive to a repository's forge ("View on GitHub"): which rule of the
 * configuration's `repositories` applies to a repository, and the filled-in links. Every
 * link is an http(s) URL or nothing.
 */
import { safeHref } from '../site/urls.ts';
import { trimEndChars } from '../text/trim-chars.ts';
import { globMatcher } from './glob.ts';
import type { RepositoryRule } from './config-schema.ts';
import { styleTemplates, type ForgeTemplates } from './forge-styles.ts';

/** A repository as the archive knows it: its archive id and display path. */
export interface ArchiveRepository {
  id: string;
  path: string | null;
}

/** The templates a rule gives: its forge style's, overridden by its explicit templates. */
export function ruleTemplates(rule: RepositoryRule): ForgeTemplates {
  const styled = rule.forge && rule.url ? styleTemplates(rule.forge, rule.url) : null;
  let name = rule.name ?? styled?.name;
  if (name === undefined) {
    const any = rule.commit ?? rule.file ?? rule.pullRequest ?? rule.url ?? '';
    try {
      name = new URL(any.replace(/\{(sha|path|line|number)\}/g, 'x')).host;
    } catch {
      name = 'forge';
    }
  }
  return {
    name,
    commit: rule.commit ?? styled?.commit ?? null,
    file: rule.file ?? styled?.file ?? null,
    pullRequest: rule.pullRequest ?? styled?.pullRequest ?? null,
  };
}

/** Whether a rule's `match` names a repository: its display path or archive id, exactly or as a glob. */
export function ruleMatches(match: string, repository: ArchiveRepository): boolean {
  const matches = globMatcher([trimEndChars(match.replace(/^\.\//, ''), '/')]);
  return (repository.path !== null && matches(repository.path)) || matches(repository.id);
}

/** Forge templates per archive repository id, for every repository some rule matches (first rule wins). */
export function resolveForges(rules: readonly RepositoryRule[], repositories: readonly ArchiveRepository[]): Record<string, ForgeTemplates> {
  const out: Record<string, ForgeTemplates> = {};
  for (const repository of repositories) {
    if (repository.id in out) continue;
    const rule = rules.find((r) => ruleMatches(r.match, repository));
    if (rule) out[repository.id] = ruleTemplates(rule);
  }
  return out;
}

/**
 * Rules whose `match` names none of the archive's repositories: most often a path written for
 * other input folders (a repository's display path starts at the input folder's parent).
 * The build warns about each, listing the repositories it could have named.
 */
export function unmatchedRules(rules: readonly RepositoryRule[], repositories: readonly ArchiveRepository[]): RepositoryRule[] {
  return rules.filter((r) => !repositories.some((repo) => ruleMatches(r.match, repo)));
}

/** Values for a template's placeholders. */
export interface TemplateValues {
  sha?: string;
  path?: string;
  line?: number;
  number?: number;
}

/**
 * Fills a template: `{sha}` (hex only), `{path}` (each segment percent-encoded; no empty,
 * `.` or `..` segment), `{line}`, `{number}`. A missing `{line}` drops the fragment holding
 * it (`#L{line}`); any other missing or unsafe value gives null, as does a result that is
 * not an http(s) URL.
 */
export function fillTemplate(template: string, values: TemplateValues): string | null {
  let t = template;
  if (values.line === undefined) {
    // The fragment holding `{line}` goes: the text from the last `#` on, when it names the line.
    const hash = t.lastIndexOf('#');
    if (hash >= 0 && t.includes('{line}', hash)) t = t.slice(0, hash);
    t = t.replace(/\{line\}/g, '');
  }
  const parts: Record<string, string | null> = {
    sha: values.sha !== undefined && /^[0-9a-f]{4,64}$/i.test(values.sha) ? values.sha : null,
    path: values.path !== undefined && values.path.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..') ? values.path.split('/').map(encodeURIComponent).join('/') : null,
    line: values.line !== undefined && Number.isInteger(values.line) && values.line > 0 ? String(values.line) : null,
    number: values.number !== undefined && Number.isInteger(values.number) && values.number >= 0 ? String(values.number) : null,
  };
  let missing = false;
  const filled = t.replace(/\{(sha|path|line|number)\}/g, (_, key: string) => {
    const value = parts[key];
    if (value === null || value === undefined) {
      missing = true;
      return '';
    }
    return value;
  });
  return missing ? null : safeHref(filled);
}

/** A repository's forge links, with the project's landed head bound in for file links. */
export interface BoundForge {
  /** The forge's name, for "View on <name>". */
  name: string;
  /** Link to a commit, or null. */
  commit(sha: string): string | null;
  /** Link to a file at the landed head (and line), or at commit `at` (the one that recorded the citing row), or null. */
  file(path: string, line?: number, at?: string): string | null;
  /** Link to a pull or merge request, or null. */
  pullRequest(number: number): string | null;
}

/** Binds templates to a landed head (null: file links are left out). */
export function bindForge(templates: ForgeTemplates, head: string | null): BoundForge {
  return {
    name: templates.name,
    commit: (sha) => (templates.commit ? fillTemplate(templates.commit, { sha }) : null),
    file: (path, line, at) => (templates.file && (at ?? head) ? fillTemplate(templates.file, { sha: (at ?? head) as string, path, ...(line === undefined ? {} : { line }) }) : null),
    pullRequest: (number) => (templates.pullRequest ? fillTemplate(templates.pullRequest, { number }) : null),
  };
}

/** The pull or merge request number of a reference pointer (`PR 225`, `MR !12`, `pull #7`), or null. */
export function pullRequestNumber(raw: string): number | null {
  const m = /^(?:pr|mr|pull)\s+[#!]?(\d{1,9})$/i.exec(raw.trim());
  return m ? Number(m[1]) : null;
}
