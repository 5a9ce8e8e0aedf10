import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import type { Access } from './auth.js';
import { Problem } from './common-schemas.js';
import { DOCS_CSP } from './docs-csp.js';
import { registerErrorDocs } from './error-docs.js';
import { addExamples } from './openapi-examples.js';
import { documentRequests } from './openapi-requests.js';
import { documentResponses, problemStatuses } from './openapi-responses.js';
import { makePortable } from './openapi-portable.js';
import { nameSchemas, type Schema } from './openapi-schemas.js';
import type { App } from './types.js';

/** What each access (auth.ts) accepts, as the document's `security`: exactly what the server lets in. */
const securityByAccess: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  storefront: [{ channelKey: [] }, { channelKey: [], customerToken: [] }, { adminKey: [] }],
  channel: [{ channelKey: [] }, { channelKey: [], customerToken: [] }],
  customer: [{ channelKey: [], customerToken: [] }, { adminKey: [] }],
  'signed-in': [{ channelKey: [], customerToken: [] }],
  admin: [{ adminKey: [] }],
  user: [{ userToken: [] }],
};

/** `get /v1/collections/:id/products` → `getV1CollectionsIdProducts`: unique and stable. */
function operationId(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * The route's own answers (2xx, 3xx) as its schemas declare them, and the problem statuses it can
 * answer, which openapi-responses.ts documents as `application/problem+json`.
 */
function splitResponses(response: unknown): { answers: Record<string, unknown>; declared: number[] } {
  const entries = Object.entries((response ?? {}) as Record<string, unknown>);
  return {
    answers: Object.fromEntries(entries.filter(([status]) => !/^[45]/.test(status))),
    declared: entries.map(([status]) => Number(status)).filter((status) => status >= 400),
  };
}

/**
 * The OpenAPI 3.1 document is generated from the same TypeBox schemas that validate requests and
 * serialise answers; `/openapi.json` serves it and `/docs` renders it.
 */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        description: 'Headless commerce API: catalogue, customers, carts, checkouts, orders, events and webhooks.\n\n'
          + 'Bodies are JSON (form-encoded bodies with bracket names, `customer[email]`, are read too); object query parameters use bracket names '
          + '(`price[min]=1000`, `options[color]=Red,Blue`). Every failure is an RFC 9457 problem (`application/problem+json`) whose `type` links to its code on '
          + '[/docs/errors](/docs/errors). Every answer carries `x-request-id`. A POST may carry an `Idempotency-Key` that makes its retry safe.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/' }],
      components: {
        // Every problem response refers to it; routes no longer carry it once their problems are documented.
        schemas: { Problem },
        securitySchemes: {
          // Both bearer credentials travel in Authorization; the token's prefix tells them apart.
          adminKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sk_… (read-only: rk_…), or a staff user\'s utk_…',
            description: 'Staff: Authorization: Bearer with an API key sk_… (a read-only rk_… key may only read) or a staff user\'s token utk_… '
              + '(POST /v1/users/token), each within its role (x-action). Back-office use; a key never goes in a browser.',
          },
          userToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'utk_…',
            description: "A staff user's token (POST /v1/users/token): the routes of a user's own profile, which no API key has.",
          },
          channelKey: { type: 'apiKey', in: 'header', name: 'Channel-Key', description: 'Channel key ck_… of a sales channel: the storefront. Public by design.' },
          providerSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Stripe-Signature',
            description: "A payment provider's signature of a webhook's raw body, made with the gateway's webhook_secret (Stripe: Stripe-Signature).",
          },
          customerToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ctk_…',
            description: 'Customer token: Authorization: Bearer ctk_… from POST /v1/customers/token, sent together with the Channel-Key of its channel.',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const access: Access = route.config?.access ?? (url.startsWith('/v1/') ? 'admin' : 'public');
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const { answers, declared } = splitResponses(schema.response);
      const problems = problemStatuses({
        access,
        method,
        hasParams: url.includes(':'),
        hasBody: schema.body !== undefined,
        rateLimited: route.config?.rateLimit !== false,
        declared,
      });
      const documented = {
        ...schema,
        response: answers,
        // A route whose credential is not a key of the store (a provider's signature) names its own.
        security: (schema as { security?: Array<Record<string, string[]>> }).security ?? securityByAccess[access],
        operationId: operationId(method, url),
        'x-problems': problems,
        // What a staff credential's role must allow (roles.ts; docs/api.md "Staff users").
        ...(route.config?.action ? { 'x-action': route.config.action } : {}),
      } as FastifySchema;
      return { schema: documented, url };
    },
    // The whole document, once built: resources named, examples, problems and headers, how requests are written,
    // and each schema written the way every generator reads alike.
    transformObject: (documents) => {
      const document = (documents as { openapiObject: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } } }).openapiObject;
      nameSchemas(document);
      addExamples(document.components.schemas);
      documentResponses(document);
      documentRequests(document.paths);
      return makePortable(document);
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP, uiConfig: { validatorUrl: null } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerErrorDocs(app);
}
