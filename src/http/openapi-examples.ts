import type { Schema } from './openapi-schemas.js';

/** 2026-01-01 00:00:00 UTC: every time of the examples. */
const TIME = 1_767_225_600;
const ULID = '01jgz7q3v2c8m4k6n9p5r2t7wx';

/** The record an id member names, by its name, for ids without a pattern (`product_id` → `prd_…`). */
const ID_PREFIXES: Record<string, string> = {
  product_id: 'prd', sku_id: 'sku', order_id: 'ord', customer_id: 'cus', channel_id: 'chn', cart_id: 'crt', collection_id: 'col',
  event_id: 'evn', delivery_id: 'dlv', parent_id: 'tra', file_id: 'fil', canceler_id: 'usr', user_id: 'usr', actor_id: 'usr', object_id: 'ord',
};

/** Values by member name, where the type alone would make a poor example. */
const BY_NAME: Record<string, unknown> = {
  email: 'jane@example.com', contact_email: 'shop@example.com', first_name: 'Jane', last_name: 'Doe', name: 'Jane Doe', phone: '+1 212 555 0123',
  address1: '350 Fifth Avenue', city: 'New York', postcode: '10118', country: 'United States', country_code: 'US', state: 'New York', state_code: 'NY',
  currency: 'USD', lang: 'en', timezone: 'America/New_York', weight_unit: 'kg', store_status: 'active',
  permalink: 'linen-shirt', title: 'Linen shirt', url: 'https://shop.example.com/files/linen-shirt.png', src: 'https://shop.example.com/files/linen-shirt.png',
  image_url: 'https://shop.example.com/files/linen-shirt.png', mime_type: 'image/png', filename: 'linen-shirt.png', original_filename: 'linen shirt.png',
  product_name: 'Linen shirt', sku_name: 'White / M', vendor: 'Northwind', code: 'LS-WHT-M', last_four: 'p7dc', token: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  kind: 'weight', field: 'tag', condition: 'equals', value: 'summer', source: 'test', driver: 'test', methods: ['card'], events: ['order.placed'],
  countries: ['US'], modifiers: ['color', 'size'], hidden_on: [], stock_manager: [], category_ids: [], collection_ids: [],
  stock_policy: 'overall', sorting_rule: 'manual', detail: 'No product with id prd_01jgz7q3v2c8m4k6n9p5r2t7wx', type: '/docs/errors#not_found',
  message: 'is required', status_code: 200, duration_ms: 84, attempt: 1, pending_webhooks: 0, tax_rate: 0, rate: 1900, position: 0, order: 0,
  quantity: 1, fulfilled: 0, from: 0, to: null, weight: 300, weight_source: 300, total_weight: 300, size: 48213, in_stock: 20,
};

/** Per resource, what differs from the names above (a transaction's `kind` is not a rate's). */
const BY_SCHEMA: Record<string, Record<string, unknown>> = {
  Order: { number: '#1001', status: 'placed', financial_status: 'paid', fulfillment_status: 'unfulfilled', gateway: 'test', payment_method: 'card', source_name: 'storefront', placed_at: TIME },
  Transaction: { kind: 'capture', status: 'succeeded', gateway: 'test', amount: 2500 },
  Fulfillment: { kind: 'full', status: 'succeeded', tracking_code: '1Z999AA10123456784', carrier: 'UPS', items_count: 1 },
  FulfillmentItem: { fulfilled: 1, fulfilled_quantity: 1, fulfilled_weight: 300 },
  Sku: { name: 'Linen shirt White / M', stock_policy: 'overall', modifiers: ['White', 'M'], options: { color: 'White', size: 'M' } },
  ShippingRate: { name: 'Standard', kind: 'weight', price: 500 },
  ShippingMethod: { id: `shr_${ULID}`, name: 'Standard', kind: 'weight', price: 500 },
  ShippingZone: { name: 'United States' },
  ShippingLine: { title: 'Standard', kind: 'weight', source: 'shipping_zone_rate', price: 500 },
  TaxRate: { name: 'Sales tax', state_code: 'NY', rate: 888 },
  Event: { kind: 'order.placed', data: { object: { id: `ord_${ULID}`, object: 'order' } } },
  AuditEntry: { action: 'product.update', method: 'POST', path: `/v1/products/prd_${ULID}`, object_id: `prd_${ULID}`, status: 200, ip: '203.0.113.7' },
  StaffRef: { id: `usr_${ULID}` },
  Webhook: { url: 'https://example.com/webhooks/storefront', description: 'Order feed' },
  Gateway: { name: 'Test cards', display_name: 'Card', settings: { capture: 'automatic' } },
  Problem: { title: 'Not found', status: 404, code: 'not_found' },
  FieldError: { field: 'shipping[postcode]', code: 'required' },
  Blog: { title: 'News', permalink: 'news' },
  Post: { title: 'Our summer collection', permalink: 'our-summer-collection' },
  Page: { title: 'Shipping and returns', permalink: 'shipping-and-returns' },
  Collection: { title: 'Summer', permalink: 'summer', kind: 'products' },
  Category: { title: 'Shirts', permalink: 'shirts' },
  CategoryNode: { title: 'Shirts', permalink: 'shirts' },
  Tag: { title: 'summer', permalink: 'summer' },
  Vendor: { name: 'Northwind', permalink: 'northwind' },
  Store: { id: `str_${ULID}`, name: 'Northwind Shop', is_tax_included: false, created_at: '2026-01-01 00:00:00', updated_at: '2026-01-01 00:00:00' },
  Channel: { name: 'Web shop' },
  ChannelKey: { token: 'ck_live_9sWq2Lr8Tn4Vb6Xy1Za3Cd5E' },
  ApiKey: { name: 'Back office', read_only: false, role: 'owner' },
  User: { name: 'Jane Doe', role: 'fulfillment' },
  SignedInUser: { name: 'Jane Doe', role: 'fulfillment', token: 'utk_4eC39HqLyjWDarjtT1zdp7dcQ2w' },
  TwoFactorSetup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Northwind%20Shop:jane%40example.com?issuer=Northwind%20Shop&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30' },
  RecoveryCodes: { recovery_codes: ['k7m2p-x9q4r', 'b3n8t-w2y6z'] },
  Access: { role: 'fulfillment', actions: ['fulfillment.create', 'order.read'] },
  Product: { name: 'Linen shirt' },
  Customer: { tags: ['vip'] },
  Country: { name: 'United States' },
  State: { name: 'New York' },
  Pagination: { current_page: 1, per_page: 50, from: 1, to: 1, total_pages: 1, total_items: 1 },
  CustomerWithToken: { token: 'ctk_3Xq9Lm2Np7Rs4Tv8Wy1Zb6Cd' },
  EmailVerification: { token: 'cvt_8Hk2Jm5Np9Qr3St7Vw1Xz4Yb' },
};

const REF = '#/components/schemas/';
const typesOf = (schema: Schema) => [schema.type].flat().filter((type): type is string => typeof type === 'string');

/** Whether a value of the tables has one of these types. */
function fits(value: unknown, types: string[]): boolean {
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number') return types.includes('integer') || types.includes('number');
  return types.includes(typeof value);
}

function stringFor(schema: Schema, name: string): string {
  const prefix = typeof schema.pattern === 'string' ? /^\^([a-z]+)_\[0-9a-z\]\{26\}\$$/.exec(schema.pattern)?.[1] : undefined;
  if (prefix) return `${prefix}_${ULID}`;
  if (name.endsWith('_at')) return '2026-01-01 00:00:00';
  if (ID_PREFIXES[name]) return `${ID_PREFIXES[name]}_${ULID}`;
  return name.replace(/_/g, ' ');
}

function integerFor(name: string): number {
  if (name.endsWith('_at')) return TIME;
  if (name === 'total_items' || name === 'total_products') return 1;
  return /price|total|amount|taxes|discount|shipping_rate/.test(name) ? 2500 : 1;
}

/**
 * An example of a schema: members by name from the tables above, else made from the type; nullable
 * members are null unless a table names a value; a resource inside another is its own example, and
 * a resource inside itself (a category's children) an empty list.
 */
function exampleOf(schema: Schema, name: string, owner: string, components: Record<string, Schema>, stack: string[]): unknown {
  if (typeof schema.$ref === 'string') {
    const title = schema.$ref.slice(REF.length);
    return stack.includes(title) ? null : exampleOf(components[title] ?? {}, name, title, components, [...stack, title]);
  }
  const own = BY_SCHEMA[owner];
  if (own && name in own) return own[name];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) {
    const value = choices.filter((choice) => !typesOf(choice).includes('null')).map((choice) => exampleOf(choice, name, owner, components, stack))[0];
    return value ?? null;
  }
  const types = typesOf(schema);
  if (name in BY_NAME && fits(BY_NAME[name], types)) return BY_NAME[name];
  if (types.includes('null')) return null;
  switch (types.find((type) => type !== 'null')) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(Object.entries(properties).filter(([member]) => required.has(member))
        .map(([member, sub]) => [member, exampleOf(sub, member, owner, components, stack)]));
    }
    case 'array': {
      const item = exampleOf((schema.items ?? {}) as Schema, name, owner, components, stack);
      return item === null ? [] : [item];
    }
    case 'string': return stringFor(schema, name);
    case 'integer': return integerFor(name);
    case 'number': return 0.3;
    case 'boolean': return !/^(is_test|is_gift|read_only|is_backorderable)$/.test(name);
    default: return null;
  }
}

/** Gives each schema of `components.schemas` (the resources) an example, written from its schema. */
export function addExamples(components: Record<string, Schema>): void {
  for (const [title, schema] of Object.entries(components)) {
    schema.examples = [exampleOf(schema, '', title, components, [title])];
  }
}
