/**
 * Trailbook's command line: `trailbook build` and `trailbook check` (see `--help`).
 * Exit codes: 0 success; 1 `--strict` or `--fail-on` found a fault; 2 unusable invocation.
 */
import { Command, CommanderError } from 'commander';
import { consoleOutput, UsageError, type Output } from './output.ts';
import { runCheck, type CheckOptions } from './commands/check.ts';
import { runBuild, type BuildOptions } from './commands/build.ts';

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], out: Output = consoleOutput): Promise<number> {
  let code = 0;
  const program = new Command()
    .name('trailbook')
    .description('Build a searchable static archive of AI agent decision trails, audits and their evidence.')
    .showHelpAfterError('(run trailbook --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) });

  program
    .command('build')
    .description('Build the archive. With no DIR, builds the bundled example corpus (content/).')
    .argument('[DIR...]', 'folders to read records from (walked recursively)')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--base <path>', 'base path the site is served under, e.g. /archive/', '/')
    .option('--strict', 'exit 1 when any row is invalid or any high-severity flag is raised')
    .option('--cache-dir <dir>', 'model store and build cache; keep it between runs to rebuild only what changed', '.trailbook-cache')
    .option('--full', 'render every page even when the previous output in --out can be reused')
    .option('--verbose', "print Astro's own build log")
    .option('--timings <file>', 'write stage times, peak memory and output sizes as JSON (used by npm run bench)')
    .action(async (dirs: string[], options: BuildOptions) => {
      code = await runBuild(dirs, options, out);
    });

  program
    .command('check')
    .description('Discover, parse and run the layer-1 audit without rendering. With no DIR, checks content/.')
    .argument('[DIR...]', 'folders to read records from')
    .option('--json', 'print one JSON document (trailbook.check/1, see docs/check-json.md)')
    .option('--strict', 'exit 1 when any row is invalid or any high-severity flag is raised')
    .option('--fail-on <severity>', 'exit 1 when a project has a flag of this severity or higher (high, medium, low)')
    .option('--quiet', 'print only the result, no progress or summary')
    .action(async (dirs: string[], options: CheckOptions) => {
      code = await runCheck(dirs, options, out);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      out.error(`${error.message}\n  fix: ${error.hint}`);
      return 2;
    }
    out.error(`unexpected failure: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
}
