// Jobs for src/lib/job-thread.test.ts, run in the thread it starts.

/** Answers its input doubled. */
export function double(input: number): number {
  return input * 2;
}

/** Keeps the thread busy for `ms` milliseconds of the clock, then answers how long it took. */
export function spin(ms: number): number {
  const started = Date.now();
  while (Date.now() - started < ms) {
    // busy: a job that never yields
  }
  return Date.now() - started;
}

/** Fills the heap until the thread is ended for it. */
export function exhaustMemory(): number {
  const kept: number[][] = [];
  for (;;) kept.push(new Array(1_000_000).fill(1));
}

export function fail(message: string): never {
  throw new Error(message);
}
