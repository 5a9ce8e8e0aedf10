import type { FastifyInstance } from 'fastify';
import { problemCatalog } from '../lib/problem.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page every problem's `type` (`/docs/errors#<code>`) points into: one section per code, by status. */
export function errorsPage(): string {
  const codes = Object.entries(problemCatalog).sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b));
  const sections = codes.map(([code, entry]) => `<section id="${code}">
<h2><a href="#${code}">${entry.status} <code>${code}</code></a> ${escapeHtml(entry.title)}</h2>
<p><strong>When:</strong> ${escapeHtml(entry.when)}</p>
<p><strong>What to do:</strong> ${escapeHtml(entry.action)}</p>
</section>`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Storefront API: problem codes</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}h2{font-size:1.1rem;margin:2rem 0 .5rem}h2 a{color:inherit;text-decoration:none}code{font-size:.95em;background:#f2f2f2;padding:0 .25em}section:target{background:#fff8dc}</style>
</head>
<body>
<h1>Problem codes</h1>
<p>Every failed request is answered with an RFC 9457 problem (<code>application/problem+json</code>): <code>type</code> links to the code's section below, <code>code</code> names it, <code>detail</code> tells what happened to this request and <code>errors[]</code>, when present, names each field at fault by its bracket name. Every answer carries <code>x-request-id</code>. The operations are described in <a href="/openapi.json">/openapi.json</a> and at <a href="/docs">/docs</a>.</p>
${sections.join('\n')}
</body>
</html>
`;
}

/** `GET /docs/errors`: public, cached by clients for an hour (it changes only with the server). */
export function registerErrorDocs(app: FastifyInstance): void {
  const html = errorsPage();
  app.get('/docs/errors', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(html));
}
