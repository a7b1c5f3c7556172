/**
 * Writes the archive's search indexes from the model store: pagefind's word index
 * (`pagefind/`, from {@link pagefindDocuments}) and Trailbook's facet index
 * (`search-index/facets.json` and one shard per project, from {@link addProject}).
 * Used by the Astro integration, and by the CLI in a worker thread alongside rendering.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readArchiveIndex, readModel } from '../archive/model-store.ts';
import { searchRecords } from './search-records.ts';
import { pagefindDocuments } from './pagefind-documents.ts';
import { addProject, emptySummary, sortedSummary } from './facet-index.ts';
import { urls } from '../site/urls.ts';

/** What was indexed. `ms` is wall time in milliseconds. */
export interface SearchIndexStats {
  projects: number;
  records: number;
  documents: number;
  ms: number;
  warnings: string[];
}

/**
 * Indexes every project of the archive index in `cacheDir` into `outDir` (the site folder),
 * for a site served under `base`. Throws when pagefind cannot start or write its files.
 */
export async function writeSearchIndex(cacheDir: string, outDir: string, base: string): Promise<SearchIndexStats> {
  const started = performance.now();
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', writePlayground: false });
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  const archive = await readArchiveIndex(cacheDir);
  const summary = emptySummary();
  const warnings: string[] = [];
  await mkdir(join(outDir, 'search-index', 'p'), { recursive: true });
  let documents = 0;
  let records = 0;
  try {
    for (const { id } of archive.projects) {
      const model = await readModel(cacheDir, id);
      const projectRecords = searchRecords(model);
      records += projectRecords.length;
      const projectUrl = urls.project(base, model.id);
      const docs = pagefindDocuments(projectRecords, projectUrl, model.root, model.title);
      for (let i = 0; i < docs.length; i += 20) {
        const added = await Promise.all(docs.slice(i, i + 20).map((doc) => index.addHTMLFile({ url: doc.url, content: doc.html })));
        for (const a of added) if (a.errors.length > 0) warnings.push(`search document of ${model.id}: ${a.errors.join('; ')}`);
      }
      documents += docs.length;
      const shard = addProject(summary, { id: model.id, title: model.title, url: projectUrl }, projectRecords);
      await writeFile(join(outDir, 'search-index', 'p', `${model.id}.json`), JSON.stringify(shard));
    }
    await writeFile(join(outDir, 'search-index', 'facets.json'), JSON.stringify(sortedSummary(summary)));
    const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
    if (written.errors.length > 0) throw new Error(`pagefind could not write its index: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
  return { projects: archive.projects.length, records, documents, ms: performance.now() - started, warnings };
}
