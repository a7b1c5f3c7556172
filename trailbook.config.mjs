// Trailbook's configuration for its own repository (docs/configuration.md): a bare
// `npx trailbook build` or `npx trailbook check` here reads the bundled example corpus. In a
// folder of your own, `npx trailbook init` writes one for it.
export default {
  inputs: ['content'],
};
