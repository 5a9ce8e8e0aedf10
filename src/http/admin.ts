import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SERVER_ROOT } from '../server-root.js';

/** Where the dashboard is built (admin/dist, by scripts/build-if-changed.js), beside src/ and dist/. */
export const ADMIN_BUILD = fileURLToPath(new URL('../admin/dist', SERVER_ROOT));

// The page holds a key: it runs only its own scripts, talks only to this server and is framed by no one.
// Styles may be inline (the component library sets CSS variables and style attributes); images may
// come from the file storage's own host.
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Storefront admin: not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#f2f2f2;padding:0 .25em}</style></head>
<body>
<h1>The dashboard is not built</h1>
<p><code>npm start</code> builds it when its sources change. To build it by hand, run <code>npm run build:admin</code>
in the project's folder (after <code>npm install</code>), then reload this page.</p>
</body>
</html>
`;

function sendPage(reply: FastifyReply, build: string) {
  void reply.header('content-security-policy', PAGE_POLICY).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
  // Checked on each request, so a build made while the server runs is served without a restart.
  if (!existsSync(join(build, 'index.html'))) {
    return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT);
  }
  // Always revalidated: it names the hashed assets of the current build.
  return reply.header('cache-control', 'no-cache').sendFile('index.html', build, { cacheControl: false });
}

/**
 * The staff dashboard at `/admin`: its hashed assets cached for a year, and its page (index.html) for
 * `/admin` and every client route under it. It reads and writes only through the public API with the
 * key staff sign in with, so these routes need no credential, count toward no rate limit and are not
 * part of the API's document.
 */
export function adminRoutes(build: string = ADMIN_BUILD) {
  return async function admin(app: FastifyInstance): Promise<void> {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public', rateLimit: false };
      route.schema = { ...route.schema, hide: true };
    });
    await app.register(fastifyStatic, {
      root: join(build, 'assets'),
      prefix: '/admin/assets/',
      // The .br and .gz the build writes beside each script and sheet.
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
      index: false,
      suppressWarning: true,
      setHeaders: (reply) => void reply.header('x-content-type-options', 'nosniff'),
    });
    app.get('/admin', (_request, reply) => sendPage(reply, build));
    app.get('/admin/*', (_request, reply) => sendPage(reply, build));
  };
}
