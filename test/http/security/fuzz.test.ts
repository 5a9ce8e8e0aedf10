import { connect } from 'node:net';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { MAX_HEADER_BYTES } from '../../../src/app.js';
import { ADDRESS, CARDS, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { uploadFile } from '../../helpers/files.js';
import { assertInvariants, stockBaseline, type StockBaseline } from '../../helpers/invariants.js';
import {
  operationsOf, percentEncode, requestArbitrary, type FuzzRequest, type FuzzWorld, type OpenApiDocument, type Operation,
} from '../../helpers/openapi-arbitraries.js';
import { createTestApp, describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/**
 * Hostile input, black-box: thousands of requests generated from the app's own OpenAPI document and
 * then bent (wrong types, missing and unknown fields, huge strings and numbers, unicode, deep nesting,
 * SQL and path traversal, malformed bodies) never get a 5xx, every 4xx is a problem, every status is one
 * the document lists for the operation, no answer leaks a stack or SQL, and the store's invariants hold
 * afterwards. Then the limits: body size, header size, query size.
 *
 * A failure prints fast-check's seed and path, and the request and answer at fault;
 * `FUZZ_SEED=<seed> FUZZ_PATH=<path>` replays it. `FUZZ_RUNS` changes the number of requests,
 * `FUZZ_NO_SHRINK=1` reports the first failure as found, `FUZZ_STATS=1` prints the statuses answered
 * per operation and the kinds of input sent.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_412);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const PATH = process.env.FUZZ_PATH;

/** The test app's body limit (test/helpers/test-app.ts). */
const BODY_LIMIT = 1024 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** Text that only an error escaping its handler would put in an answer. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack trace', /\n\s+at\s+\S/],
  ['a stack frame', /\bat [\w.<>$]+ \((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)/],
  ['a source path', /(?:node_modules\/|\/src\/[\w/.-]+\.[jt]s\b|node:internal)/],
  ['an SQLite error', /SQLITE_[A-Z_]+|no such (?:table|column)|constraint failed|near "[^"]*": syntax error/],
  ['a PostgreSQL error', /syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|relation "[^"]+" does not exist|invalid input syntax for|invalid byte sequence for encoding|column "[^"]+" (?:does not exist|of relation)/i],
  ['SQL text', /\b(?:select|insert into|update|delete from)\s+(?:"|\*\s+from\s+")|\bfrom "[a-z_]+"|\bwhere "[a-z_]+"/i],
  ['a local file', /root:x:0:0|"allowScripts"|\[boot loader\]/],
];

function header(answer: Answer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined
    ? 'no body'
    : `${request.payload.length} ${Buffer.isBuffer(request.payload) ? 'bytes' : 'chars'}: ${JSON.stringify(request.payload.toString().slice(0, 300))}`;
  const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${JSON.stringify(v.slice(0, 80))}`).join('; ');
  return `${request.method} ${request.url.slice(0, 300)}${request.url.length > 300 ? `… (${request.url.length} chars)` : ''}\n  headers: ${headers}\n  body: ${payload}\n  kinds: ${request.kinds.join(', ')}`;
}

/** Whatever broke in an answer: a 5xx, a 4xx that is not a problem, a leak. Empty when it is fine. */
function faultsOf(request: { method: string; text: string }, answer: Answer): string[] {
  const faults: string[] = [];
  if (answer.status >= 500) faults.push(`answered ${answer.status}`);
  if (answer.status >= 400) {
    const type = header(answer, 'content-type');
    if (!/^application\/problem\+json/.test(type)) faults.push(`a ${answer.status} with content-type ${JSON.stringify(type)}, not application/problem+json`);
    if (request.method !== 'HEAD') {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(answer.body) as Record<string, unknown>;
      } catch {
        faults.push(`a ${answer.status} whose body is not JSON`);
      }
      if (body) {
        for (const member of ['type', 'title', 'code'] as const) {
          if (typeof body[member] !== 'string' || body[member] === '') faults.push(`a ${answer.status} problem without a ${member}`);
        }
        if (body.status !== answer.status) faults.push(`a ${answer.status} problem whose status member is ${JSON.stringify(body.status)}`);
      }
    }
  }
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(answer.body);
    // Text the request itself carried may come back (a product named "' OR 1=1 --"); only new text leaks.
    if (match && !request.text.includes(match[0])) faults.push(`the body holds ${what}: ${JSON.stringify(answer.body.slice(Math.max(0, match.index - 100), match.index + 200))}`);
  }
  return faults;
}

/**
 * Sends a request through `app.inject`, or over a real connection when its path must arrive as
 * written: inject resolves `../` and rejects what the WHATWG URL parser cannot read (`/\`).
 */
async function send(t: TestContext, request: FuzzRequest): Promise<Answer> {
  if (request.kinds.includes('raw path param')) return sendOverSocket(t, request);
  try {
    const response = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_INVALID_URL') throw error;
    return sendOverSocket(t, request);
  }
}

/** The request as bytes on a fresh connection to the listening app. */
async function sendOverSocket(t: TestContext, request: FuzzRequest): Promise<Answer> {
  const { port } = t.app.server.address() as { port: number };
  const payload = request.payload === undefined ? undefined : Buffer.isBuffer(request.payload) ? request.payload : Buffer.from(request.payload);
  const headers = { host: '127.0.0.1', ...request.headers, ...(payload ? { 'content-length': String(payload.length) } : {}), connection: 'close' };
  const head = `${request.method} ${request.url} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  const answer = await rawExchange(port, payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head);
  return { status: answer.status, headers: answer.headers, body: answer.body };
}

/** Sends a request and fails with the request and the answer when the answer is at fault. */
async function sendAndCheck(t: TestContext, request: FuzzRequest): Promise<Answer> {
  const answer = await send(t, request);
  const text = [request.url, decodeSafely(request.url), request.payload?.toString() ?? '', ...Object.values(request.headers)].join('\n');
  const faults = faultsOf({ method: request.method, text }, answer);
  if (faults.length > 0) {
    throw new Error(`${faults.join('; ')}\n  request: ${describeRequest(request)}\n  answer: ${answer.status} ${answer.body.slice(0, 600)}`);
  }
  return answer;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A request as a test writes it by hand. */
function request(method: string, url: string, headers: Record<string, string> = {}, payload?: string | Buffer): FuzzRequest {
  return { method, url, headers, ...(payload !== undefined ? { payload } : {}), kinds: ['by hand'] };
}

/** Routes outside the document (hidden or static) that hostile paths go for. */
const UNDOCUMENTED: Operation[] = [
  { method: 'GET', path: '/openapi.json', pathParams: [], queryParams: [] },
  { method: 'GET', path: '/docs/static/{file}', pathParams: [{ name: 'file', schema: { type: 'string' }, required: true }], queryParams: [] },
  { method: 'GET', path: '/docs/{page}', pathParams: [{ name: 'page', schema: { type: 'string' }, required: true }], queryParams: [] },
  { method: 'GET', path: '/{anything}', pathParams: [{ name: 'anything', schema: { type: 'string' }, required: true }], queryParams: [] },
];

interface Seeded {
  world: FuzzWorld;
  operations: Operation[];
  customer: { id: string; email: string; password: string; credential: Record<string, string> };
}

/**
 * A little real data, so generated requests can name records that exist and reach the code behind
 * the lookups: a paid and partly shipped order, a checkout ready to pay, a cart, a product with two
 * skus, a signed-in customer with an address, and one of each other kind.
 */
async function seed(t: TestContext): Promise<Seeded> {
  const ok = async (promise: Promise<{ status: number; text: string; body: any }>) => {
    const res = await promise;
    expect([200, 201], res.text).toContain(res.status);
    return res.body.data;
  };
  const placed = await placedOrder(t, { items: [{ quantity: 2, stock: 50 }] });
  const productId = placed.skus[0]!.productId;
  const secondSku = await ok(t.admin.post('/v1/skus', { product_id: productId, price: 750, stock_policy: 'overall', in_stock: 20, code: `FZ-${uniqueWord()}` }));
  const ready = await readyCheckout(t, { items: [{ skuId: placed.skus[0]!.id }, { skuId: secondSku.id }], gateway: placed.gatewayId, rateId: placed.rateId });
  const cart = await ok(t.storefront.post('/v1/carts', { items: { [secondSku.id]: 1 } }));
  const orderItemId: string = placed.order.items[0].id;
  const fulfillment = await ok(t.admin.post(`/v1/orders/${placed.orderId}/fulfillments`, { items: [{ id: orderItemId, quantity: 1 }] }));

  const email = `${uniqueWord()}@example.com`;
  const password = 'correct horse battery';
  const customer = await ok(t.storefront.post('/v1/customers', { email, password, first_name: 'Fuzz', last_name: 'Buyer' }));
  const token: string = (await ok(t.storefront.post('/v1/customers/token', { email, password }))).token;
  const address = await ok(t.admin.post(`/v1/customers/${customer.id}/addresses`, ADDRESS));

  const category = await ok(t.admin.post('/v1/categories', { title: `Category ${uniqueWord()}` }));
  const collection = await ok(t.admin.post('/v1/collections', { title: `Collection ${uniqueWord()}`, kind: 'products' }));
  await ok(t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: productId }));
  const blog = await ok(t.admin.post('/v1/blogs', { title: `Blog ${uniqueWord()}` }));
  const post = await ok(t.admin.post('/v1/posts', { title: `Post ${uniqueWord()}`, blog_id: blog.id }));
  const page = await ok(t.admin.post('/v1/pages', { title: `Page ${uniqueWord()}` }));
  const taxRate = await ok(t.admin.post('/v1/tax_rates', { country_code: 'CL', rate: 1900 }));
  const webhook = await ok(t.admin.post('/v1/webhooks', { url: 'http://127.0.0.1:9/hook' }));
  const victimKey = await ok(t.admin.post('/v1/api_keys', { name: 'to be deleted' }));
  const readOnly = await ok(t.admin.post('/v1/api_keys', { name: 'read only', read_only: true }));
  const file = await uploadFile(t);
  const zones = (await t.admin.get('/v1/shipping_zones')).body.data as Array<{ id: string }>;
  const events = (await t.admin.get('/v1/events?per_page=3')).body.data as Array<{ id: string }>;

  const idsBySegment: Record<string, string[]> = {
    products: [productId],
    skus: [placed.skus[0]!.id, secondSku.id],
    sku: [secondSku.id],
    orders: [placed.orderId, ready.orderId],
    checkouts: [ready.orderId, placed.orderId],
    carts: [cart.id, ready.cartId],
    fulfillments: [fulfillment.id],
    customers: [customer.id],
    addresses: [address.id],
    categories: [category.id],
    collections: [collection.id],
    blogs: [blog.id],
    posts: [post.id],
    pages: [page.id],
    tax_rates: [taxRate.id],
    shipping_zones: zones.map((z) => z.id),
    gateways: [placed.gatewayId],
    webhooks: [webhook.id],
    events: events.map((e) => e.id),
    api_keys: [victimKey.id],
    channels: [t.channelId],
    files: [file.id, file.filename ?? String(file.url).split('/').pop()],
    countries: ['US', 'CL', 'DE', 'us', 'XX'],
  };
  const customerCredential = { authorization: `Bearer ${token}`, 'channel-key': t.channelKey };
  const admin = { authorization: `Bearer ${t.adminKey}` };
  const channel = { 'channel-key': t.channelKey };
  const world: FuzzWorld = {
    idsBySegment,
    valuesByField: {
      country_code: ['US', 'CL', 'DE', 'us'],
      state_code: ['NY', 'WA'],
      email: [email],
      password: [password],
      currency: ['USD', 'EUR', 'CLP'],
      url: ['http://127.0.0.1:9/hook', 'https://example.com/a.png'],
      image_url: ['https://example.com/a.png'],
      card_number: Object.values(CARDS),
      method: ['card', 'transfer', placed.rateId],
      gateway: [placed.gatewayId],
      shipping: [ADDRESS, { method: placed.rateId }],
      billing: [ADDRESS],
      payment: [{ method: 'card', card_number: CARDS.good }, { gateway: placed.gatewayId }],
      customer: [{ email, first_name: 'Fuzz', last_name: 'Buyer' }],
      events: ['order.placed', 'product.created', '*'],
      quantity: [1, 2],
    },
    credentials: [
      { weight: 30, headers: admin },
      { weight: 20, headers: channel },
      { weight: 12, headers: customerCredential },
      { weight: 3, headers: { authorization: `Bearer ${readOnly.token}` } },
      { weight: 5, headers: {} },
      ...([
        { authorization: "Bearer sk_' OR 1=1 --" },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        { authorization: 'Bearer' },
        { authorization: 'bearer    ' },
        { authorization: `Bearer ${'x'.repeat(4_000)}` },
        { authorization: 'Bearer ctk_../../etc/passwd', 'channel-key': t.channelKey },
        { 'channel-key': "ck_' OR '1'='1" },
        { 'channel-key': t.adminKey },
        { authorization: `Bearer ${t.channelKey}` },
        { authorization: `Bearer ${t.adminKey}`, 'channel-key': 'ck_unknown' },
      ] as Array<Record<string, string>>).map((headers) => ({ weight: 1, headers })),
    ],
  };
  const document = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body) as OpenApiDocument;
  return { world, operations: [...operationsOf(document), ...UNDOCUMENTED], customer: { id: customer.id, email, password, credential: customerCredential } };
}

/** A POST to an existing sku may set its stock, which the stock baseline cannot explain. */
function maySetStock(request: FuzzRequest): boolean {
  return request.method === 'POST' && /^\/v1\/skus?\/[^?]/.test(request.url);
}

describeEachDatabase('hostile input', (t) => {
  let seeded: Seeded;
  let baseline: StockBaseline;

  beforeAll(async () => {
    seeded = await seed(t);
    baseline = await stockBaseline(t);
    // Listening too, for the requests whose bytes must reach the server as written (closed with the app).
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  /** Signs the customer in again when a request revoked its token or deleted it, so later requests still reach customer code. */
  async function keepCustomerSignedIn(): Promise<void> {
    const probe = await send(t, request('GET', `/v1/customers/${seeded.customer.id}`, seeded.customer.credential));
    if (probe.status === 200) return;
    let { email } = seeded.customer;
    let res = await t.storefront.post('/v1/customers/token', { email, password: seeded.customer.password });
    if (res.status !== 200) {
      email = `${uniqueWord()}@example.com`;
      const made = await t.storefront.post('/v1/customers', { email, password: seeded.customer.password });
      expect(made.status, made.text).toBe(201);
      seeded.customer.id = made.body.data.id;
      seeded.customer.email = email;
      res = await t.storefront.post('/v1/customers/token', { email, password: seeded.customer.password });
    }
    expect(res.status, res.text).toBe(200);
    // The credential object is the one the generator hands out: later requests carry the new token.
    seeded.customer.credential.authorization = `Bearer ${res.body.data.token}`;
  }

  it('answers thousands of generated requests without a 5xx, each 4xx a problem, nothing leaked', async () => {
    const requests = requestArbitrary(seeded.operations, seeded.world);
    const kinds = new Map<string, number>();
    const statuses = new Map<string, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(requests, async (generated) => {
        let answer: Answer;
        if (maySetStock(generated)) {
          await assertInvariants(t, baseline);
          answer = await sendAndCheck(t, generated);
          baseline = await stockBaseline(t);
        } else {
          answer = await sendAndCheck(t, generated);
        }
        sent++;
        // The answer agrees with the document: its status is one the operation lists.
        if (generated.statuses && !generated.statuses.includes(String(answer.status))) {
          throw new Error(`answered ${answer.status}, which the document does not list for ${generated.kinds[0]} (${generated.statuses.join(', ')})\n  request: ${describeRequest(generated)}\n  answer: ${answer.body.slice(0, 600)}`);
        }
        const statusKey = `${generated.kinds[0]} ${answer.status}`;
        statuses.set(statusKey, (statuses.get(statusKey) ?? 0) + 1);
        for (const kind of generated.kinds.slice(1)) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (generated.method !== 'GET' && generated.url.startsWith('/v1/customers')) await keepCustomerSignedIn();
      }),
      { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}), endOnFailure: !!process.env.FUZZ_NO_SHRINK },
    );
    if (process.env.FUZZ_STATS) console.info([...statuses].sort().map(([k, n]) => `${k}: ${n}`).join('\n'), '\n', [...kinds].sort().map(([k, n]) => `${k}: ${n}`).join('\n'));
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    // The mix reached every kind of input it was built for.
    for (const kind of ['real id', 'hostile path param', 'raw path param', 'valid JSON', 'bent JSON', 'hostile JSON', 'form', 'malformed JSON',
      'truncated JSON', 'empty JSON body', 'wrong content type', 'malformed form', 'invalid UTF-8', 'multipart', 'raw query', 'query', 'other method']) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  }, 240_000);

  it('answers bodies over the limit with 413 payload_too_large, whatever their type, and stores nothing', async () => {
    const name = `Too big ${uniqueWord()}`;
    const admin = { authorization: `Bearer ${t.adminKey}` };
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ['POST', '/v1/products', { ...admin, 'content-type': 'application/json' }, JSON.stringify({ name, description: 'x'.repeat(BODY_LIMIT) })],
      ['POST', '/v1/products', { ...admin, 'content-type': 'application/x-www-form-urlencoded' }, `name=${encodeURIComponent(name)}&description=${'x'.repeat(BODY_LIMIT)}`],
      ['PUT', `/v1/carts/${seeded.world.idsBySegment.carts![0]}`, { 'channel-key': t.channelKey, 'content-type': 'application/json' }, JSON.stringify({ note: 'é'.repeat(BODY_LIMIT / 2 + 1) })],
      ['POST', '/v1/customers', { 'channel-key': t.channelKey, 'content-type': 'application/json' }, `{"email":"a@b.c","notes":"${'\\u0000'.repeat(BODY_LIMIT / 6 + 1)}"}`],
      ['POST', '/v1/store', { ...admin, 'content-type': 'application/json' }, '['.repeat(BODY_LIMIT + 1)],
    ];
    for (const [method, url, headers, payload] of cases) {
      expect(Buffer.byteLength(payload)).toBeGreaterThan(BODY_LIMIT);
      const answer = await sendAndCheck(t, request(method, url, headers, payload));
      expect(answer.status, `${method} ${url} ${headers['content-type']}`).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'payload_too_large', type: '/docs/errors#payload_too_large' });
    }
    // Without a credential the request is refused before its body is read.
    const anonymous = await sendAndCheck(t, request('POST', '/v1/products', { 'content-type': 'application/json' }, JSON.stringify({ name, description: 'x'.repeat(BODY_LIMIT) })));
    expect(anonymous.status).toBe(401);
    const stored = await t.db.selectFrom('products').select('id').where('name', '=', name).execute();
    expect(stored).toEqual([]);
    // Just under the limit is read (and then judged by the schema).
    const under = await sendAndCheck(t, request('POST', '/v1/products', { ...admin, 'content-type': 'application/json' }, JSON.stringify({ name, description: 'x'.repeat(BODY_LIMIT - 200) })));
    expect(under.status).toBe(422);
  });

  it('refuses an oversized header on a real socket with a 431 problem and keeps serving', async () => {
    // app.inject skips Node's HTTP parser, so the header limit only exists on a real connection.
    const viaInject = await sendAndCheck(t, request('GET', '/v1/store', { authorization: `Bearer ${t.adminKey}`, cookie: `a=${'x'.repeat(20 * 1024)}`, 'x-padding': 'y'.repeat(20 * 1024) }));
    expect(viaInject.status).toBe(200);

    const own = await createTestApp(t.kind);
    try {
      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = own.app.server.address() as { port: number };
      const raw = (text: string) => rawExchange(port, text);
      const over = MAX_HEADER_BYTES + 1024;
      const cookie = await raw(`GET /v1/store HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${own.adminKey}\r\nCookie: a=${'x'.repeat(over)}\r\nConnection: close\r\n\r\n`);
      const custom = await raw(`GET /v1/store HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'y'.repeat(over)}\r\nConnection: close\r\n\r\n`);
      const many = await raw(`GET /v1/store HTTP/1.1\r\nHost: 127.0.0.1\r\n${Array.from({ length: over / 8 }, (_, i) => `X-H${i}: ${i}\r\n`).join('')}Connection: close\r\n\r\n`);
      const longUrl = await raw(`GET /v1/products?q=${'z'.repeat(over)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      const garbage = await raw('GET /v1/store HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\nConnection: close\r\n\r\n');
      // Node's parser counts the request line and all headers against MAX_HEADER_BYTES (app.ts).
      for (const [what, answer] of [['cookie', cookie], ['custom header', custom], ['many headers', many], ['long url', longUrl]] as const) {
        expect(answer.status, `${what}: ${answer.head}`).toBe(431);
        expect(answer.headers['content-type'], what).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(answer.body), what).toMatchObject({ status: 431, code: 'headers_too_large', type: '/docs/errors#headers_too_large', title: expect.any(String) });
      }
      expect(garbage.status, garbage.head).toBe(400);
      expect(garbage.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(garbage.body)).toMatchObject({ status: 400, code: 'invalid_request', type: '/docs/errors#invalid_request' });
      // The process is still up and serving.
      const after = await raw(`GET /v1/store HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${own.adminKey}\r\nConnection: close\r\n\r\n`);
      expect(after.status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('answers huge query strings with a normal answer or a 4xx problem', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `p${i}=${i}`).join('&');
    const manyBrackets = Array.from({ length: 5_000 }, (_, i) => `options[o${i}][]=${i}`).join('&');
    const deep = `a${Array.from({ length: 50 }, (_, i) => `[${String.fromCharCode(98 + (i % 25))}]`).join('')}=1`;
    const deepKnown = `price${'[min]'.repeat(50)}=1`;
    const ampersands = '&'.repeat(10_000);
    const repeated = Array.from({ length: 5_000 }, () => 'page=2').join('&');
    const indexes = Array.from({ length: 1_000 }, (_, i) => `options[color][${i * 1000}]=red`).join('&');
    const queries = [many, manyBrackets, deep, deepKnown, ampersands, repeated, indexes, `q=${percentEncode('\ud800'.repeat(5_000))}`, `q=${'%'.repeat(10_000)}`];
    const routes = ['/v1/products', '/v1/skus', '/v1/orders', '/v1/customers', '/v1/events', `/v1/collections/${seeded.world.idsBySegment.collections![0]}/products`, '/v1/nowhere'];
    for (const route of routes) {
      for (const query of queries) {
        for (const headers of [{ authorization: `Bearer ${t.adminKey}` }, { 'channel-key': t.channelKey }] as Array<Record<string, string>>) {
          const answer = await sendAndCheck(t, request('GET', `${route}?${query}`, headers));
          expect(answer.status, `${route}?${query.slice(0, 60)}`).toBeLessThan(500);
        }
      }
    }
  });

  // Regressions: the exact inputs with which the fuzzer once found a 5xx or a 4xx that was not a problem.
  const admin = () => ({ authorization: `Bearer ${t.adminKey}` });
  const answerOf = (answer: Answer) => ({ status: answer.status, headers: answer.headers, body: JSON.parse(answer.body), text: answer.body });

  it('answers a path parameter longer than the router reads with a 404 problem, not a bare 414', async () => {
    const answer = await sendAndCheck(t, request('POST', `/v1/collections/${'a'.repeat(200)}/products`, { ...admin(), 'content-type': 'application/json' }, '{}'));
    expectProblem(answerOf(answer), 404, 'not_found');
    expectProblem(answerOf(await sendAndCheck(t, request('GET', `/v1/products/${'a'.repeat(101)}`, admin()))), 404, 'not_found');
  });

  it('answers a path that is not valid percent-encoding with a 400 problem, not a bare 400', async () => {
    for (const url of ['/v1/products/%', '/v1/products/%E0%A4%A', '/v1/orders/%zz/transactions', '/%']) {
      expectProblem(answerOf(await sendAndCheck(t, request('GET', url, admin()))), 400, 'invalid_request');
    }
  });

  it('refuses a listing filtered by more option names than a product can have with 400, not an SQL expression too deep for SQLite', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `options[o${i}][]=${i}`).join('&');
    // A collection of its own: the fuzzer may have deleted the seeded one.
    const made = await t.admin.post('/v1/collections', { title: `Options ${uniqueWord()}`, kind: 'products' });
    expect(made.status, made.text).toBe(201);
    const collection: string = made.body.data.id;
    for (const route of ['/v1/products', '/v1/skus', `/v1/collections/${collection}/products`]) {
      const answer = answerOf(await sendAndCheck(t, request('GET', `${route}?${names(1_000)}`, admin())));
      expectProblem(answer, 400, 'invalid_request');
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain('options');
      expect((await sendAndCheck(t, request('GET', `${route}?${names(10)}`, admin()))).status).toBe(200);
    }
  });

  it('refuses unknown members of a store update with 400 instead of writing them as columns', async () => {
    // A form body of "%" is the member "%": once "no such column: %", a 500.
    const form = answerOf(await sendAndCheck(t, request('POST', '/v1/store', { ...admin(), 'content-type': 'application/x-www-form-urlencoded' }, '%')));
    expectProblem(form, 400, 'invalid_request');
    expect(form.body.errors).toEqual([{ field: '%', code: 'unknown', message: 'is not a field of this endpoint' }]);
    // An `id` or `created_at` once overwrote the store's own.
    const before = await t.db.selectFrom('stores').selectAll().executeTakeFirstOrThrow();
    const name = `Store ${uniqueWord()}`;
    const json = answerOf(await sendAndCheck(t, request('POST', '/v1/store', { ...admin(), 'content-type': 'application/json' },
      JSON.stringify({ id: 'str_0000000000000000000000evil', created_at: '2000-01-01 00:00:00', no_such_column: 1, name }))));
    expectProblem(json, 400, 'invalid_request');
    expect(json.body.errors.map((e: { field: string }) => e.field)).toEqual(['id', 'created_at', 'no_such_column']);
    expect(await t.db.selectFrom('stores').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('refuses a NUL character in a path, query or body with 400 on both databases, where PostgreSQL once failed with a 500', async () => {
    const cart = seeded.world.idsBySegment.carts![0];
    const name = `Nul ${uniqueWord()}`;
    const cases: FuzzRequest[] = [
      request('GET', '/v1/events/%00', admin()),
      request('GET', '/v1/products?q=%00', { 'channel-key': t.channelKey }),
      request('POST', '/v1/products', { ...admin(), 'content-type': 'application/json' }, JSON.stringify({ name: `${name}\u0000` })),
      request('POST', '/v1/products', { ...admin(), 'content-type': 'application/x-www-form-urlencoded' }, `name=${encodeURIComponent(name)}%00`),
      request('PUT', `/v1/carts/${cart}`, { 'channel-key': t.channelKey, 'content-type': 'application/json' }, JSON.stringify({ items: { 'sku_\u0000': 1 } })),
    ];
    for (const sent of cases) expectProblem(answerOf(await sendAndCheck(t, sent)), 400, 'invalid_request');
    expect(await t.db.selectFrom('products').select('id').where('name', 'like', `${name}%`).execute()).toEqual([]);
  });

  it('refuses numbers that are not finite ("1e309", "Infinity"), which the validator coerces past its bounds', async () => {
    // Once SQLite's "datatype mismatch" on LIMIT Infinity: a 500.
    const perPage = answerOf(await sendAndCheck(t, request('GET', '/v1/blogs?per_page=1e309', admin())));
    expectProblem(perPage, 400, 'invalid_request');
    expect(perPage.body.errors).toEqual([{ field: 'per_page', code: 'out_of_range', message: 'must be a finite number' }]);
    expectProblem(answerOf(await sendAndCheck(t, request('GET', '/v1/products?price[min]=Infinity', { 'channel-key': t.channelKey }))), 400, 'invalid_request');
    // Once a product stored with price Infinity, and a 500 when its answer was written.
    const name = `Infinite ${uniqueWord()}`;
    const created = answerOf(await sendAndCheck(t, request('POST', '/v1/products', { ...admin(), 'content-type': 'application/x-www-form-urlencoded' }, `name=${encodeURIComponent(name)}&price=1e309`)));
    expectProblem(created, 422, 'validation_failed');
    expect(created.body.errors).toEqual([{ field: 'price', code: 'out_of_range', message: 'must be a finite number' }]);
    expect(await t.db.selectFrom('products').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  it('refuses a JSON body nested deeper than 64 levels with 400, where an idempotent write once ran out of stack', async () => {
    // Once a RangeError in the idempotency hash (a 500): an unknown member 10,000 objects deep.
    const sku = seeded.world.idsBySegment.skus![1];
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const refused = answerOf(await sendAndCheck(t, request('POST', `/v1/skus/${sku}`, { ...admin(), 'idempotency-key': '?', 'content-type': 'application/json' }, `{"id":${deep(10_000)}}`)));
    expectProblem(refused, 400, 'invalid_request');
    expect(refused.body.detail).toContain('64');
    for (const text of ['['.repeat(200_000) + ']'.repeat(200_000), `{"name":"x","settings":${deep(65)}}`]) {
      expectProblem(answerOf(await sendAndCheck(t, request('POST', '/v1/products', { ...admin(), 'idempotency-key': uniqueWord(), 'content-type': 'application/json' }, text))), 400, 'invalid_request');
    }
    // 64 levels in all (the body's own object and 63 below it) is read as any other body: its
    // schema names the member no product has.
    const name = `Deep ${uniqueWord()}`;
    const read = answerOf(await sendAndCheck(t, request('POST', '/v1/products', { ...admin(), 'idempotency-key': uniqueWord(), 'content-type': 'application/json' }, `{"name":"${name}","extra":${deep(63)}}`)));
    expectProblem(read, 400, 'invalid_request');
    expect(read.body.errors).toEqual([{ field: 'extra', code: 'unknown', message: 'is not a field of this endpoint' }]);
    // Brackets inside strings are text, not nesting.
    const inText = await sendAndCheck(t, request('POST', '/v1/products', { ...admin(), 'content-type': 'application/json' }, JSON.stringify({ name, description: '[{'.repeat(500) })));
    expect(inText.status, inText.body).toBe(201);
  });

  it('keeps the store invariants after all of it', async () => {
    await assertInvariants(t, baseline);
  });
});

interface RawAnswer {
  status: number;
  head: string;
  headers: Record<string, string>;
  body: string;
}

/** Writes a request on a fresh TCP connection and reads the whole answer (the server closes it). */
function rawExchange(port: number, text: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      // The server may reset the connection after answering; what was read still counts.
      if (chunks.length > 0) finish();
      else reject(error);
    });
    socket.on('end', finish);
    socket.on('close', finish);
    let done = false;
    function finish(): void {
      if (done) return;
      done = true;
      socket.destroy();
      const all = Buffer.concat(chunks).toString('latin1');
      const split = all.indexOf('\r\n\r\n');
      const head = split >= 0 ? all.slice(0, split) : all;
      const lines = head.split('\r\n');
      const headers = Object.fromEntries(lines.slice(1).map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }));
      let body = split >= 0 ? all.slice(split + 4) : '';
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = unchunk(body);
      // Back from bytes to text as UTF-8, as app.inject gives it.
      body = Buffer.from(body, 'latin1').toString('utf8');
      resolve({ status: Number(lines[0]?.split(' ')[1] ?? 0), head: lines[0] ?? '', headers, body });
    }
    socket.write(text);
  });
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    if (line < 0) break;
    const size = parseInt(rest.slice(0, line), 16);
    if (!size) break;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
  return out;
}
