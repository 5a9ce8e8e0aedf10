import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import type { Access } from './auth.js';
import { registerErrorDocs } from './error-docs.js';
import type { App } from './types.js';

/** What each access (auth.ts) accepts, as the document's `security`: exactly what the server lets in. */
const securityByAccess: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  storefront: [{ channelKey: [] }, { channelKey: [], customerToken: [] }, { adminKey: [] }],
  channel: [{ channelKey: [] }, { channelKey: [], customerToken: [] }],
  customer: [{ channelKey: [], customerToken: [] }, { adminKey: [] }],
  'signed-in': [{ channelKey: [], customerToken: [] }],
  admin: [{ adminKey: [] }],
};

/** `get /v1/collections/:id/products` → `getV1CollectionsIdProducts`: unique and stable. */
function operationId(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Problems leave as `application/problem+json` (DESIGN.md §3), so the document says so; the route's
 * own response schemas, which serialise the answers, are left as they are.
 */
function documentProblems(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  return Object.fromEntries(
    Object.entries(response as Record<string, { description?: string }>).map(([status, body]) =>
      /^[45]/.test(status)
        ? [status, { description: body.description ?? 'Problem details', content: { 'application/problem+json': { schema: body } } }]
        : [status, body],
    ),
  );
}

type Parameter = { in: string; schema?: { type?: unknown }; style?: string; explode?: boolean };
type Operations = Record<string, Record<string, { parameters?: Parameter[] }>>;

/**
 * Object-valued query parameters are read with bracket names (`price[min]=1000`, DESIGN.md §2):
 * OpenAPI calls that `deepObject`. Without it a generated client follows the default (`form`) and
 * sends `min=1000`.
 */
function describeDeepObjects(paths: Operations): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query' || parameter.schema?.type !== 'object') continue;
        parameter.style = 'deepObject';
        parameter.explode = true;
      }
    }
  }
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
        description: 'Headless commerce API: catalogue, customers, carts, checkouts, orders, events and webhooks.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          adminKey: { type: 'http', scheme: 'bearer', description: 'Admin key sk_… (or read-only rk_…)' },
          channelKey: { type: 'apiKey', in: 'header', name: 'Channel-Key', description: 'Channel key ck_… of a sales channel' },
          customerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Customer token ctk_… from POST /v1/customers/token, sent with the Channel-Key of its channel',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const access: Access = route.config?.access ?? (url.startsWith('/v1/') ? 'admin' : 'public');
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const documented = {
        ...schema,
        ...(schema.response ? { response: documentProblems(schema.response) } : {}),
        security: securityByAccess[access],
        operationId: operationId(method, url),
      } as FastifySchema;
      return { schema: documented, url };
    },
    transformObject: (documents) => {
      const document = (documents as { openapiObject: { paths: Operations } }).openapiObject;
      describeDeepObjects(document.paths);
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerErrorDocs(app);
}
