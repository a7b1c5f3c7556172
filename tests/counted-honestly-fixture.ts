/**
 * A fixture of each case of issue 27 ("what needs a person, counted honestly"), written into a
 * folder as two git repositories, each with a pstack trail:
 * - `missing-why/`: a trail that left out its `why` column — a header of six columns, 25 rows
 *   of five cells, each citing one of 8 files of the repository (so 8 file pages must be built
 *   for invalid rows) with the result `tests green`; one row alone holds the word
 *   `quetzalcoatlus` (issue 27, scope 4: a word found only in an invalid row is found).
 * - `fabricated/`: a trail whose three rows cite commits that do not exist, beside rows whose
 *   results are written as agents write them (`FAIL 4 High`, `failed; …`, `tests green`, `0
 *   failed`, `reverted`, `open`), one whose evidence is prose, and one malformed row (line 9,
 *   five cells) whose result is `FAIL 2 tests`.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const GIT_ENV = { GIT_AUTHOR_NAME: 'Ada Example', GIT_AUTHOR_EMAIL: 'ada@example.com', GIT_COMMITTER_NAME: 'Ada Example', GIT_COMMITTER_EMAIL: 'ada@example.com', GIT_AUTHOR_DATE: '2026-04-01T09:00:00Z', GIT_COMMITTER_DATE: '2026-04-01T09:00:00Z' };

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
}

const HEADER = 'ts\tphase\tdecision\twhy\tevidence\tresult';

/** The word found only in one invalid row of `missing-why`. */
export const ONLY_IN_AN_INVALID_ROW = 'quetzalcoatlus';

/** Results of `fabricated`'s rows, in file order, with the state each must read as. */
export const FABRICATED_RESULTS: ReadonlyArray<readonly [string, string]> = [
  ['FAIL 4 High', 'failed'],
  ['failed; retry pending', 'failed'],
  ['tests green', 'reported-done'],
  ['10 passed, 0 failed', 'reported-done'],
  ['reverted', 'reverted'],
  ['open', 'open'],
  ['verified', 'verified'],
];

/** The result of `fabricated`'s one malformed row (line 9). */
export const INVALID_FAILED = 'FAIL 2 tests';

async function repo(dir: string, files: Record<string, string>): Promise<string> {
  await mkdir(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'Initial commit');
  return git(dir, 'rev-parse', 'HEAD').trim();
}

/** Writes the fixture into `root` (created): `root/missing-why/` and `root/fabricated/`. */
export async function makeCountedFixture(root: string): Promise<void> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 8; i++) files[`src/part-${i}.ts`] = `export const part${i} = ${i};\n`;
  const rows = Array.from({ length: 25 }, (_, i) => {
    const ts = `2026-04-01T10:${String(i).padStart(2, '0')}:00Z`;
    const decision = i === 12 ? `Split the ${ONLY_IN_AN_INVALID_ROW} parser into part ${(i % 8) + 1}` : `Keep part ${(i % 8) + 1} as written (step ${i + 1})`;
    return [ts, 'build', decision, `src/part-${(i % 8) + 1}.ts`, 'tests green'].join('\t');
  });
  await repo(join(root, 'missing-why'), { ...files, 'decisions.tsv': `${HEADER}\n${rows.join('\n')}\n` });

  const sha = await repo(join(root, 'fabricated'), { 'README.md': '# Fabricated\n', 'src/main.ts': 'export const main = 1;\n' });
  const ghost = ['1234567', 'abcdef0123456789abcdef0123456789abcdef01', 'deadbee'];
  const fabricated = [
    ...ghost.map((g, i) => [`2026-05-01T09:0${i}:00Z`, 'ship', `Ship hotfix ${i + 1}`, 'the fix is in', `commit ${g}`, FABRICATED_RESULTS[i]?.[0] ?? 'tests green']),
    ['2026-05-01T09:10:00Z', 'ship', 'Keep the main entry', 'it works', 'src/main.ts', FABRICATED_RESULTS[3]?.[0] ?? ''],
    ['2026-05-01T09:11:00Z', 'ship', 'Drop the cache layer', 'it was wrong', sha.slice(0, 7), FABRICATED_RESULTS[4]?.[0] ?? ''],
    ['2026-05-01T09:12:00Z', 'ship', 'Plan the next step', 'not started', 'README.md', FABRICATED_RESULTS[5]?.[0] ?? ''],
    ['2026-05-01T09:13:00Z', 'ship', 'Claim the tests pass', 'the agent says so', 'agent reports tests pass', FABRICATED_RESULTS[6]?.[0] ?? ''],
    // A malformed row (its `why` left out) whose result failed: found by `result=failed` as an invalid record.
    ['2026-05-01T09:14:00Z', 'ship', 'Retry the flaky suite', 'src/main.ts', INVALID_FAILED],
  ];
  await writeFile(join(root, 'fabricated', 'decisions.tsv'), `${HEADER}\n${fabricated.map((r) => r.join('\t')).join('\n')}\n`);
  git(join(root, 'fabricated'), 'add', '.');
  git(join(root, 'fabricated'), 'commit', '-q', '-m', 'Trail');
}
