import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import createFetchClient from 'openapi-fetch';
import { ENTRY_POINTS, GENERATORS, generateClient, type Generator } from '../../scripts/client-generator/generators.js';

export { GENERATORS, type Generator } from '../../scripts/client-generator/generators.js';

/** An answer as each generated client gives it, made alike: the status and the parsed body (data or problem). */
export interface Answer {
  status: number;
  body: any;
}

/** Who calls: the storefront with its channel key, or staff with an admin key. */
export type Credential = { channelKey: string } | { adminKey: string };

/** The calls of a purchase, made through one generated client. */
export interface PurchaseClient {
  listProducts(query: Record<string, unknown>): Promise<Answer>;
  createCart(body: Record<string, unknown>): Promise<Answer>;
  /** `POST /v1/carts/{id}/checkout` with no body at all: the route needs none. */
  checkOut(cartId: string): Promise<Answer>;
  updateCheckout(id: string, body: Record<string, unknown>): Promise<Answer>;
  chooseMethods(id: string, body: Record<string, unknown>): Promise<Answer>;
  pay(id: string, body: Record<string, unknown>): Promise<Answer>;
  getCheckout(id: string): Promise<Answer>;
  getOrder(id: string): Promise<Answer>;
}

export interface GeneratedClients {
  /** Where the generated code is. */
  dir: string;
  /** The document they were generated from. */
  document: Record<string, any>;
  /** A purchase client of a generator, for a server and a credential; loading its code may fail, as a generator's own would. */
  clientOf(generator: Generator, baseUrl: string, credential: Credential): Promise<PurchaseClient>;
}

const isChannel = (credential: Credential): credential is { channelKey: string } => 'channelKey' in credential;
const headersOf = (credential: Credential): Record<string, string> =>
  isChannel(credential) ? { 'Channel-Key': credential.channelKey } : { Authorization: `Bearer ${credential.adminKey}` };

/**
 * orval's fetch client calls `fetch` with the document's paths as they are (`/v1/carts`); a mutator,
 * orval's way to set where requests go, puts the server's address in front. It adds no header: what
 * orval sends (its Content-Type above all) is what the test sees.
 */
const ORVAL_MUTATOR = `
export const server = { baseUrl: '' };
export const send = async <T>(url: string, init: RequestInit): Promise<T> => {
  const response = await fetch(new URL(url, server.baseUrl), init);
  const text = await response.text();
  return { status: response.status, data: text === '' ? undefined : JSON.parse(text), headers: response.headers } as T;
};
`;

type Module = Record<string, any>;
const load = (dir: string, file: string): Promise<Module> => import(pathToFileURL(join(dir, file)).href);

/**
 * Fetches the server's `/openapi.json`, generates a client of it with each generator into a new
 * temporary folder, and loads them.
 */
export async function generateClients(baseUrl: string): Promise<GeneratedClients> {
  const document = await (await fetch(new URL('/openapi.json', baseUrl))).json() as Record<string, any>;
  const dir = mkdtempSync(join(tmpdir(), 'storefront-generated-'));
  mkdirSync(join(dir, 'orval'));
  writeFileSync(join(dir, 'orval', 'mutator.ts'), ORVAL_MUTATOR);
  for (const generator of GENERATORS) {
    await generateClient(generator, document, dir, { orvalMutator: { path: join(dir, 'orval', 'mutator.ts'), name: 'send' } });
  }
  const makers: Record<Generator, (baseUrl: string, credential: Credential) => Promise<PurchaseClient>> = {
    // openapi-typescript writes only types: openapi-fetch, which reads no document at run time, is its client.
    'openapi-typescript': async (baseUrl, credential) => {
      const client = createFetchClient<any>({ baseUrl, headers: headersOf(credential) });
      const answer = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Answer> => {
        const { data, error, response } = await call;
        return { status: response.status, body: data ?? error };
      };
      const path = (id: string) => ({ params: { path: { id } } });
      return {
        listProducts: (query) => answer(client.GET('/v1/products', { params: { query } })),
        createCart: (body) => answer(client.POST('/v1/carts', { body })),
        checkOut: (id) => answer(client.POST('/v1/carts/{id}/checkout', path(id))),
        updateCheckout: (id, body) => answer(client.PUT('/v1/checkouts/{id}', { ...path(id), body })),
        chooseMethods: (id, body) => answer(client.POST('/v1/checkouts/{id}/methods', { ...path(id), body })),
        pay: (id, body) => answer(client.POST('/v1/checkouts/{id}/payment', { ...path(id), body })),
        getCheckout: (id) => answer(client.GET('/v1/checkouts/{id}', path(id))),
        getOrder: (id) => answer(client.GET('/v1/orders/{id}', path(id))),
      };
    },
    // hey-api sends the credentials the operation's `security` names, asking `auth` for each scheme.
    'hey-api': async (baseUrl, credential) => {
      const heyApi = await load(dir, ENTRY_POINTS['hey-api']);
      const heyApiClient = await load(dir, 'hey-api/client/index.ts');
      const client = heyApiClient.createClient({
        baseUrl,
        auth: (scheme: { type: string; scheme?: string }) => (isChannel(credential) ? (scheme.type === 'apiKey' ? credential.channelKey : undefined)
          : (scheme.scheme === 'bearer' ? credential.adminKey : undefined)),
      });
      const answer = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Answer> => {
        const { data, error, response } = await call;
        return { status: response.status, body: data ?? error };
      };
      return {
        listProducts: (query) => answer(heyApi.getV1Products({ client, query })),
        createCart: (body) => answer(heyApi.postV1Carts({ client, body })),
        checkOut: (id) => answer(heyApi.postV1CartsIdCheckout({ client, path: { id } })),
        updateCheckout: (id, body) => answer(heyApi.putV1CheckoutsId({ client, path: { id }, body })),
        chooseMethods: (id, body) => answer(heyApi.postV1CheckoutsIdMethods({ client, path: { id }, body })),
        pay: (id, body) => answer(heyApi.postV1CheckoutsIdPayment({ client, path: { id }, body })),
        getCheckout: (id) => answer(heyApi.getV1CheckoutsId({ client, path: { id } })),
        getOrder: (id) => answer(heyApi.getV1OrdersId({ client, path: { id } })),
      };
    },
    // orval's functions take the path parameters, then the body or the query, then fetch's options.
    orval: async (baseUrl, credential) => {
      const orval = await load(dir, ENTRY_POINTS.orval);
      const orvalServer = (await load(dir, 'orval/mutator.ts')).server as { baseUrl: string };
      const init = { headers: headersOf(credential) };
      const answer = async (call: () => Promise<{ status: number; data: unknown }>): Promise<Answer> => {
        orvalServer.baseUrl = baseUrl;
        const { status, data } = await call();
        return { status, body: data };
      };
      return {
        listProducts: (query) => answer(() => orval.getV1Products(query, init)),
        createCart: (body) => answer(() => orval.postV1Carts(body, init)),
        checkOut: (id) => answer(() => orval.postV1CartsIdCheckout(id, undefined, init)),
        updateCheckout: (id, body) => answer(() => orval.putV1CheckoutsId(id, body, init)),
        chooseMethods: (id, body) => answer(() => orval.postV1CheckoutsIdMethods(id, body, init)),
        pay: (id, body) => answer(() => orval.postV1CheckoutsIdPayment(id, body, init)),
        getCheckout: (id) => answer(() => orval.getV1CheckoutsId(id, init)),
        getOrder: (id) => answer(() => orval.getV1OrdersId(id, init)),
      };
    },
    // openapi-typescript-codegen's services share one configuration (`OpenAPI`), set before each call;
    // a call answers the body of a 2xx and throws an ApiError (status, body) otherwise.
    'openapi-typescript-codegen': async (baseUrl, credential) => {
      const codegen = await load(dir, ENTRY_POINTS['openapi-typescript-codegen']);
      const { OpenAPI, ProductsService, CartsService, CheckoutService, OrdersService } = codegen;
      const answer = async (call: () => Promise<unknown>): Promise<Answer> => {
        Object.assign(OpenAPI, { BASE: baseUrl, TOKEN: isChannel(credential) ? undefined : credential.adminKey, HEADERS: isChannel(credential) ? { 'Channel-Key': credential.channelKey } : undefined });
        try {
          return { status: 200, body: await call() };
        } catch (error) {
          if (!(error instanceof codegen.ApiError)) throw error;
          return { status: (error as any).status, body: (error as any).body };
        }
      };
      return {
        listProducts: (query) => answer(() => ProductsService.getV1Products(query)),
        createCart: (body) => answer(() => CartsService.postV1Carts({ requestBody: body })),
        checkOut: (id) => answer(() => CheckoutService.postV1CartsIdCheckout({ id })),
        updateCheckout: (id, body) => answer(() => CheckoutService.putV1CheckoutsId({ id, requestBody: body })),
        chooseMethods: (id, body) => answer(() => CheckoutService.postV1CheckoutsIdMethods({ id, requestBody: body })),
        pay: (id, body) => answer(() => CheckoutService.postV1CheckoutsIdPayment({ id, requestBody: body })),
        getCheckout: (id) => answer(() => CheckoutService.getV1CheckoutsId({ id })),
        getOrder: (id) => answer(() => OrdersService.getV1OrdersId({ id })),
      };
    },
  };
  return { dir, document, clientOf: (generator, url, credential) => makers[generator](url, credential) };
}
