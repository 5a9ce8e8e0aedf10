import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One PostgreSQL server with a migrated template database, the server compiled into dist/, the
    // dashboard built and Chromium unpacked: each once per run, before any test file.
    globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/builds.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own databases; files run in parallel on the machine's cores.
    pool: 'forks',
    // A worker process runs one file after another without starting again, so the app's modules are
    // loaded (and its schemas compiled, and Chromium started) once per process rather than once per
    // file. The tests leave no state behind them: each builds its own app on its own databases, and
    // restores what it stubs.
    isolate: false,
    // Vitest's default leaves one core free: one file at a time on a 2-core machine. The files mostly
    // wait (on Chromium, PostgreSQL, server processes), so two at a time there take 532 s instead of
    // 700–770 s for the whole suite, with the same results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
