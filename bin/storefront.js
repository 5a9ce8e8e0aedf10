#!/usr/bin/env -S node --max-semi-space-size=8
// The published entry point runs the compiled CLI (`npm run build` makes dist/; so does `npm start`,
// which runs it with the same flag).
// V8's young generation is capped at 8 MB a half, not 16: under 100 connections that keeps the
// server's resident set some 30 MB lower at the same throughput (BENCHMARKS.md). Node reads the flag
// only from its command line or NODE_OPTIONS, hence the shebang; the bench reads it from here.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/cli.js', import.meta.url))) {
  console.error('storefront is not built yet: run `npm run build` (or `npm start`, which builds it first).');
  process.exit(1);
}
await import('../dist/cli.js');
