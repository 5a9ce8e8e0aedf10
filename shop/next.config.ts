import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const config: NextConfig = {
  // The typed client is bundled from its sources in the project (src/client), as the dashboard does;
  // a fork outside this project installs `@storefront-api/client` and drops this alias (docs/shop.md).
  turbopack: {
    root: projectRoot,
    resolveAlias: { '@storefront-api/client': '../src/client/index.ts' },
  },
  // `npm run typecheck` checks the shop with the rest of the project; the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // The API server compresses nothing for the shop either: Next does, as its own server would.
  compress: true,
  reactStrictMode: true,
  // A language's pages are the same pages (`/fr/cart` is `/cart`), told their language by proxy.ts,
  // which also sends a prefix that is no language of the store to the page without it.
  async rewrites() {
    const locale = ':locale([a-z]{2}|[a-z]{2}-[A-Z]{2})';
    return { beforeFiles: [{ source: `/${locale}`, destination: '/' }, { source: `/${locale}/:path+`, destination: '/:path+' }], afterFiles: [], fallback: [] };
  },
};

export default config;
