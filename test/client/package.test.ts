import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stop, type Running } from '../helpers/server-process.js';
import { testDatabases } from '../helpers/test-app.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');

/** npm as a person runs it, without the workspace settings of the `npm test` that may have started this run. */
function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_(config_workspaces?|config_include_workspace_root|package_|lifecycle_)/i.test(name)));
  return run('npm', args, { cwd, env, timeout: 120_000 });
}

/** The first ```ts block of README.md that is a file of its own: it starts with a `// NAME.mts` comment. */
function readmeExample(): { name: string; code: string } {
  const blocks = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/```ts\n(\/\/ ([\w-]+\.mts)[^\n]*\n[\s\S]*?)```/g)];
  expect(blocks, 'README.md has a ```ts block starting with `// NAME.mts`').toHaveLength(1);
  return { name: blocks[0]![2]!, code: blocks[0]![1]! };
}

// The tarball a person makes and installs in another project, against `npm start`'s store: SQLite,
// the demo catalogue, the keys printed at the first start.
describe.runIf(testDatabases().includes('sqlite'))('the client package, installed in another project', () => {
  const folder = mkdtempSync(join(tmpdir(), 'storefront-client-package-'));
  const project = join(folder, 'my-shop');
  let tarball: string;
  let server: Running;
  let channelKey: string;

  beforeAll(async () => {
    await Promise.all([
      npm(['pack', '--workspace', 'client', '--pack-destination', folder], root),
      startServer({ DATABASE_URL: `sqlite:${join(folder, 'storefront.db')}`, STOREFRONT_ADMIN_KEY: '', STOREFRONT_CHANNEL_KEY: '' }).then((running) => (server = running)),
    ]);
    const packed = readdirSync(folder).filter((file) => file.endsWith('.tgz'));
    expect(packed).toEqual(['storefront-api-client-0.1.0.tgz']);
    tarball = join(folder, packed[0]!);
    channelKey = /Channel key:\s+(ck_\S+)/.exec(server.output())![1]!;
    // A new project, as `npm init -y` makes one, and the client from its tarball, offline: the package
    // needs nothing from a registry.
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'my-shop', version: '1.0.0', private: true }, null, 2)}\n`);
    await npm(['install', '--offline', '--no-audit', '--no-fund', tarball], project);
  }, 240_000);

  afterAll(async () => {
    if (server) expect(await stop(server.child)).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  });

  it('is packed as @storefront-api/client from src/client: JavaScript, types, and openapi-fetch inside, with no dependencies', async () => {
    const installed = join(project, 'node_modules', '@storefront-api', 'client');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: '@storefront-api/client', version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version, type: 'module' });
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) expect(manifest[field], field).toBeUndefined();
    // What the project installed: the client alone, nothing fetched for it.
    expect(readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['@storefront-api']);
    // The same sources the server's storefront/client is built from, tests left out; openapi-fetch under vendor/.
    const sources = readdirSync(join(root, 'src', 'client')).filter((file) => !file.endsWith('.test.ts')).map((file) => file.replace(/\.ts$/, ''));
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual([...sources.flatMap((name) => [`${name}.d.ts`, `${name}.js`]), 'vendor'].sort());
    expect(readdirSync(join(installed, 'dist', 'vendor', 'openapi-fetch')).sort()).toEqual(['LICENSE', 'VERSION', 'index.d.ts', 'index.js']);
    expect(readFileSync(join(installed, 'dist', 'index.d.ts'), 'utf8')).toContain("from './vendor/openapi-fetch/index.js'");
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).dependencies['@storefront-api/client']).toMatch(/^file:/);
  });

  it('is imported by plain JavaScript and calls a real server', async () => {
    writeFileSync(join(project, 'store.mjs'), `import { createClient, unwrap, StorefrontProblem } from '@storefront-api/client';
const shop = createClient({ baseUrl: process.env.STOREFRONT_URL, channelKey: process.env.CHANNEL_KEY });
const { data: store } = unwrap(await shop.GET('/v1/store'));
let skus = 0;
for await (const sku of shop.paginate('/v1/skus', { params: { query: { per_page: 2 } } })) skus += 1;
const refused = await createClient({ baseUrl: process.env.STOREFRONT_URL, channelKey: 'ck_wrong' }).GET('/v1/store');
let thrown;
try { unwrap(refused); } catch (error) { thrown = error instanceof StorefrontProblem ? error.status : 'other'; }
console.log(JSON.stringify({ email: store.email, skus, refused: thrown }));
`);
    const { stdout } = await run(process.execPath, ['store.mjs'], { cwd: project, env: { ...process.env, STOREFRONT_URL: server.base, CHANNEL_KEY: channelKey }, timeout: 60_000 });
    expect(JSON.parse(stdout)).toEqual({ email: 'shop@demo.storefront.test', skus: 12, refused: 401 });
  }, 60_000);

  it('runs the README’s example as written: signs up, signs in, buys a demo mug and pays with the test card', async () => {
    const example = readmeExample();
    writeFileSync(join(project, example.name), example.code);
    // Its types hold, as an editor would check them: strict, against the installed package's .d.ts (and
    // Node's types, which a project would install as @types/node, from here).
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const types = ['--typeRoots', join(root, 'node_modules', '@types'), '--types', 'node'];
    const checked = await run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', ...types, example.name], { cwd: project, timeout: 120_000 })
      .then(() => '', (error: { stdout: string }) => error.stdout);
    expect(checked).toBe('');
    // As the README says: `CHANNEL_KEY=ck_… npx tsx shop.mts`; this project's tsx stands in for npx's.
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    const { stdout } = await run(tsx, [example.name], { cwd: project, env: { ...process.env, STOREFRONT_URL: server.base, CHANNEL_KEY: channelKey }, timeout: 60_000 });
    expect(stdout).toMatch(/^Canvas Tote Bag 1500$/m);
    expect(stdout).toMatch(/^Order #1001: placed, paid, 3500 cents$/m);
  }, 120_000);
});
