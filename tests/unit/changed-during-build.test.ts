/**
 * Inputs changed while a build reads them (rel15's trial: "records changed during a build").
 * Whatever instant an input changes, the next build gives what a clean build gives: an entry
 * of the model store is never sealed with the digest of bytes it was not made from.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseArchive } from '../../src/lib/archive/analyse-archive.ts';
import { FileHashes } from '../../src/lib/archive/file-hashes.ts';
import { ArtifactFolder } from '../../src/lib/evidence/artifacts.ts';
import type { ProjectModel } from '../../src/lib/model/types.ts';
import { onCacheNotice } from '../../src/lib/fs/cache-notice.ts';

const ROW = '{"id":"2becc9f4","ts":"2026-03-03T09:00:00Z","phase":"start","ticket":"","actor":"lead","decision":"Open the trail","why":"A start row","evidence":"prose","result":"verified"}\n';

let root = '';
afterEach(async () => {
  vi.restoreAllMocks();
  if (root) await rm(root, { recursive: true, force: true });
  root = '';
});

describe('a project configuration changed while the build reads it', () => {
  it('is read once: the next build shows the title written last (before: the first build kept the old title and sealed it with the new file\'s digest, so every later build showed the old title)', async () => {
    root = await mkdtemp(join(tmpdir(), 'tb-changed-'));
    const project = join(root, 'in', 'run-1');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'decisions.jsonl'), ROW);
    await writeFile(join(project, 'trailbook.json'), '{"title":"Old title"}\n');
    const cacheDir = join(root, 'cache');
    // The user saves the configuration after the build read it, as the build digests the project's inputs.
    const original = FileHashes.prototype.hash;
    let edited = false;
    vi.spyOn(FileHashes.prototype, 'hash').mockImplementation(async function (this: FileHashes, path: string) {
      if (!edited) {
        edited = true;
        await writeFile(join(project, 'trailbook.json'), '{"title":"New title"}\n');
      }
      return original.call(this, path);
    });
    const first = await analyseArchive({ roots: [join(root, 'in')], cacheDir });
    vi.restoreAllMocks();
    const titles = (result: typeof first) => result.projects.map((p) => p.title);
    expect(titles(first)).toEqual(['Old title']);
    const second = await analyseArchive({ roots: [join(root, 'in')], cacheDir });
    expect(titles(second)).toEqual(['New title']);
    expect(titles(await analyseArchive({ roots: [join(root, 'in')], cacheDir: join(root, 'clean-cache') }))).toEqual(['New title']);
  });
});

describe('a cited file of the project folder changed while the build reads it', () => {
  it('is judged by the bytes read: the next build sees the change (before: the entry was sealed with the new file\'s hash, and every later build kept the verdict on the old file)', async () => {
    root = await mkdtemp(join(tmpdir(), 'tb-changed-'));
    const project = join(root, 'in', 'run-1');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, 'decisions.jsonl'), ROW.replace('"evidence":"prose"', '"evidence":"run.log:3"'));
    await writeFile(join(project, 'run.log'), 'one\ntwo\nthree\n');
    const cacheDir = join(root, 'cache');
    // The log is cut to one line once the analysis has read it, before the entry is sealed.
    const original = ArtifactFolder.prototype.consulted;
    vi.spyOn(ArtifactFolder.prototype, 'consulted').mockImplementation(function (this: ArtifactFolder) {
      writeFileSync(join(project, 'run.log'), 'one\n');
      return original.call(this);
    });
    const statuses = async (cache: string) => {
      const models: ProjectModel[] = [];
      await analyseArchive({ roots: [join(root, 'in')], cacheDir: cache, onModel: (m) => void models.push(m) });
      return models.flatMap((m) => m.rows.flatMap((r) => r.evidence.map((p) => `${p.raw} ${p.status}`)));
    };
    expect(await statuses(cacheDir)).toEqual(['run.log:3 VERIFIED']);
    vi.restoreAllMocks();
    expect(await statuses(join(root, 'clean-cache'))).toEqual(['run.log:3 NOT_VERIFIED']);
    expect(await statuses(cacheDir)).toEqual(['run.log:3 NOT_VERIFIED']);
    // Unchanged since: reused, not analysed again.
    expect((await analyseArchive({ roots: [join(root, 'in')], cacheDir })).changed).toEqual([]);
  });
});

describe('the remembered hashes of input files are checked as they are read', () => {
  it('says an altered input-hashes.json damaged and hashes the files again (before: a hash altered in it was trusted while the file\'s stamp held, and the archive published digests of bytes no input has)', async () => {
    root = await mkdtemp(join(tmpdir(), 'tb-hashes-'));
    const file = join(root, 'decisions.jsonl');
    await writeFile(file, ROW);
    const truth = createHash('sha256').update(ROW).digest('hex');
    const cache = join(root, 'cache');
    await mkdir(cache);
    const first = new FileHashes(cache);
    await first.load();
    expect(await first.hash(file)).toBe(truth);
    await first.save();
    // Still JSON, the stamp as it was, the hash another.
    const path = join(cache, 'input-hashes.json');
    await writeFile(path, readFileSync(path, 'utf8').replace(truth, '0'.repeat(64)));
    const notices: string[] = [];
    onCacheNotice((line) => notices.push(line));
    try {
      const second = new FileHashes(cache);
      await second.load();
      expect(await second.hash(file)).toBe(truth);
    } finally {
      onCacheNotice(null);
    }
    expect(notices).toEqual(["  notice: the cache's input-hashes.json is damaged (its entries are not as written: their sha256 differs); made again from the input"]);
    // One another Trailbook wrote (entries without their sha256): not used, not said damaged.
    await writeFile(path, JSON.stringify({ [file]: { id: 'x', hash: '0'.repeat(64) } }));
    const third = new FileHashes(cache);
    await third.load();
    expect(await third.hash(file)).toBe(truth);
    expect(notices).toHaveLength(1);
  });
});
