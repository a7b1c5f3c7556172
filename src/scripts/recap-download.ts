/**
 * The recap page's recap.html download when the build wrote no recap.html (the default; issue 17):
 * fetches the project's recap.json.gz, turns it back into the model (src/lib/export/recap-model.ts)
 * and runs the builder the build runs with `--recap-html` (src/components/html/export-recap.ts),
 * so the file is byte for byte the one the build would have written. The builder is loaded on the
 * first click only (a dynamic import: its own chunk), so the page's script stays small.
 */
import { gunzip } from './gunzip.ts';
import { saveFile } from './save-file.ts';

const control = document.querySelector<HTMLElement>('[data-recap-html]');
const button = control?.querySelector<HTMLButtonElement>('button');
const status = control?.querySelector<HTMLElement>('[data-recap-html-status]');

/** The file's text, made from the published recap.json.gz. Throws with what failed. */
async function makeRecapHtml(data: DOMStringMap): Promise<string> {
  const src = data['src'] ?? '';
  const response = await fetch(src);
  if (!response.ok) throw new Error(`${src} answered HTTP ${response.status}`);
  // A host that serves .gz files with Content-Encoding: gzip hands over the text already; gunzip passes it on.
  const text = new TextDecoder().decode(await gunzip(new Uint8Array(await response.arrayBuffer())));
  const [{ exportRecapHtml }, { recapModel }] = await Promise.all([import('../components/html/export-recap.ts'), import('../lib/export/recap-model.ts')]);
  const root = data['root'] ?? '';
  const recap = JSON.parse(text) as Parameters<typeof recapModel>[0];
  // Flags the build's baseline accepts (issue 32) are marked in recap.json; recap.html marks them the same way.
  return exportRecapHtml(recapModel(recap), { root: root === '' ? null : root, archiveTitle: data['title'] ?? 'Trailbook', accepted: recap.accepted ?? null });
}

if (control && button && status) {
  control.querySelector<HTMLElement>('[data-recap-html-nojs]')?.setAttribute('hidden', '');
  control.querySelector<HTMLElement>('[data-recap-html-js]')?.removeAttribute('hidden');
  button.addEventListener('click', () => {
    const name = control.dataset['name'] ?? 'recap.html';
    button.disabled = true;
    status.textContent = 'making the file…';
    makeRecapHtml(control.dataset)
      .then((text) => {
        saveFile(text, name, 'text/html;charset=utf-8');
        status.textContent = `saved as ${name}`;
      })
      .catch((error: unknown) => {
        status.textContent = `could not make it (${(error as Error).message}); recap.json.gz holds the same data, and trailbook build --recap-html writes the file`;
      })
      .finally(() => {
        button.disabled = false;
      });
  });
}
