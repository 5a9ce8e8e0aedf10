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
};

export default config;
