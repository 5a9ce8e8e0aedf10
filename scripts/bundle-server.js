// Bundles the compiled server (dist/cli.js, as tsc wrote it) with the packages it imports: dist/cli.js
// is written over with the bundle, and each command's modules go to chunks beside it (dist/bundle-*.js),
// loaded when the command runs. A process then reads a few files instead of some 2,100 modules: the
// built server answers /health in ~1.3 s rather than ~2.1 s on a 2-core machine, which counts at every
// start, restart and deploy (and the test suite starts it some 80 times per run).
//
// Left out of the bundle: native and optional drivers (better-sqlite3, pg-native), packages that read
// files beside their own code (swagger-ui's assets), and the S3 client, loaded only when files go to
// S3. The rest of dist/ stays as tsc wrote it: the threads' entry points (src/server-root.ts) and the
// typed client are loaded from there.
import { buildSync } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'cli.js');

buildSync({
  entryPoints: [entry],
  outdir: join(root, 'dist'),
  allowOverwrite: true,
  // The chunks sit in dist/ itself, beside cli.js, so that src/server-root.ts names dist/ from any of them.
  splitting: true,
  chunkNames: 'bundle-[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'pg-native', '@aws-sdk/*', '@fastify/swagger-ui'],
  // Bundled CommonJS packages call require(), which an ES module does not have.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);" },
  // Functions and classes keep their names (esbuild renames one where two modules use the same name).
  keepNames: true,
  logLevel: 'warning',
});
