import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATHS, generateClientFiles } from '../../scripts/client-generator/generate.js';

/** The first line where two texts differ, to say where a stale file went wrong without printing megabytes. */
function firstDifference(committed: string, current: string): string {
  const a = committed.split('\n');
  const b = current.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at]?.slice(0, 160))}, now ${JSON.stringify(b[at]?.slice(0, 160))}`;
}

describe('the typed client as committed', () => {
  it('was generated from the OpenAPI document the server describes now (else run npm run client:generate)', async () => {
    const current = await generateClientFiles();
    for (const kind of ['document', 'types'] as const) {
      const committed = readFileSync(GENERATED_PATHS[kind], 'utf8');
      const stale = committed === current[kind] ? '' : `${GENERATED_PATHS[kind]} is stale: run npm run client:generate (${firstDifference(committed, current[kind])})`;
      expect(stale).toBe('');
    }
  });

  it('is exported as storefront/client: the build compiles src/client with declarations to where the export points', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.name).toBe('storefront');
    expect(pkg.exports['./client']).toEqual({ types: './dist/client/index.d.ts', default: './dist/client/index.js' });
    const build = JSON.parse(readFileSync('tsconfig.build.json', 'utf8'));
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist', declaration: true });
    expect(build.include).toContain('src');
  });
});
