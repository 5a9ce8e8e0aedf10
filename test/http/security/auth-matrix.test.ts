import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, CARDS, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { fillPath, missingId, openApiOperations, sampleBody, sampleRequest, satisfies, type Operation, type SampleRequest } from '../../helpers/routes.js';
import { staffMember } from '../../helpers/staff.js';
import { describeEachDatabase, type Client, type TestResponse } from '../../helpers/test-app.js';

/**
 * Operations of /openapi.json that need no credential, by design, each with its reason. Everything
 * else in the document must refuse a caller without one. (`/openapi.json` and `/docs` are public
 * too, but hidden from the document they serve.)
 */
const EXEMPT: Record<string, string> = {
  'GET /health': 'liveness probe for load balancers (DESIGN.md §1): answers before anything is configured',
  'GET /ready': 'readiness probe for load balancers (DESIGN.md §1): says only whether the database answers',
  'GET /files/{filename}': 'uploaded files are served publicly at their url, for <img> tags and CDNs (DESIGN.md §5 Files)',
  'POST /v1/users/token': 'staff sign in with an email and a password, before they hold any credential (DESIGN.md §10 Staff users)',
  'POST /v1/users/accept': 'an invitation is accepted with its one-time token, before the user holds any credential (DESIGN.md §10 Staff users)',
};

/** What the exempt routes that judge what they are sent answer to an empty body: never a refusal of the caller. */
const EXEMPT_ANSWERS: Record<string, number[]> = {
  'POST /v1/users/token': [401], // the email or the password is wrong
  'POST /v1/users/accept': [422], // the invitation token is missing
};

/**
 * Operations whose credential is a payment provider's signature of the body, not a key of the store,
 * each with its reason: no key of the store lets a request in, a valid signature alone does.
 */
const SIGNED: Record<string, string> = {
  'POST /v1/gateways/{id}/webhooks': "a payment provider's webhooks (docs/api.md, Paying with Stripe): Stripe-Signature, verified with the gateway's webhook_secret",
};

/**
 * Who may call an operation (DESIGN.md §4). Every operation of the document that is neither here nor
 * exempt must be admin-only: a new route is admin-only until it is listed.
 * - `storefront`: a channel key is enough (a customer token with it too), and an admin key may (carts and
 *   checkouts: staff orders);
 * - `channel`: a channel key (a customer token with it too), never an admin key: a sales channel's own;
 * - `customer`: a signed-in customer (token and channel key), or an admin key; a bare channel key is refused;
 * - `signed-in`: a signed-in customer only;
 * - `user`: a staff user's token only (their own profile: an API key is no user).
 */
const STOREFRONT_ACCESS: Record<string, Exclude<Access, 'admin'>> = {
  'GET /v1/users/me': 'user',
  'POST /v1/users/me': 'user',
  'POST /v1/users/me/two_factor': 'user',
  'POST /v1/users/me/two_factor/confirm': 'user',
  'POST /v1/users/me/two_factor/disable': 'user',
  'DELETE /v1/users/token': 'user',
  'GET /v1/store': 'storefront',
  'GET /v1/categories': 'storefront',
  'GET /v1/categories/tree': 'storefront',
  'GET /v1/categories/{id}': 'storefront',
  'GET /v1/categories/{id}/tree': 'storefront',
  'GET /v1/categories/{id}/products': 'storefront',
  'GET /v1/collections': 'storefront',
  'GET /v1/collections/{id}': 'storefront',
  'GET /v1/collections/{id}/products': 'storefront',
  'GET /v1/products': 'storefront',
  'GET /v1/products/{id}': 'storefront',
  'GET /v1/products/{id}/skus': 'storefront',
  'GET /v1/skus': 'storefront',
  'GET /v1/skus/{id}': 'storefront',
  'GET /v1/blogs': 'storefront',
  'GET /v1/blogs/{id}': 'storefront',
  'GET /v1/posts': 'storefront',
  'GET /v1/posts/{id}': 'storefront',
  'GET /v1/pages': 'storefront',
  'GET /v1/pages/{id}': 'storefront',
  'GET /v1/countries': 'storefront',
  'GET /v1/countries/{code}/states': 'storefront',
  'GET /v1/markets': 'storefront',
  'GET /v1/markets/{id}': 'storefront',
  'GET /v1/gateways': 'storefront',
  'GET /v1/gateways/{id}': 'storefront',
  'POST /v1/customers': 'storefront',
  'POST /v1/customers/token': 'channel',
  'POST /v1/customers/verify': 'channel',
  'POST /v1/customers/password_reset': 'channel',
  'POST /v1/customers/password': 'channel',
  'POST /v1/gift_cards/balance': 'channel',
  'POST /v1/carts': 'storefront',
  'GET /v1/carts/{id}': 'storefront',
  'PUT /v1/carts/{id}': 'storefront',
  'POST /v1/carts/{id}/checkout': 'storefront',
  'GET /v1/checkouts/{id}': 'storefront',
  'PUT /v1/checkouts/{id}': 'storefront',
  'POST /v1/checkouts/{id}/methods': 'storefront',
  'POST /v1/checkouts/{id}/payment': 'storefront',
  'DELETE /v1/customers/token': 'signed-in',
  'GET /v1/customers/{id}': 'customer',
  'POST /v1/customers/{id}': 'customer',
  'POST /v1/customers/{id}/verification': 'customer',
  'GET /v1/customers/{id}/addresses': 'customer',
  'POST /v1/customers/{id}/addresses': 'customer',
  'GET /v1/customers/{id}/addresses/{addressId}': 'customer',
  'POST /v1/customers/{id}/addresses/{addressId}': 'customer',
  'DELETE /v1/customers/{id}/addresses/{addressId}': 'customer',
  'GET /v1/orders': 'customer',
  'GET /v1/orders/{id}': 'customer',
};

/**
 * Bodies a storefront would really send, where the smallest body the schema accepts would be refused
 * by the service's own rules (an address without its street): a refusal must come from who is
 * asking, not from what is sent. Other operations get `sampleBody` of their schema.
 */
const PLAUSIBLE_BODIES: Record<string, unknown> = {
  'POST /v1/customers/{id}': { email: 'mallory@example.com', first_name: 'Mallory' },
  'POST /v1/customers/{id}/addresses': { ...ADDRESS, first_name: 'Mallory' },
  'POST /v1/customers/{id}/addresses/{addressId}': { city: 'Boston' },
  'PUT /v1/carts/{id}': { note: 'leave at the door' },
  'POST /v1/carts/{id}/checkout': {},
  'PUT /v1/checkouts/{id}': { customer: { email: 'mallory@example.com' }, shipping: ADDRESS },
  'POST /v1/checkouts/{id}/methods': { shipping: { method: missingId('shr') }, payment: { gateway: missingId('gtw') } },
  'POST /v1/checkouts/{id}/payment': { payment: { method: 'card', card_number: CARDS.good } },
};

const bodyOf = (operation: Operation): unknown => PLAUSIBLE_BODIES[operation.key] ?? (operation.body ? sampleBody(operation.body.schema) : undefined);
const requestOf = (operation: Operation): SampleRequest => sampleRequest(operation, PLAUSIBLE_BODIES[operation.key]);

type Access = 'admin' | 'storefront' | 'channel' | 'customer' | 'signed-in' | 'user';

/** The `security` the document must declare for each access (src/http/openapi.ts). */
const SECURITY: Record<Access, string[][]> = {
  admin: [['adminKey']],
  storefront: [['channelKey'], ['channelKey', 'customerToken'], ['adminKey']],
  channel: [['channelKey'], ['channelKey', 'customerToken']],
  customer: [['channelKey', 'customerToken'], ['adminKey']],
  'signed-in': [['channelKey', 'customerToken']],
  user: [['userToken']],
};

/** Whether the document lets this scheme alone, or with others, call the operation. */
const declares = (operation: Operation, scheme: string) => operation.security.some((alternative) => alternative.includes(scheme));

/** Path segments whose ids name records a customer owns; they are isolated per customer. */
const OWNED_SEGMENTS = ['customers', 'addresses', 'orders', 'carts', 'checkouts'] as const;
type Owned = (typeof OWNED_SEGMENTS)[number];
/** Path segments whose ids name records every storefront caller shares (catalogue, content, reference data). */
const SHARED_SEGMENTS = ['categories', 'collections', 'products', 'skus', 'blogs', 'posts', 'pages', 'gateways', 'countries', 'markets'];

const accessOf = (operation: Operation): Access => STOREFRONT_ACCESS[operation.key] ?? 'admin';
const isRead = (operation: Operation) => operation.method === 'GET';
/** Reads the read-only role is refused (roles.ts): the control sends an admin key to them. */
const READS_BEYOND_READ_ONLY = new Set(['GET /v1/audit_log']);
/** Carts and checkouts belong to the sales channel that made them (and to staff). */
const isCartOrCheckout = (operation: Operation) => /^\/v1\/(carts|checkouts)\//.test(operation.path);

/** Why a response is not the problem expected, or null when it is. */
function problemMismatch(res: TestResponse, status: number, code: string): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (res.status === status && type.startsWith('application/problem+json') && res.body?.code === code && res.body?.status === status) return null;
  return `${res.status} ${type.split(';')[0]} ${res.text.slice(0, 160)}`;
}

/** The segment each path parameter follows: `/v1/customers/{id}/addresses/{addressId}` → customers, addresses. */
function paramSegments(path: string): Record<string, string> {
  const segments = path.split('/');
  const found: Record<string, string> = {};
  segments.forEach((segment, i) => {
    const match = /^\{(.+)\}$/.exec(segment);
    if (match) found[match[1]!] = segments[i - 1] ?? '';
  });
  return found;
}

describeEachDatabase('auth matrix: every route of /openapi.json', (t) => {
  let operations: Operation[];
  let checked: Operation[];
  const admin = () => ({ authorization: `Bearer ${t.adminKey}` });
  const channel = () => ({ 'channel-key': t.channelKey });
  /** A read-only admin key (`rk_…`). */
  let readOnly: Record<string, string>;
  /** A signed-in customer: its token with the channel key. */
  let customer: Record<string, string>;
  /** A signed-in staff user of the read_only role. */
  let user: Record<string, string>;

  /** Sends one operation (path ids that name nothing, a body its schema accepts) with these headers. */
  async function call(operation: Operation, headers: Record<string, string>, values?: Record<string, string>, request: SampleRequest = requestOf(operation)): Promise<TestResponse> {
    const response = await t.app.inject({
      method: operation.method,
      url: fillPath(operation.path, values),
      headers: { ...request.headers, ...headers },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    let body: any;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body, text: response.body };
  }

  /** Sends each operation with the headers and lists those whose answer is not this problem. */
  async function refusals(list: Operation[], headers: Record<string, string>, status: number, code: string, request?: (op: Operation) => SampleRequest): Promise<string[]> {
    const wrong: string[] = [];
    for (const operation of list) {
      const mismatch = problemMismatch(await call(operation, headers, undefined, request?.(operation)), status, code);
      if (mismatch) wrong.push(`${operation.key} → ${mismatch}`);
    }
    return wrong;
  }

  async function signedInCustomer(channelKey = t.channelKey): Promise<{ id: string; token: string; headers: Record<string, string>; client: Client }> {
    const email = `${uniqueWord()}@example.com`;
    const password = `pw-${uniqueWord()}`;
    const signUp = await t.as({ 'channel-key': channelKey }).post('/v1/customers', { email, password, first_name: 'Auth', last_name: 'Matrix' });
    expect(signUp.status, signUp.text).toBe(201);
    const signIn = await t.as({ 'channel-key': channelKey }).post('/v1/customers/token', { email, password });
    expect(signIn.status, signIn.text).toBe(200);
    const token: string = signIn.body.data.token;
    const headers = { authorization: `Bearer ${token}`, 'channel-key': channelKey };
    return { id: signUp.body.data.id, token, headers, client: t.as(headers) };
  }

  beforeAll(async () => {
    operations = await openApiOperations(t.app);
    checked = operations.filter((operation) => EXEMPT[operation.key] === undefined && SIGNED[operation.key] === undefined);
    const key = await t.admin.post('/v1/api_keys', { name: 'auth matrix reader', read_only: true });
    expect(key.status, key.text).toBe(201);
    expect(key.body.data.token).toMatch(/^rk_/);
    readOnly = { authorization: `Bearer ${key.body.data.token}` };
    customer = (await signedInCustomer()).headers;
    user = { authorization: `Bearer ${(await staffMember(t, 'read_only')).token}` };
  });

  describe('the list of routes', () => {
    it('finds the routes of every area in the document', () => {
      const areas = new Set(operations.map((operation) => operation.path.split('/')[2]));
      for (const area of ['store', 'api_keys', 'products', 'customers', 'carts', 'checkouts', 'orders', 'webhooks', 'files']) expect(areas).toContain(area);
    });

    it('checks every operation that needs no credential only when it is listed as exempt, and every exemption still exists', () => {
      const keys = new Set(operations.map((operation) => operation.key));
      const staleExemptions = Object.keys(EXEMPT).filter((key) => !keys.has(key));
      expect(staleExemptions, 'exempt routes missing from /openapi.json: remove them from EXEMPT').toEqual([]);
      const publicButNotExempt = operations.filter((op) => op.security.length === 0 && EXEMPT[op.key] === undefined).map((op) => op.key);
      expect(publicButNotExempt, 'routes the document declares public: give them an access or list them in EXEMPT with a reason').toEqual([]);
      const exemptButSecured = operations.filter((op) => EXEMPT[op.key] !== undefined && op.security.length > 0).map((op) => op.key);
      expect(exemptButSecured, 'exempt routes that now need a credential: remove them from EXEMPT').toEqual([]);
    });

    it('declares in the document exactly the access this test expects of each route', () => {
      const keys = new Set(operations.map((operation) => operation.key));
      const staleAccess = Object.keys(STOREFRONT_ACCESS).filter((key) => !keys.has(key));
      expect(staleAccess, 'routes of STOREFRONT_ACCESS missing from /openapi.json').toEqual([]);
      const differing = checked
        .filter((operation) => JSON.stringify(operation.security) !== JSON.stringify(SECURITY[accessOf(operation)]))
        .map((operation) => `${operation.key}: documented ${JSON.stringify(operation.security)}, expected ${accessOf(operation)}`);
      expect(differing).toEqual([]);
    });

    it('has a plausible sample for every request: ids fill every path and each body satisfies its schema', () => {
      const keys = new Set(operations.map((operation) => operation.key));
      expect(Object.keys(PLAUSIBLE_BODIES).filter((key) => !keys.has(key)), 'PLAUSIBLE_BODIES of routes missing from /openapi.json').toEqual([]);
      const invalid = checked
        .filter((operation) => operation.body?.type === 'application/json')
        .filter((operation) => !satisfies(operation.body!.schema, bodyOf(operation)))
        .map((operation) => `${operation.key}: ${JSON.stringify(bodyOf(operation))}`);
      expect(invalid).toEqual([]);
      for (const operation of checked) expect(fillPath(operation.path)).not.toMatch(/[{}]/);
    });

    it('documents the signed routes as taking the provider\'s signature only, and lets no key of the store in without it (401)', async () => {
      const signed = operations.filter((op) => SIGNED[op.key] !== undefined);
      expect(signed.map((op) => op.key).sort()).toEqual(Object.keys(SIGNED).sort());
      for (const op of signed) expect(op.security, op.key).toEqual([['providerSignature']]);
      const gateway = await t.admin.post('/v1/gateways', {
        name: 'Signed', source: `signed-${uniqueWord()}`, driver: 'stripe',
        // A closed local port as Stripe's address: its key is saved unchecked, asking no real Stripe.
        settings: { publishable_key: 'pk_test_1', secret_key: 'sk_test_1', webhook_secret: 'whsec_1', api_base: 'http://127.0.0.1:9' },
      });
      expect(gateway.status, gateway.text).toBe(201);
      for (const headers of [{}, { authorization: `Bearer ${t.adminKey}` }, { 'channel-key': t.channelKey }, customer]) {
        const res = await t.as(headers).post(`/v1/gateways/${gateway.body.data.id}/webhooks`, { id: 'evt_1', type: 'payment_intent.succeeded' });
        expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(401);
        expect(res.body.code).toBe('unauthorized');
      }
    });

    it('lets anyone call the exempt routes', async () => {
      for (const operation of operations.filter((op) => EXEMPT[op.key] !== undefined)) {
        const res = await call(operation, {});
        expect(EXEMPT_ANSWERS[operation.key] ?? [200, 404], `${operation.key}: ${res.text}`).toContain(res.status);
        if (res.status === 404) expect(res.body.code).toBe('not_found');
      }
    });
  });

  describe('who may call each route', () => {
    it('refuses every checked route without a credential (401 unauthorized)', async () => {
      expect(await refusals(checked, {}, 401, 'unauthorized')).toEqual([]);
    });

    it('refuses an unknown admin key, read-only key, customer token or channel key on every checked route (401 unauthorized)', async () => {
      const unknown: Array<Record<string, string>> = [
        { authorization: `Bearer sk_${'0'.repeat(32)}` },
        { authorization: `Bearer rk_${'0'.repeat(32)}` },
        { authorization: `Bearer ctk_${'0'.repeat(32)}`, 'channel-key': t.channelKey },
        { 'channel-key': `ck_${'0'.repeat(32)}` },
      ];
      for (const headers of unknown) expect(await refusals(checked, headers, 401, 'unauthorized'), JSON.stringify(headers)).toEqual([]);
    });

    it('checks the credential before reading the body: a malformed or invalid body still gets 401', async () => {
      const writes = checked.filter((operation) => operation.body !== null);
      const malformed = () => ({ payload: '{"not json', headers: { 'content-type': 'application/json' } });
      expect(await refusals(writes, {}, 401, 'unauthorized', malformed)).toEqual([]);
      const empty = () => ({ payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(await refusals(writes, {}, 401, 'unauthorized', empty)).toEqual([]);
      const unsupported = () => ({ payload: 'plain words', headers: { 'content-type': 'text/plain' } });
      expect(await refusals(writes, {}, 401, 'unauthorized', unsupported)).toEqual([]);
    });

    it('refuses a channel key on every admin-only route (403 forbidden)', async () => {
      const adminOnly = checked.filter((operation) => accessOf(operation) === 'admin');
      expect(adminOnly.length).toBeGreaterThan(0);
      expect(await refusals(adminOnly, channel(), 403, 'forbidden')).toEqual([]);
    });

    it('refuses a channel key without a customer token on every customer route (403 forbidden)', async () => {
      const customerOnly = checked.filter((operation) => accessOf(operation) === 'customer' || accessOf(operation) === 'signed-in');
      expect(customerOnly.length).toBeGreaterThan(0);
      expect(await refusals(customerOnly, channel(), 403, 'forbidden')).toEqual([]);
    });

    it('refuses a signed-in customer on every admin-only route (403 forbidden)', async () => {
      const adminOnly = checked.filter((operation) => accessOf(operation) === 'admin');
      expect(await refusals(adminOnly, customer, 403, 'forbidden')).toEqual([]);
    });

    it('refuses a read-only key on every route that writes (403 forbidden), checked routes of every access included', async () => {
      const writes = checked.filter((operation) => !isRead(operation));
      expect(writes.length).toBeGreaterThan(0);
      expect(await refusals(writes, readOnly, 403, 'forbidden')).toEqual([]);
    });

    it('refuses an admin key and a read-only key on every route whose security does not declare adminKey (403 forbidden or 404 not_found)', async () => {
      const notAdmin = checked.filter((operation) => !declares(operation, 'adminKey'));
      expect(notAdmin.map((operation) => operation.key)).toEqual(expect.arrayContaining(['POST /v1/customers/token', 'POST /v1/customers/verify', 'DELETE /v1/customers/token']));
      for (const headers of [admin(), readOnly]) {
        const wrong: string[] = [];
        for (const operation of notAdmin) {
          const res = await call(operation, headers);
          if (problemMismatch(res, 403, 'forbidden') !== null && problemMismatch(res, 404, 'not_found') !== null) wrong.push(`${operation.key} → ${res.status} ${res.text.slice(0, 160)}`);
        }
        expect(wrong, headers.authorization!.slice(0, 10)).toEqual([]);
      }
    });

    it('refuses a channel key alone, and a customer token, on every route whose security does not declare them (403 forbidden or 404 not_found)', async () => {
      const refusedTo = (alternative: string[]) => checked.filter((operation) => !operation.security.some((declared) => JSON.stringify(declared) === JSON.stringify(alternative)));
      for (const [alternative, headers] of [[['channelKey'], channel()], [['channelKey', 'customerToken'], customer]] as const) {
        const wrong: string[] = [];
        for (const operation of refusedTo([...alternative])) {
          const res = await call(operation, headers);
          if (problemMismatch(res, 403, 'forbidden') !== null && problemMismatch(res, 404, 'not_found') !== null) wrong.push(`${operation.key} → ${res.status} ${res.text.slice(0, 160)}`);
        }
        expect(wrong, alternative.join(' + ')).toEqual([]);
      }
    });

    it('lets every credential each route declares through (control): reads and writes of missing records answer 200 or 404, never 401/403/422', async () => {
      const wrong: string[] = [];
      // Writes without a path id would make records (or, DELETE /v1/customers/token, sign the caller out).
      const harmless = checked.filter((operation) => isRead(operation) || operation.pathParams.length > 0);
      for (const operation of harmless) {
        for (const alternative of operation.security) {
          const scheme = alternative.join(' + ');
          const headers = scheme === 'channelKey' ? channel() : scheme === 'channelKey + customerToken' ? customer : scheme === 'userToken' ? user
            : isRead(operation) && !READS_BEYOND_READ_ONLY.has(operation.key) ? readOnly : admin();
          const res = await call(operation, headers);
          const expected = operation.pathParams.length > 0 ? 404 : 200;
          if (expected === 404 ? problemMismatch(res, 404, 'not_found') !== null : res.status !== 200) {
            wrong.push(`${operation.key} (${scheme}) → ${res.status} ${res.text.slice(0, 160)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  describe('customers and channels see only their own records', () => {
    /** Operations a signed-in customer may call whose path names a record a customer owns. */
    function ownedOperations(): Array<{ operation: Operation; owned: Record<string, Owned> }> {
      const found: Array<{ operation: Operation; owned: Record<string, Owned> }> = [];
      for (const operation of checked) {
        if (!operation.security.some((alternative) => alternative.includes('customerToken'))) continue;
        const segments = paramSegments(operation.path);
        const owned: Record<string, Owned> = {};
        for (const [param, segment] of Object.entries(segments)) {
          if ((OWNED_SEGMENTS as readonly string[]).includes(segment)) owned[param] = segment as Owned;
          else if (!SHARED_SEGMENTS.includes(segment)) throw new Error(`${operation.key}: is {${param}} of ${segment} a customer's record or a shared one? Add ${segment} to OWNED_SEGMENTS or SHARED_SEGMENTS`);
        }
        if (Object.keys(owned).length > 0) found.push({ operation, owned });
      }
      return found;
    }

    it('answers 404 to a customer on every route naming another customer, its addresses, orders, carts or checkouts', async () => {
      const a = await signedInCustomer();
      const b = await signedInCustomer();
      const address = await a.client.post(`/v1/customers/${a.id}/addresses`, { ...ADDRESS, first_name: 'Alice' });
      expect(address.status, address.text).toBe(201);
      const cart = await a.client.post('/v1/carts', {});
      expect(cart.status, cart.text).toBe(201);
      const checkout = await readyCheckout(t, { client: a.client, until: 'data' });
      const order = await placedOrder(t, { client: a.client });
      const records: Record<Owned, string> = {
        customers: a.id,
        addresses: address.body.data.id,
        carts: cart.body.data.id,
        checkouts: checkout.orderId,
        orders: order.orderId,
      };

      const owned = ownedOperations();
      const covered = new Set(owned.map(({ operation }) => operation.key));
      for (const key of ['GET /v1/customers/{id}', 'POST /v1/customers/{id}/addresses', 'DELETE /v1/customers/{id}/addresses/{addressId}', 'GET /v1/orders/{id}', 'PUT /v1/carts/{id}', 'POST /v1/checkouts/{id}/payment']) {
        expect(covered).toContain(key);
      }

      const wrong: string[] = [];
      for (const { operation, owned: params } of owned) {
        const values = Object.fromEntries(Object.entries(params).map(([param, segment]) => [param, records[segment]]));
        const mismatch = problemMismatch(await call(operation, b.headers, values), 404, 'not_found');
        if (mismatch) wrong.push(`${operation.key} → ${mismatch}`);
      }
      // A's address through B's own customer path.
      const crossed = await b.client.get(`/v1/customers/${b.id}/addresses/${records.addresses}`);
      const crossedMismatch = problemMismatch(crossed, 404, 'not_found');
      if (crossedMismatch) wrong.push(`GET /v1/customers/{B}/addresses/{A's} → ${crossedMismatch}`);
      // A's cart and checkouts (the placed order's included) are not open to whoever holds the channel key.
      for (const { operation, owned: params } of owned.filter(({ operation }) => isCartOrCheckout(operation))) {
        const ids = Object.values(params).includes('checkouts') ? [records.checkouts, records.orders] : [records.carts];
        for (const id of ids) {
          for (const [who, headers] of [['B', b.headers], ['the bare channel key', channel()]] as const) {
            const mismatch = problemMismatch(await call(operation, headers, { id }), 404, 'not_found');
            if (mismatch) wrong.push(`${operation.key} (${id}) by ${who} → ${mismatch}`);
          }
        }
      }
      expect(wrong).toEqual([]);

      // B's list of orders does not show A's.
      const list = await b.client.get('/v1/orders?per_page=250');
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((o: { id: string }) => o.id)).not.toContain(records.orders);

      // Control: A reaches each of its records, still unchanged by B's attempts; so does a read-only
      // key wherever the document declares an admin key, and nowhere else.
      for (const { operation, owned: params } of owned.filter(({ operation }) => isRead(operation))) {
        const values = Object.fromEntries(Object.entries(params).map(([param, segment]) => [param, records[segment]]));
        const res = await call(operation, a.headers, values);
        expect(res.status, `${operation.key}: ${res.text}`).toBe(200);
        const staff = await call(operation, readOnly, values);
        if (declares(operation, 'adminKey')) expect(staff.status, `${operation.key} by a read-only key: ${staff.text}`).toBe(200);
        else expect([403, 404], `${operation.key} by a read-only key: ${staff.text}`).toContain(staff.status);
      }
      const kept = await a.client.get(`/v1/customers/${a.id}/addresses/${records.addresses}`);
      expect(kept.body.data.first_name).toBe('Alice');
    });

    it('answers 404 to another channel\'s key on every route naming a cart or checkout made through this channel', async () => {
      const otherChannel = await t.admin.post('/v1/channels', { name: `Other ${uniqueWord()}` });
      expect(otherChannel.status, otherChannel.text).toBe(201);
      const issued = await t.admin.post(`/v1/channels/${otherChannel.body.data.id}/keys`);
      expect(issued.status, issued.text).toBe(201);
      const other = { 'channel-key': issued.body.data.token as string };

      const cart = await t.storefront.post('/v1/carts', {});
      expect(cart.status, cart.text).toBe(201);
      const checkout = await readyCheckout(t, { until: 'data' });
      const records: Record<string, string> = { carts: cart.body.data.id, checkouts: checkout.orderId };

      const routes = checked.filter((operation) => isCartOrCheckout(operation) && operation.pathParams.length > 0);
      expect(routes.map((operation) => operation.key)).toEqual(expect.arrayContaining(['GET /v1/carts/{id}', 'PUT /v1/carts/{id}', 'POST /v1/carts/{id}/checkout', 'GET /v1/checkouts/{id}', 'PUT /v1/checkouts/{id}', 'POST /v1/checkouts/{id}/methods', 'POST /v1/checkouts/{id}/payment']));
      const wrong: string[] = [];
      for (const operation of routes) {
        const id = records[operation.path.split('/')[2]!]!;
        const mismatch = problemMismatch(await call(operation, other, { id }), 404, 'not_found');
        if (mismatch) wrong.push(`${operation.key} → ${mismatch}`);
      }
      expect(wrong).toEqual([]);

      // A customer token goes only with its own channel's key.
      const signedIn = await signedInCustomer();
      const elsewhere = t.as({ authorization: `Bearer ${signedIn.token}`, 'channel-key': issued.body.data.token });
      const refused = await elsewhere.get(`/v1/customers/${signedIn.id}`);
      expect(problemMismatch(refused, 401, 'unauthorized')).toBeNull();

      // Control: this channel still reaches both.
      expect((await t.storefront.get(`/v1/carts/${records.carts}`)).status).toBe(200);
      expect((await t.storefront.get(`/v1/checkouts/${records.checkouts}`)).status).toBe(200);
    });
  });
});
