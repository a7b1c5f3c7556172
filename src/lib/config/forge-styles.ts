/**
 * The forge URL styles Trailbook knows (GitHub, GitLab, Gitea/Forgejo): commit, file-at-line
 * and pull-request templates below a repository's web address.
 */
import { trimEndChars } from '../text/trim-chars.ts';

/** Names of the forge styles, as written in the configuration file. */
export const FORGE_STYLES = ['github', 'gitlab', 'gitea'] as const;

/** One forge style. */
export type ForgeStyle = (typeof FORGE_STYLES)[number];

/** Link templates of one repository; `{sha}`, `{path}`, `{line}`, `{number}` are filled in. */
export interface ForgeTemplates {
  /** Link text: "View on <name>". */
  name: string;
  commit: string | null;
  file: string | null;
  pullRequest: string | null;
}

const STYLES: Record<ForgeStyle, { name: string; commit: string; file: string; pullRequest: string }> = {
  github: { name: 'GitHub', commit: '/commit/{sha}', file: '/blob/{sha}/{path}#L{line}', pullRequest: '/pull/{number}' },
  gitlab: { name: 'GitLab', commit: '/-/commit/{sha}', file: '/-/blob/{sha}/{path}#L{line}', pullRequest: '/-/merge_requests/{number}' },
  gitea: { name: 'Gitea', commit: '/commit/{sha}', file: '/src/commit/{sha}/{path}#L{line}', pullRequest: '/pulls/{number}' },
};

/** The templates of a forge style below a repository web address (trailing `/` and `.git` dropped). */
export function styleTemplates(style: ForgeStyle, url: string): ForgeTemplates {
  const root = trimEndChars(url, '/').replace(/\.git$/, '');
  const s = STYLES[style];
  return { name: s.name, commit: root + s.commit, file: root + s.file, pullRequest: root + s.pullRequest };
}
