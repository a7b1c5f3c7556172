/**
 * A configuration file that cannot be used. `problems` are lines such as
 * `trailbook.config.json: repositories[0].forge: must be one of "github", "gitlab", "gitea"`;
 * `hint` says how to fix them. The CLI prints both and exits 2.
 */
export class ConfigError extends Error {
  /** Stable code for callers and tests. */
  readonly code = 'TRAILBOOK_CONFIG';
  /** One line per problem, each naming the file and, where there is one, the key. */
  readonly problems: readonly string[];
  /** What to do about it. */
  readonly hint: string;

  constructor(problems: readonly string[], hint: string) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
    this.hint = hint;
  }
}
