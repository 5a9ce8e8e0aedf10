// Builds the installable client package (client/, `@storefront-api/client`) from the client's one source,
// src/client: `npm run build --workspace client`, and `npm pack --workspace client` before packing.
//
// 1. tsc compiles src/client into client/dist with its .d.ts types (client/tsconfig.json).
// 2. openapi-fetch, the client's one runtime package, is copied into client/dist/vendor with its
//    licence, and the imports of it are pointed there; so are the types it imports from
//    openapi-typescript-helpers (types only). The package then depends on nothing: it installs in another
//    project from its tarball alone, offline too (npm ci fetches the tarballs of the lockfile, not the
//    registry's package lists that resolving a version range needs), and the versions in it are the ones
//    this checkout's lockfile pins and its tests run with.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const client = join(root, 'client');
const dist = join(client, 'dist');
const vendor = join(dist, 'vendor');
const require = createRequire(join(root, 'package.json'));

/** A package's folder as the root resolves it (both packages export only `.`). */
const packageFolder = (name) => {
  const fetchFolder = dirname(require.resolve('openapi-fetch/package.json'));
  if (name === 'openapi-fetch') return fetchFolder;
  // openapi-typescript-helpers is openapi-fetch's dependency: resolved from where openapi-fetch is.
  return dirname(createRequire(join(fetchFolder, 'package.json')).resolve(`${name}/package.json`));
};

/** Replaces the quoted module specifier `from` with `to` in a file's import and export statements. */
function pointImports(file, from, to) {
  const text = readFileSync(file, 'utf8');
  const pointed = text.replace(new RegExp(`(\\bfrom\\s+|\\bimport\\s*\\(\\s*)(['"])${from}\\2`, 'g'), `$1$2${to}$2`);
  writeFileSync(file, pointed);
}

rmSync(dist, { recursive: true, force: true });
const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', join(client, 'tsconfig.json')], { stdio: 'inherit' });

const vendored = [
  { name: 'openapi-fetch', files: { 'dist/index.mjs': 'index.js', 'dist/index.d.mts': 'index.d.ts', LICENSE: 'LICENSE' } },
  { name: 'openapi-typescript-helpers', files: { 'dist/index.d.mts': 'index.d.ts', LICENSE: 'LICENSE' } },
];
for (const { name, files } of vendored) {
  const folder = packageFolder(name);
  const version = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
  mkdirSync(join(vendor, name), { recursive: true });
  for (const [from, to] of Object.entries(files)) {
    const target = join(vendor, name, to);
    copyFileSync(join(folder, from), target);
    // Their source maps are not copied: drop the comments that point at them.
    if (!to.startsWith('LICENSE')) writeFileSync(target, readFileSync(target, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
  }
  writeFileSync(join(vendor, name, 'VERSION'), `${name} ${version}, copied from npm by scripts/build-client.js\n`);
}
pointImports(join(vendor, 'openapi-fetch', 'index.d.ts'), 'openapi-typescript-helpers', '../openapi-typescript-helpers/index.js');
for (const file of readdirSync(dist)) {
  if (/\.(js|d\.ts)$/.test(file)) pointImports(join(dist, file), 'openapi-fetch', './vendor/openapi-fetch/index.js');
}
const left = readdirSync(dist, { recursive: true }).filter((file) => /\.(js|d\.ts)$/.test(file))
  .filter((file) => /(from\s+|import\s*\(\s*)['"]openapi-(fetch|typescript-helpers)['"]/.test(readFileSync(join(dist, file), 'utf8')));
if (left.length > 0) throw new Error(`client/dist still imports openapi-fetch by name in ${left.join(', ')}`);
console.log('Built client/dist from src/client, with openapi-fetch in client/dist/vendor.');
