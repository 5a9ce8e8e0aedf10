import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = fileURLToPath(new URL('dist', import.meta.url));

/**
 * Writes a .gz and a .br beside each script and style sheet, which the server sends to browsers that
 * take them (@fastify/static's preCompressed): the server compresses nothing at request time.
 */
function precompress(): Plugin {
  return {
    name: 'storefront-precompress',
    apply: 'build',
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const bytes = readFileSync(join(assets, name));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(bytes));
      }
    },
  };
}

export default defineConfig({
  // Served by the API server under /admin (src/http/admin.ts); `vite` (dev) proxies the API to it.
  base: '/admin/',
  plugins: [react(), precompress()],
  resolve: {
    // The typed client from its sources: the dashboard needs no server build to be built.
    alias: { 'storefront/client': fileURLToPath(new URL('../src/client/index.ts', import.meta.url)) },
  },
  build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
  server: { proxy: { '/v1': process.env.STOREFRONT_URL ?? 'http://127.0.0.1:8080' } },
});
