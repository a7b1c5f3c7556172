/**
 * Trailbook's command line: `trailbook build`, `merge`, `check`, `dev`, `serve`, `init`, `diff` and `baseline` (see
 * `--help`). Settings come from `trailbook.config.json` / `.mjs` with flags over them.
 * Exit codes: 0 success; 1 `--strict` or `--fail-on` found a fault; 2 unusable invocation.
 */
import { Command, CommanderError } from 'commander';
import { packageVersion } from './paths.ts';
import { consoleOutput, printProblem, type Output } from './output.ts';
import { describeFailure, describeUnexpected } from './failure.ts';
import { runDev, type DevOptions } from './commands/dev.ts';
import { runCheck, type CheckOptions } from './commands/check.ts';
import { runBuild, type BuildOptions } from './commands/build.ts';
import { runMerge, type MergeOptions } from './commands/merge.ts';
import { runInit } from './commands/init.ts';
import { runDiff, type DiffOptions } from './commands/diff.ts';
import { runServe, type ServeCommandOptions } from './commands/serve.ts';
import { runBaseline, type BaselineOptions } from './commands/baseline.ts';

/** The examples of `trailbook diff --help`, as a user types them; tests/e2e/where-people-look.test.ts runs each. */
export const DIFF_EXAMPLES = [
  'trailbook diff runs/T-42/run-1 runs/T-42/run-2',
  'trailbook diff old/.audit/build-v1-04.tsv .audit/build-v1-04.tsv',
  'trailbook diff before after --trail build-v1-04',
  'trailbook diff run-1 run-2 --archive dist',
  'trailbook diff dist/p/run-1/recap.json.gz dist/p/run-2/recap.json.gz --json',
] as const;

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], out: Output = consoleOutput): Promise<number> {
  let code = 0;
  const program = new Command()
    .name('trailbook')
    .description('Build a searchable static archive of AI agent decision trails, audits and their evidence.')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .showHelpAfterError('(run trailbook --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) });

  const DIRS = 'folders to read records from, walked recursively (default: "inputs" of the configuration file, else the working folder)';
  const CONFIG = 'configuration file (default: trailbook.config.json or trailbook.config.mjs in the working folder; see docs/configuration.md)';
  const CACHE = 'model store and build cache; kept between runs, unchanged projects are not read again (default: a folder per archive in the per-user cache, ~/.cache/trailbook)';
  const EXAMPLE = 'read the example corpus that comes with Trailbook instead of DIR';

  program
    .command('build')
    .description('Build the archive. With no DIR, reads the inputs of the configuration file, else the working folder.')
    .showHelpAfterError('(run trailbook build --help for usage)')
    .argument('[DIR...]', DIRS)
    .option('--config <file>', CONFIG)
    .option('--example', EXAMPLE)
    .option('--out <dir>', 'output folder (default: dist, or a folder in the per-user cache when the working folder is an input)')
    .option('--base <path>', 'base path the site is served under, e.g. /archive/ (default: /)')
    .option('--title <text>', 'archive title, shown in the header and every page title (default: Trailbook)')
    .option('--site <url>', 'absolute URL the archive is published at, e.g. https://example.com/archive/')
    .option('--strict', 'exit 1 when a record is invalid, a flag is of high severity, or a folder of the inputs cannot be read')
    .option('--cache-dir <dir>', CACHE)
    .option('--full', 'render every page even when the previous output in --out can be reused, and merge the search index whole (no delta index): the output a clean build writes')
    .option('--verbose', "print Astro's own build log")
    .option('--timings <file>', 'write stage times, peak memory and output sizes as JSON (used by npm run bench)')
    .option('--recap-html', "also write each project's single-file recap.html (by default the recap page makes it in the browser, from recap.json.gz)")
    .option('--decisions-csv', "also write each project's decisions.csv.gz (by default the Download lists make decisions.csv in the browser, from recap.json.gz)")
    .option('--baseline <file>', 'accepted flags (trailbook baseline writes them), marked as accepted on the recaps (default: trailbook.baseline.json here or beside the configuration file, when there is one)')
    .option('--no-redact', 'publish secrets found in records and cited files as written (they are still flagged); by default each is replaced by [redacted: its kind]. Never for an archive others can read')
    .option('--shard <K/N>', 'build only shard K of N (projects split by id) and the data `trailbook merge` needs; run every K on its own machine')
    .option('--history <file>', 'build history to read and append to (default: history.json of the previous output in --out; see docs/history.md)')
    .option('--history-limit <n>', 'builds the history keeps (default: 20)')
    .addHelpText('after', '\nExamples:\n  trailbook build                         (the records in this folder)\n  trailbook build ../runs --out site\n  trailbook build --config ci/trailbook.config.json --base /archive/ --strict\n  trailbook build ../runs --shard 2/4 --out shard-2   (then: trailbook merge shard-1 shard-2 shard-3 shard-4 --out site)')
    .action(async (dirs: string[], options: BuildOptions) => {
      code = await runBuild(dirs, options, out);
    });

  program
    .command('merge')
    .description('Merge the shards of a sharded build (`trailbook build --shard K/N`, one per machine) into one archive, without analysing any project again.')
    .showHelpAfterError('(run trailbook merge --help for usage)')
    .argument('<SHARD_DIR...>', 'the --out folder of every shard build, all N of them')
    .option('--out <dir>', 'output folder of the merged archive (default: dist)')
    .option('--cache-dir <dir>', 'merge cache; keep it between runs to reuse what did not change (default: a folder per output in the per-user cache folder)')
    .option('--verbose', "print Astro's own build log")
    .option('--timings <file>', 'write stage times, peak memory and output sizes as JSON (used by npm run bench)')
    .option('--history <file>', 'build history to read and append to (default: history.json of the previous output in --out; see docs/history.md)')
    .option('--history-limit <n>', 'builds the history keeps (default: 20)')
    .addHelpText('after', '\nShards built by another Trailbook, with other options or from other inputs are refused.\n\nExample:\n  trailbook build ../runs --shard 1/2 --out shard-1    (on one machine)\n  trailbook build ../runs --shard 2/2 --out shard-2    (on another)\n  trailbook merge shard-1 shard-2 --out site')
    .action(async (dirs: string[], options: MergeOptions) => {
      code = await runMerge(dirs, options, out);
    });

  program
    .command('check')
    .description('Check the records without building the archive: print every flag with its record file and line, then the totals. With no DIR, reads the inputs of the configuration file, else the working folder.')
    .showHelpAfterError('(run trailbook check --help for usage)')
    .argument('[DIR...]', DIRS)
    .option('--config <file>', CONFIG)
    .option('--example', EXAMPLE)
    .option('--json', 'print one JSON document (trailbook.check/1, see docs/check-json.md); the same as --format json')
    .option('--format <format>', 'text (default), json, github (workflow annotations on each flag\'s record file and line, the worst first), sarif (SARIF 2.1.0 for code scanning) or markdown (a summary for the job summary and a pull-request comment)')
    .option('--strict', 'exit 1 when a record is invalid, a flag is of high severity, or a folder of the inputs cannot be read')
    .option('--fail-on <severity>', 'exit 1 when a project has a flag of this severity or higher (high, medium, low)')
    .option('--fail-on-unverified', 'exit 1 when any evidence pointer is not verified (NOT_VERIFIED or INCONCLUSIVE)')
    .option('--quiet', 'print only the result, no progress or summary')
    .option('--baseline <file>', 'accepted flags, written by trailbook baseline: shown as accepted, skipped by --fail-on (default: trailbook.baseline.json here or beside the configuration file, when there is one)')
    .option('--site <url>', 'the published archive\'s address, so --format markdown links each flag into it (default: the configuration\'s site)')
    .option('--base <path>', 'the archive\'s base path, for --site given as an origin (default: the configuration\'s base)')
    .addHelpText('after', '\nExit codes: 0 no fault asked about, 1 --fail-on, --fail-on-unverified or --strict found one, 2 unusable invocation.\n\nExamples:\n  trailbook check ../runs --fail-on high      (a CI gate)\n  trailbook check ../runs --fail-on-unverified   (every claim must rest on verified evidence)\n  trailbook check ../runs --json > report.json\n  trailbook check runs --format github --fail-on high   (in GitHub Actions: flags show on the pull request)\n  trailbook check runs --format sarif > trailbook.sarif\n  trailbook check runs --format markdown --site https://acme.github.io/runs/ >> "$GITHUB_STEP_SUMMARY"')
    .action(async (dirs: string[], options: CheckOptions) => {
      code = await runCheck(dirs, options, out);
    });

  program
    .command('dev')
    .description('Build the archive, serve it on this machine, and rebuild what changed whenever an input changes.')
    .showHelpAfterError('(run trailbook dev --help for usage)')
    .argument('[DIR...]', DIRS)
    .option('--config <file>', CONFIG)
    .option('--example', EXAMPLE)
    .option('--port <n>', 'port to serve on; 0 picks a free one (default: 4321, or the next free one when 4321 is in use)')
    .option('--host <address>', 'address to listen on (default: 127.0.0.1, this machine only)')
    .option('--base <path>', 'base path to build and serve under, e.g. /archive/ (default: /)')
    .option('--title <text>', 'archive title (default: Trailbook)')
    .option('--site <url>', 'absolute URL the archive will be published at')
    .option('--out <dir>', 'where to build (default: a folder of its own under the system temporary folder, removed when dev stops)')
    .option('--cache-dir <dir>', CACHE)
    .option('--poll [ms]', 'scan the inputs every ms (default 1000) instead of file-system events, e.g. on network or container mounts')
    .option('--no-reload', 'do not reload open pages after a rebuild')
    .option('--verbose', "print Astro's own build log")
    .addHelpText('after', '\nExamples:\n  trailbook dev ../runs                  (then open http://127.0.0.1:4321/)\n  trailbook dev --port 0 --base /archive/')
    .action(async (dirs: string[], options: DevOptions) => {
      code = await runDev(dirs, options, out);
    });

  program
    .command('baseline')
    .description('Accept the flags the records have now, with a reason: writes trailbook.baseline.json, which check reads (accepted flags are shown as accepted, counted apart and skipped by --fail-on). Entries already in the file keep their reason; entries that match no flag any more are dropped.')
    .showHelpAfterError('(run trailbook baseline --help for usage)')
    .argument('[DIR...]', DIRS)
    .option('--reason <text>', 'why these flags are accepted (required; kept with each new entry)')
    .option('--kind <kind...>', 'accept only flags of these kinds, e.g. --kind evidence/prose trail/out-of-time-order')
    .option('--baseline <file>', 'the file to write (default: trailbook.baseline.json beside the configuration file, else in the working folder)')
    .option('--config <file>', CONFIG)
    .option('--example', EXAMPLE)
    .option('--quiet', 'print no progress')
    .addHelpText('after', '\nExamples:\n  trailbook baseline --reason "flags of the trail before the gate was turned on"\n  trailbook baseline runs --kind evidence/prose --reason "prose evidence was allowed until March"\n  git add trailbook.baseline.json && trailbook check runs --fail-on high')
    .action(async (dirs: string[], options: BaselineOptions) => {
      code = await runBaseline(dirs, options, out);
    });

  program
    .command('serve')
    .alias('preview')
    .description('Serve an archive that is already built, at the base path it was built for, on this machine (nothing is rebuilt; `trailbook dev` rebuilds on changes).')
    .showHelpAfterError('(run trailbook serve --help for usage)')
    .argument('[DIR]', 'the --out folder of trailbook build (default: the output folder trailbook build uses here, e.g. dist)')
    .option('--port <n>', 'port to serve on; 0 picks a free one (default: 4321, or the next free one when 4321 is in use)')
    .option('--host <address>', 'address to listen on (default: 127.0.0.1, this machine only)')
    .option('--base <path>', 'base path to serve under (default: the one the archive was built with, read from its archive.json)')
    .option('--config <file>', CONFIG)
    .addHelpText('after', '\nExamples:\n  trailbook serve                          (the archive trailbook build wrote here, e.g. dist/)\n  trailbook serve pub/audit                (built with --base /audit/ --out pub/audit: served at http://127.0.0.1:4321/audit/)\n  trailbook serve site --port 0            (any free port)')
    .action(async (dir: string | undefined, options: ServeCommandOptions) => {
      code = await runServe(dir, options, out);
    });

  program
    .command('init')
    .description('Write a commented trailbook.config.mjs for the working folder (the folders holding its records, or the whole folder in a git repository; a title, the base path) and print the next two commands.')
    .showHelpAfterError('(run trailbook init --help for usage)')
    .action(async () => {
      code = await runInit(out);
    });

  program
    .command('diff')
    .description('Compare two runs: decisions added, removed and changed, flags new and fixed, verdicts, picks and grafts that changed (docs/history.md).')
    .showHelpAfterError('(run trailbook diff --help for usage)')
    .argument('<A>', 'the earlier run: a project folder, a trail file (decisions.jsonl, decisions.tsv, .audit/<name>.tsv), a recap.json.gz of a built archive, or a project id')
    .argument('<B>', 'the later run, the same way')
    .option('--json', 'print one JSON document (trailbook.diff/1)')
    .option('--archive <dir>', 'a built archive (the --out folder of trailbook build) whose project ids A and B are')
    .option('--trail <name>', 'in a folder holding several projects (a .audit/ of trails), the one whose trail file is NAME, e.g. build-v1-04')
    .option('--config <file>', CONFIG)
    .option('--cache-dir <dir>', 'model store to look project ids up in (default: the one trailbook build uses here)')
    .addHelpText('after', `\nExamples:\n${DIFF_EXAMPLES.map((e) => `  ${e}`).join('\n')}`)
    .action(async (a: string, b: string, options: DiffOptions) => {
      code = await runDiff(a, b, options, out);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    const failure = describeFailure(error);
    if (failure !== null) {
      printProblem(out, failure);
      return 2;
    }
    printProblem(out, [...describeUnexpected(error, 'unexpected failure'), '  fix: this is a bug in Trailbook; report it with the command you ran and this output']);
    return 2;
  }
}
