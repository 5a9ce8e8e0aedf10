// Builds what `npm start` serves unless it is built from the sources as they are now: the server into
// dist/ (`tsc -p tsconfig.build.json`), the staff dashboard into admin/dist/ (`vite build admin`) and
// the shop front into shop/.next/ (`next build`, after the typed client it uses into client/dist/).
// `npm start` runs it first (prestart), so a fresh clone builds on its first start and a change is built
// on the next one. The sources are compared by content (a hash kept in the output folder), not by time,
// so a checkout of other files, a deletion or a rename counts as well.
//
// `node scripts/build-if-changed.js admin` builds only the dashboard (the browser tests do), `… shop`
// only the shop. A server that cannot be built stops the start; a dashboard or a shop that cannot be
// built does not: the server starts without it, and /admin or / says how to build it.
// STOREFRONT_ADMIN=0 skips the dashboard, STOREFRONT_SHOP=0 the shop.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under a folder of the project, as paths from the project's root, but the `skip` files and those under `skip` folders. */
function filesUnder(folder, skip = []) {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !skip.some((skipped) => file === join(folder, skipped) || file.startsWith(join(folder, skipped) + '/')));
}

const targets = {
  server: {
    what: 'the server (dist/)',
    out: 'dist',
    // The file whose absence means no build, whatever the hash says.
    product: 'cli.js',
    sources: () => ['tsconfig.json', 'tsconfig.build.json', 'scripts/bundle-server.js', ...filesUnder('src')],
    // The building tool: a package (as its workspace would import it) and its command.
    tool: { workspace: '.', package: 'typescript', bin: 'bin/tsc' },
    args: ['-p', 'tsconfig.build.json'],
    // Then the compiled CLI is bundled with the packages it imports.
    then: 'scripts/bundle-server.js',
    required: true,
  },
  admin: {
    what: 'the dashboard (admin/dist/)',
    out: 'admin/dist',
    product: 'index.html',
    // The typed client is bundled into the dashboard from its sources.
    sources: () => ['admin/index.html', 'admin/package.json', 'admin/tsconfig.json', 'admin/vite.config.ts', ...filesUnder('admin/src'), ...filesUnder('src/client')],
    tool: { workspace: 'admin', package: 'vite', bin: 'bin/vite.js' },
    args: ['build', 'admin', '--logLevel', 'warn'],
    // A production bundle even when started from a test run (Vitest sets NODE_ENV=test).
    env: { NODE_ENV: 'production' },
    required: false,
  },
  shop: {
    what: 'the shop (shop/.next/)',
    out: 'shop/.next',
    product: 'BUILD_ID',
    // The shop imports the typed client as its package, built from src/client into client/dist.
    // next-env.d.ts is written by the build itself (git ignores it): counted, it made the next start build again.
    sources: () => ['scripts/build-client.js', 'client/package.json', 'client/tsconfig.json', ...filesUnder('shop', ['.next', 'node_modules', 'next-env.d.ts']), ...filesUnder('src/client')],
    before: 'scripts/build-client.js',
    tool: { workspace: 'shop', package: 'next', bin: 'dist/bin/next' },
    // Webpack, not Turbopack: Turbopack resolves the workspace client to its TypeScript sources,
    // whose `.js` import specifiers it cannot follow.
    args: ['build', '--webpack', 'shop'],
    env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    required: false,
  },
};

/** A hash of every file the build reads. */
function sourcesHash(target) {
  const hash = createHash('sha256');
  for (const file of target.sources().sort()) {
    hash.update(`${file}\0`).update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Where the target's building tool is installed, wherever npm put it; null when it is not. */
function toolOf(target) {
  try {
    const from = createRequire(join(root, target.tool.workspace, 'package.json'));
    return join(dirname(from.resolve(`${target.tool.package}/package.json`)), target.tool.bin);
  } catch {
    return null;
  }
}

/** Builds the target when its sources changed; false when it needed building and could not be built. */
function buildIfChanged(target) {
  const out = join(root, target.out);
  const stamp = join(out, '.sources-hash');
  const wanted = sourcesHash(target);
  const built = existsSync(stamp) && existsSync(join(out, target.product)) ? readFileSync(stamp, 'utf8') : '';
  if (built === wanted) return true;
  const tool = toolOf(target);
  if (!tool) {
    console.error(`${target.what} needs building, and ${target.tool.package} is not installed: run \`npm install\` (with the dev dependencies) first.`);
    return false;
  }
  console.error(built ? `The sources changed: building ${target.what}…` : `Building ${target.what}…`);
  // From clean, so a deleted source leaves nothing behind, and a failed build leaves no stale one.
  rmSync(out, { recursive: true, force: true });
  try {
    if (target.before) execFileSync(process.execPath, [join(root, target.before)], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, [tool, ...target.args], { cwd: root, stdio: 'inherit', env: { ...process.env, ...target.env } });
    if (target.then) execFileSync(process.execPath, [join(root, target.then)], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(`The build of ${target.what} failed (above): fix the sources and start again.`);
    return false;
  }
  writeFileSync(stamp, wanted);
  return true;
}

const asked = process.argv.slice(2);
const off = (name) => process.env[name] === '0' || process.env[name] === 'false';
const names = asked.length > 0 ? asked : ['server', ...(off('STOREFRONT_ADMIN') ? [] : ['admin']), ...(off('STOREFRONT_SHOP') ? [] : ['shop'])];
for (const name of names) {
  const target = targets[name];
  if (!target) {
    console.error(`Unknown build "${name}": name ${Object.keys(targets).join(' or ')}.`);
    process.exit(2);
  }
  const ok = buildIfChanged(target);
  if (!ok && target.required) process.exit(1);
  if (!ok && asked.length > 0) process.exit(1);
  if (!ok) console.error(name === 'shop' ? 'The server starts without the shop: / says how to build it.' : 'The server starts without the dashboard: /admin says how to build it.');
}
