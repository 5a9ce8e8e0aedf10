import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import chromium from '@sparticuz/chromium';

const run = promisify(execFile);

/** `scripts/build-if-changed.js TARGET` (the same script as `npm start`): a no-op when the build is current. */
async function buildIfChanged(target: 'server' | 'admin' | 'shop'): Promise<void> {
  try {
    const { stderr } = await run(process.execPath, ['scripts/build-if-changed.js', target]);
    process.stderr.write(stderr);
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`the build of ${target} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

/**
 * Before any test file, at the same time: the server compiled into dist/ (the tests that start it as a
 * process run the compiled CLI, as `npm start` does, rather than transform TypeScript at each start),
 * the dashboard built into admin/dist/, the shop into shop/.next/, and the browser unpacked once, so browser test files running
 * in parallel never unpack it at the same time. Each build happens only when its sources changed.
 */
export default async function setup() {
  await Promise.all([buildIfChanged('server'), buildIfChanged('admin'), buildIfChanged('shop'), chromium.executablePath()]);
}
