import { describe, expect, it } from 'vitest';
import { firstLoadScripts, lazyScripts } from '../helpers/admin-bundle.js';

const KB = 1024;

describe('the dashboard build', () => {
  it('loads at most 300 KB of gzipped JavaScript before its first screen, each screen later on its own', () => {
    const first = firstLoadScripts();
    const gzip = first.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`first load: ${first.map((script) => `${script.file} ${(script.gzip / KB).toFixed(1)} KB`).join(', ')}; ${(gzip / KB).toFixed(1)} KB gzipped`);
    expect(gzip).toBeLessThanOrEqual(300 * KB);
    // The screens are split out of the entry: there is more to load than the first load holds.
    expect(lazyScripts().length).toBeGreaterThanOrEqual(2);
  });
});
