/**
 * The peak memory of a process and every process it starts (issue 11 scope 7: "Report the
 * peak of the whole process tree"), sampled from /proc: every `intervalMs`, the resident set
 * sizes (VmRSS) of the root and all its descendants are added up; the largest sum is the
 * peak. Linux only (elsewhere it reports null). A process that lives shorter than one
 * interval can be missed; the interval is 50 ms by default.
 */
import { readdir, readFile } from 'node:fs/promises';

/** RSS in bytes of one process, or 0 when it is gone. */
async function rssOf(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Children of a process: every thread's `children` list (needs CONFIG_PROC_CHILDREN, as Debian's kernels have). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = await readdir(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    try {
      for (const c of (await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8')).trim().split(/\s+/)) if (c !== '') out.push(Number(c));
    } catch {
      // thread gone
    }
  }
  return out;
}

/** What a sampler found. */
export interface TreeMemory {
  /** Largest sum of the tree's RSS seen, in bytes (null off Linux). */
  peakBytes: number | null;
  /** Largest number of processes in the tree at once. */
  peakProcesses: number;
  /** The largest single process seen, in bytes. */
  largestProcessBytes: number;
}

/** Starts sampling the tree under `pid`; `stop()` resolves with the peaks. */
export function sampleTree(pid: number, intervalMs = 50): { stop: () => Promise<TreeMemory> } {
  const result: TreeMemory = { peakBytes: process.platform === 'linux' ? 0 : null, peakProcesses: 0, largestProcessBytes: 0 };
  let running = process.platform === 'linux';
  const loop = (async () => {
    while (running) {
      const tree: number[] = [];
      const queue = [pid];
      while (queue.length > 0) {
        const p = queue.pop() as number;
        tree.push(p);
        queue.push(...(await childrenOf(p)));
      }
      const sizes = await Promise.all(tree.map(rssOf));
      const sum = sizes.reduce((a, b) => a + b, 0);
      if (sum > (result.peakBytes ?? 0)) result.peakBytes = sum;
      result.peakProcesses = Math.max(result.peakProcesses, sizes.filter((s) => s > 0).length);
      result.largestProcessBytes = Math.max(result.largestProcessBytes, ...sizes);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return result;
    },
  };
}
