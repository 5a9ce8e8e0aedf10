import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/builds.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own databases; files run in parallel on the machine's cores.
    pool: 'forks',
    // Vitest's default leaves one core free: one file at a time on a 2-core machine. The files mostly
    // wait (on Chromium, PostgreSQL, server processes), so two at a time there take 532 s instead of
    // 700–770 s for the whole suite, with the same results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
