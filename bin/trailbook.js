#!/usr/bin/env node
// Trailbook's command line. The CLI is TypeScript run by Node's type stripping
// (Node >= 22.18; the repo pins Node 24 as a devDependency), so there is no build step.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `trailbook: Node ${process.versions.node} is too old; Trailbook needs Node >= 22.18.\n` +
      '  fix: run it through npm (npx trailbook, npm run build), which uses the Node 24 pinned in devDependencies.',
  );
  process.exit(2);
}
// Trailbook never phones home: Astro's anonymous telemetry is off.
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
// A reader that stops early (`trailbook check --json | head`) is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
