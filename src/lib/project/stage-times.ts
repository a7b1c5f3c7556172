/**
 * Wall-clock time per pipeline stage, accumulated in milliseconds, for `npm run bench` and
 * `trailbook build --timings FILE`. Stages: discover, prepare, parse, resolve, check,
 * store, history (the records' git history and the build history), secrets (finding and
 * redacting them: src/lib/secrets/), sync, render, index.
 */
export type Stage = 'discover' | 'prepare' | 'parse' | 'resolve' | 'check' | 'store' | 'history' | 'secrets' | 'sync' | 'render' | 'index';

export type StageTimes = Partial<Record<Stage, number>>;

/** A fresh accumulator. */
export function stageTimes(): StageTimes {
  return {};
}

/** Adds the time `fn` takes to `stage`. */
export async function timed<T>(times: StageTimes | undefined, stage: Stage, fn: () => Promise<T>): Promise<T> {
  if (!times) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    times[stage] = (times[stage] ?? 0) + (performance.now() - started);
  }
}
