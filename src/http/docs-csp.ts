/**
 * The Content-Security-Policy of the API reference page (`/docs`, Swagger UI) and its files, in place
 * of @fastify/swagger-ui's own (`staticCSP: true`), which broke the page in two ways:
 *
 * - it ends with `upgrade-insecure-requests`, so a browser on plain http at a host name (an API served
 *   without TLS behind a private name, or on a LAN) asked for the page's scripts and styles over
 *   https, which such a server does not speak: a blank page. Upgrading is the TLS terminator's
 *   business (HSTS), not this page's; an API behind TLS is asked over https anyway.
 * - its `style-src 'self' https:` refused the one inline style Swagger UI renders (the `<style>` of
 *   its logo's SVG), an error in every visitor's console, while letting in any https stylesheet.
 *
 * Scripts come from this server only: no inline script, no eval, no script in attributes. The inline
 * style is allowed by its hash alone, not by `'unsafe-inline'`; should a Swagger UI upgrade change
 * the logo, the browser test of /docs (test/http/foundation/docs-page.test.ts) fails and names the
 * new hash. The validator badge is off (`validatorUrl: null`, openapi.ts): it sent the document's
 * address to validator.swagger.io, so no image comes from elsewhere.
 */
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  `style-src 'self' ${SWAGGER_LOGO_STYLE}`,
].join('; ');
