import { execFileSync } from 'node:child_process';
import chromium from '@sparticuz/chromium';

/**
 * Before any test file: the dashboard built from its current sources (a no-op when it is; the same
 * script as `npm start`), and the browser unpacked once, so browser test files running in parallel
 * never unpack it at the same time.
 */
export default async function setup() {
  execFileSync(process.execPath, ['scripts/build-if-changed.js', 'admin'], { stdio: 'inherit' });
  await chromium.executablePath();
}
