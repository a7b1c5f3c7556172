// Trailbook's configuration for its own repository (docs/configuration.md): a bare
// `npx trailbook build` or `npx trailbook check` here reads the bundled example corpus. In a
// folder of your own, `npx trailbook init` writes one for it.
export default {
  inputs: ['content'],
  // The example projects name content/repos/example.git: allowed, so a build of one of their
  // folders alone (`npx trailbook check content/tickets/clean`) still reads it. A project's own
  // trailbook.json cannot allow a repository outside the inputs (docs/security.md).
  allowRepositories: ['content/repos'],
};
