/**
 * The handover report (src/lib/handover/read-handover.ts; spec/archive.md recap item 5):
 * `handover.md` joins the project whose records sit beside it, makes no project alone, is
 * rendered through the sanitising pipeline, and bad bytes are reported with file and line.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProjects } from '../../src/lib/discover/discover.ts';
import { analyseProject, prepareProject } from '../../src/lib/project/analyse-project.ts';
import { RepositoryRegistry } from '../../src/lib/project/repository-registry.ts';
import { readHandover } from '../../src/lib/handover/read-handover.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'trailbook-handover-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('handover report', () => {
  it('joins the project beside it; alone it makes no project', async () => {
    const root = path.join(tmp, 'root');
    await mkdir(path.join(root, 'a'), { recursive: true });
    await mkdir(path.join(root, 'lonely'), { recursive: true });
    await writeFile(path.join(root, 'a', 'decisions.jsonl'), '');
    await writeFile(path.join(root, 'a', 'handover.md'), '# Done\n\nShipped [docs](https://example.org/d) and <b onclick="x()">bold</b>.\n');
    await writeFile(path.join(root, 'lonely', 'handover.md'), '# Alone\n');
    const { projects } = await discoverProjects([root]);
    expect(projects.map((p) => [p.id, p.files.map((f) => `${f.rel}:${f.format}`)])).toEqual([['a', ['decisions.jsonl:bbs-trail', 'handover.md:handover']]]);
    const model = await analyseProject(await prepareProject(projects[0] as never, new RepositoryRegistry()));
    expect(model.handover).toEqual({ file: 'handover.md', html: '<h3>Done</h3>\n<p>Shipped <a href="https://example.org/d">docs</a> and bold.</p>', lines: 3 });
    expect(model.sources.find((s) => s.format === 'handover')).toEqual({ path: 'handover.md', format: 'handover', bytes: 77, lines: 3, valid: 3, invalid: 0 });
  });

  it('reports bytes that are not UTF-8 with the line, and still shows the rest', async () => {
    const file = path.join(tmp, 'bad.md');
    await writeFile(file, Buffer.concat([Buffer.from('# Report\n\nline two\n'), Buffer.from([0xff, 0xfe]), Buffer.from(' tail\n')]));
    const read = await readHandover(file, 'handover.md', 27);
    expect(read.invalid).toEqual([{ file: 'handover.md', line: 4, kind: 'source/invalid-utf8', error: 'not valid UTF-8 from line 4; read with U+FFFD in place of the bad bytes', raw: '' }]);
    expect(read.handover?.html).toBe('<h3>Report</h3>\n<p>line two\n\uFFFD\uFFFD tail</p>');
  });

  it('an unreadable report is an invalid record at line 0', async () => {
    const read = await readHandover(path.join(tmp, 'missing.md'), 'handover.md', 0);
    expect(read.handover).toBeNull();
    expect(read.invalid.map((r) => [r.kind, r.line])).toEqual([['source/unreadable', 0]]);
    expect(read.source).toEqual({ path: 'handover.md', format: 'handover', bytes: 0, lines: 0, valid: 0, invalid: 1 });
  });
});

describe('a handover report that is a link out of the input', () => {
  it('is listed in its project as not read, never opened', async () => {
    const { symlink } = await import('node:fs/promises');
    const root = path.join(tmp, 'linked');
    await mkdir(path.join(root, 'p'), { recursive: true });
    await writeFile(path.join(root, 'p', 'decisions.jsonl'), '');
    await writeFile(path.join(tmp, 'secret.md'), '# secret\n');
    await symlink(path.join(tmp, 'secret.md'), path.join(root, 'p', 'handover.md'));
    const { projects } = await discoverProjects([root]);
    const model = await analyseProject(await prepareProject(projects[0] as never, new RepositoryRegistry()));
    expect(model.handover).toBeNull();
    expect(model.invalid.map((r) => [r.file, r.kind, r.error.startsWith('handover.md was not read: ')])).toEqual([['handover.md', 'source/unreadable', true]]);
  });
});
