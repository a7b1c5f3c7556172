/**
 * `trailbook init` (src/cli/commands/init.ts): the configuration it writes names the folders
 * holding the records, loads as a valid configuration, and is never written over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputsFor, jsString, runInit } from '../../src/cli/commands/init.ts';
import { loadConfig } from '../../src/lib/config/load-config.ts';
import { describeFailure } from '../../src/cli/failure.ts';

let dir: string;
const capture = () => {
  const lines: string[] = [];
  return { lines, out: { result: (t: string) => lines.push(t), info: (t: string) => lines.push(t), error: (t: string) => lines.push(`trailbook: ${t}`) } };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trailbook-init-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('trailbook init', () => {
  it('chooses the folders that hold the records', () => {
    expect(inputsFor('/w', ['/w'])).toEqual(['.']);
    expect(inputsFor('/w', ['/w/runs/a', '/w/runs/b', '/w/archive/c'])).toEqual(['archive', 'runs']);
    expect(inputsFor('/w', ['/w/runs/a', '/w'])).toEqual(['.']);
    expect(inputsFor('/w', [])).toEqual(['.']);
  });

  it('writes strings in single quotes', () => {
    expect(jsString('runs')).toBe("'runs'");
    expect(jsString(`it's "x"\n\\`)).toBe(`'it\\'s "x"\\n\\\\'`);
    // What it writes reads back as the same string.
    expect(new Function(`return ${jsString(`it's "x"\n\\\u2028`)}`)()).toBe(`it's "x"\n\\\u2028`);
  });

  it('writes a commented trailbook.config.mjs that loads, and prints the next two commands', async () => {
    const cwd = join(dir, 'my-repo');
    await mkdir(join(cwd, 'runs', 'app'), { recursive: true });
    await writeFile(join(cwd, 'runs', 'app', 'decisions.jsonl'), '');
    await writeFile(join(cwd, 'README.md'), '# x\n');
    const { lines, out } = capture();
    expect(await runInit(out, cwd)).toBe(0);
    expect(lines).toEqual([
      'Wrote trailbook.config.mjs: inputs runs (1 project), title "my-repo", base /.',
      'Next:',
      '  trailbook check    (reads the records and lists every flag)',
      '  trailbook build    (writes the archive; its last lines say where and what to open)',
    ]);
    const text = await readFile(join(cwd, 'trailbook.config.mjs'), 'utf8');
    expect(text).toContain("  // Folders to read records from, walked recursively (found 1 project: decisions.jsonl).\n  inputs: ['runs'],\n");
    // One quote style: every string literal in the file is single-quoted.
    expect(text.split('\n').filter((l) => !l.trimStart().startsWith('//') && l.includes('"'))).toEqual([]);
    expect(text).toContain("  title: 'my-repo',\n");
    expect((await loadConfig({ cwd }))?.config).toEqual({ title: 'my-repo', inputs: ['runs'], base: '/' });
  });

  it('in a git repository, reads the whole working folder, so evidence resolves against that repository', async () => {
    // Before: `inputs: ['services', 'tools']`; a repository is looked for only inside the
    // inputs, so every evidence pointer of the repository at the working folder became "not
    // checkable: no repository" and its path-not-found flags were gone after `trailbook init`.
    const cwd = join(dir, 'mono');
    await mkdir(join(cwd, 'services', 'api'), { recursive: true });
    await mkdir(join(cwd, 'tools', 'cli', '.audit'), { recursive: true });
    await mkdir(join(cwd, '.git'));
    await writeFile(join(cwd, 'services', 'api', 'decisions.tsv'), 'ts\tphase\tdecision\twhy\tevidence\tresult\n');
    await writeFile(join(cwd, 'tools', 'cli', '.audit', 'build.tsv'), 'ts\tphase\tdecision\twhy\tevidence\tresult\n');
    const { lines, out } = capture();
    expect(await runInit(out, cwd)).toBe(0);
    expect(lines[0]).toBe('Wrote trailbook.config.mjs: inputs . (2 projects), title "mono", base /.');
    const text = await readFile(join(cwd, 'trailbook.config.mjs'), 'utf8');
    expect(text).toContain(
      "  // Folders to read records from, walked recursively (found 2 projects: build.tsv, decisions.tsv).\n" +
        '  // The whole folder: this is a git repository, and evidence is resolved only against a repository\n' +
        "  // inside the inputs (listing services, tools instead would leave every pointer not checkable).\n" +
        "  inputs: ['.'],\n",
    );
    expect((await loadConfig({ cwd }))?.config).toEqual({ title: 'mono', inputs: ['.'], base: '/' });
  });

  it('quotes any title in single quotes, and the file still loads it as written', async () => {
    const cwd = join(dir, `it's "quoted"`);
    await mkdir(cwd, { recursive: true });
    expect(await runInit(capture().out, cwd)).toBe(0);
    const text = await readFile(join(cwd, 'trailbook.config.mjs'), 'utf8');
    expect(text).toContain(`  title: 'it\\'s "quoted"',\n`);
    expect((await loadConfig({ cwd }))?.config.title).toBe(`it's "quoted"`);
  });

  it('never writes over a configuration that is there', async () => {
    const cwd = join(dir, 'my-repo');
    const before = await readFile(join(cwd, 'trailbook.config.mjs'), 'utf8');
    const error = await runInit(capture().out, cwd).catch((e: unknown) => e);
    expect(describeFailure(error)).toEqual(['trailbook.config.mjs is already here; trailbook init does not replace it', '  fix: edit that file (docs/configuration.md), or delete it and run trailbook init again']);
    expect(await readFile(join(cwd, 'trailbook.config.mjs'), 'utf8')).toBe(before);
  });

  it('in a folder without records, says so in the file', async () => {
    const cwd = join(dir, 'empty');
    await mkdir(cwd);
    const { lines, out } = capture();
    await runInit(out, cwd);
    expect(lines[0]).toBe('Wrote trailbook.config.mjs: inputs . (no records found yet), title "empty", base /.');
    expect(await readFile(join(cwd, 'trailbook.config.mjs'), 'utf8')).toContain('(no records found yet: put them here, or list their folders)');
  });
});
