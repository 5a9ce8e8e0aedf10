// Builds the server into dist/ (`tsc -p tsconfig.build.json`) unless dist/ holds the build of the
// sources as they are now: `npm start` runs it first (prestart), so a fresh clone builds on its first
// start and a change under src/ is built on the next one. The sources are compared by content (a hash
// kept in dist/), not by time, so a checkout of other files, a deletion or a rename counts as well.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const stamp = join(dist, '.sources-hash');

/** A hash of every file the build reads: the sources and the two TypeScript configurations. */
function sourcesHash() {
  const sources = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
  const hash = createHash('sha256');
  for (const file of ['tsconfig.json', 'tsconfig.build.json', ...sources.sort()]) {
    hash.update(`${file}\0`).update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

const wanted = sourcesHash();
const built = existsSync(stamp) && existsSync(join(dist, 'cli.js')) ? readFileSync(stamp, 'utf8') : '';
if (built !== wanted) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) {
    console.error('The server needs building, and TypeScript is not installed: run `npm install` (with the dev dependencies) first.');
    process.exit(1);
  }
  console.error(built ? 'The sources changed: building the server (dist/)…' : 'Building the server (dist/)…');
  // From clean, so a deleted source leaves no module behind.
  rmSync(dist, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error('The build failed (above): fix the sources and start again.');
    process.exit(1);
  }
  writeFileSync(stamp, wanted);
}
