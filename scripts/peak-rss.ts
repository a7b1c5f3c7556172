/**
 * Peak resident memory of a process tree, sampled from /proc (Linux): the sum of VmRSS over
 * a process and every descendant (every process a build starts), every `intervalMs`. Used by the benches;
 * elsewhere it reports null.
 */
import { readFile, readdir } from 'node:fs/promises';

async function children(pid: number): Promise<number[]> {
  const out: number[] = [];
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const t of tasks) {
    const text = await readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '');
    for (const c of text.split(' ')) if (c.trim() !== '') out.push(Number(c));
  }
  return out;
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** Sum of VmRSS over `pid` and its descendants, in bytes. */
export async function treeRss(pid: number): Promise<number> {
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() as number;
    total += await rssOf(p);
    for (const c of await children(p)) stack.push(c);
  }
  return total;
}

/**
 * Samples the tree of `pid` until `stop()` is called; `stop` resolves with the peak in bytes
 * (null off Linux). `onSample` sees each sample (to stop a build that grows too large).
 */
export function samplePeakRss(pid: number, intervalMs = 100, onSample?: (rss: number) => void): { stop: () => Promise<number | null> } {
  if (process.platform !== 'linux') return { stop: async () => null };
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rss = await treeRss(pid);
      peak = Math.max(peak, rss);
      onSample?.(rss);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}
