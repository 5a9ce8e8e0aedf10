import { expect, it } from 'vitest';
import type { CustomerAddressRow, CustomerRow } from '../../../src/db/types.js';
import { expectInvalid, expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** An email no other test uses: tests in this file share one database. */
function uniqueEmail(): string {
  return `${uniqueWord()}@example.com`;
}

/** A valid US address; `changes` override or (as undefined) drop members. */
function usAddress(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const address: Record<string, unknown> = {
    address1: '350 Fifth Avenue',
    postcode: '10118',
    city: 'New York',
    country_code: 'US',
    state_code: 'NY',
    phone: '+1 212 555 0100',
    ...changes,
  };
  for (const [key, value] of Object.entries(address)) if (value === undefined) delete address[key];
  return address;
}

const macauAddress = { address1: 'Rua do Campo 1', postcode: '999078', city: 'Macau', country_code: 'MO', phone: '+853 2833 0000' };

describeEachDatabase('customers', (t) => {
  async function createCustomer(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/customers', { email: uniqueEmail(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function createAddress(customerId: string, body: Record<string, unknown> = usAddress()): Promise<any> {
    const res = await t.admin.post(`/v1/customers/${customerId}/addresses`, body);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function customerRow(id: string): Promise<CustomerRow | undefined> {
    return t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  function addressRows(customerId: string): Promise<CustomerAddressRow[]> {
    return t.db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  }

  async function primaryIds(customerId: string): Promise<string[]> {
    return (await addressRows(customerId)).filter((a) => a.is_primary === 1).map((a) => a.id);
  }

  async function eventsOf(id: string, kind: string): Promise<any[]> {
    const res = await t.admin.get(`/v1/events?related_object=${id}&kind=${kind}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** POSTs an address both ways and expects each answer to be a 422 naming the fields. */
  async function expectAddressInvalid(address: Record<string, unknown>, ...fields: string[]): Promise<void> {
    const customer = await createCustomer();
    const alone = await t.admin.post(`/v1/customers/${customer.id}/addresses`, address);
    expectInvalid(alone, ...fields);
    const email = uniqueEmail();
    const nested = await t.admin.post('/v1/customers', { email, addresses: [usAddress(), address] });
    expectInvalid(nested, ...fields.map((f) => `addresses[1][${f}]`));
    expect(await addressRows(customer.id)).toEqual([]);
    expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute()).toEqual([]);
  }

  // --- customers -------------------------------------------------------------------------------

  it('creates a customer from an email alone with every field of the spec, and records customer.created', async () => {
    const email = uniqueEmail();

    const res = await t.admin.post('/v1/customers', { email });

    expect(res.status, res.text).toBe(201);
    const customer = res.body.data;
    expect(customer).toEqual({
      id: expect.stringMatching(/^cus_[0-9a-z]{26}$/),
      object: 'customer',
      name: null,
      first_name: null,
      last_name: null,
      email,
      is_newsletterable: false,
      is_active: true,
      is_verified: false,
      locale: null,
      notes: null,
      tags: [],
      group_ids: [],
      default_address: null,
      addresses: [],
      metadata: {},
      private_metadata: {},
      created_at: expect.any(Number),
      updated_at: customer.created_at,
    });
    expect(await customerRow(customer.id)).toMatchObject({ email, email_key: email, password_hash: null, is_active: 1, tags: '[]' });
    const events = await eventsOf(customer.id, 'customer.created');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(customer);
  });

  it('creates a customer with every field and addresses; the first address is primary and the default', async () => {
    const email = `Ada.${uniqueWord()}@Example.COM`;
    const body = {
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      notes: 'Prefers mornings',
      is_newsletterable: true,
      is_active: false,
      tags: ['vip', 'wholesale', 'vip'],
      password: 'correct horse',
      addresses: [usAddress({ first_name: 'Ada', company: 'Analytical Engines' }), { ...macauAddress, state: 'Macau' }],
    };

    const res = await t.admin.post('/v1/customers', body);

    expect(res.status, res.text).toBe(201);
    const customer = res.body.data;
    expect(customer).toMatchObject({
      name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', email, notes: 'Prefers mornings',
      is_newsletterable: true, is_active: false, tags: ['vip', 'wholesale'],
    });
    expect(customer).not.toHaveProperty('password');
    expect(customer).not.toHaveProperty('password_hash');
    expect(customer.addresses).toHaveLength(2);
    const [first, second] = customer.addresses;
    expect(first).toEqual({
      id: expect.stringMatching(/^adr_[0-9a-z]{26}$/),
      object: 'customer_address',
      customer_id: customer.id,
      first_name: 'Ada',
      last_name: null,
      address1: '350 Fifth Avenue',
      address2: null,
      country: 'United States',
      country_code: 'US',
      state: 'New York',
      state_code: 'NY',
      city: 'New York',
      postcode: '10118',
      phone: '+1 212 555 0100',
      company: 'Analytical Engines',
      references: null,
      is_primary: true,
      created_at: customer.created_at,
      updated_at: customer.created_at,
    });
    expect(second).toMatchObject({ country_code: 'MO', state: 'Macau', state_code: null, is_primary: false });
    expect(customer.default_address).toEqual(first);

    const row = await customerRow(customer.id);
    expect(row).toMatchObject({ email, email_key: email.toLowerCase(), is_active: 0, is_newsletterable: 1, tags: '["vip","wholesale"]' });
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('correct horse');
    expect(await primaryIds(customer.id)).toEqual([first.id]);
    expect((await eventsOf(customer.id, 'customer.created'))[0].data.object).toEqual(customer);
  });

  it('takes a form-encoded create with bracket names, and names a bad nested member the same way', async () => {
    const email = uniqueEmail();
    const address = 'addresses[0][address1]=1%20Main%20St&addresses[0][postcode]=10001&addresses[0][city]=NYC'
      + '&addresses[0][country_code]=US&addresses[0][state_code]=NY';
    const form = `email=${encodeURIComponent(email)}&first_name=Ada&is_newsletterable=true&tags[]=vip&${address}`;

    const bad = await t.admin.post('/v1/customers', undefined, { form });
    expectInvalid(bad, 'addresses[0][phone]');
    const res = await t.admin.post('/v1/customers', undefined, { form: `${form}&addresses[0][phone]=555` });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ email, name: 'Ada', is_newsletterable: true, tags: ['vip'] });
    expect(res.body.data.default_address).toMatchObject({ address1: '1 Main St', state_code: 'NY', phone: '555', is_primary: true });
    expect(await addressRows(res.body.data.id)).toHaveLength(1);
  });

  it('derives name from whichever of first and last name is given', async () => {
    expect((await createCustomer({ first_name: 'Grace' })).name).toBe('Grace');
    expect((await createCustomer({ last_name: 'Hopper' })).name).toBe('Hopper');
    expect((await createCustomer({ first_name: 'Grace', last_name: 'Hopper' })).name).toBe('Grace Hopper');
  });

  it('refuses an email already taken in another case (422 taken) and leaves one customer', async () => {
    const email = uniqueEmail();
    await createCustomer({ email });

    const res = await t.admin.post('/v1/customers', { email: email.toUpperCase() });

    expectInvalid(res, 'email');
    expect(res.body.errors[0]).toMatchObject({ field: 'email', code: 'taken' });
    expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute()).toHaveLength(1);
  });

  it('refuses a missing email, a malformed email and a password shorter than 8 characters (422)', async () => {
    const missing = await t.admin.post('/v1/customers', { first_name: 'Nobody' });
    expectInvalid(missing, 'email');
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'required' }));
    expectInvalid(await t.admin.post('/v1/customers', { email: 'not-an-email' }), 'email');
    const email = uniqueEmail();
    expectInvalid(await t.admin.post('/v1/customers', { email, password: 'short' }), 'password');
    expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute()).toEqual([]);
  });

  // A bare string for tags ("x") is not refused: the app-wide coerceTypes: 'array' (src/app.ts) wraps it as ["x"].
  it('refuses wrong types (is_active "maybe", tags as an object or with a non-string tag) with 422 naming them', async () => {
    const email = uniqueEmail();
    const res = await t.admin.post('/v1/customers', { email, is_active: 'maybe' });
    expectInvalid(res, 'is_active');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'is_active', code: 'invalid_type' }));
    expectInvalid(await t.admin.post('/v1/customers', { email, tags: { vip: true } }), 'tags');
    expectInvalid(await t.admin.post('/v1/customers', { email, tags: [{ title: 'vip' }] }), 'tags[0]');
    expect(await t.db.selectFrom('customers').select('id').where('email_key', '=', email).execute()).toEqual([]);
    const customer = await createCustomer();
    expectInvalid(await t.admin.post(`/v1/customers/${customer.id}`, { email: customer.email, is_newsletterable: 'maybe' }), 'is_newsletterable');
  });

  it('lists customers by id with the pagination block', async () => {
    const first = await createCustomer();
    const second = await createCustomer();
    const total = (await t.db.selectFrom('customers').select('id').execute()).length;
    const before = (await t.db.selectFrom('customers').select('id').where('id', '<', first.id).execute()).length;

    const page = await t.admin.get(`/v1/customers?per_page=1&page=${before + 1}`);

    expect(page.status, page.text).toBe(200);
    expect(page.body.data).toEqual([first]);
    expect(page.body.meta.pagination).toMatchObject({
      current_page: before + 1, per_page: 1, from: before + 1, to: before + 1, total_items: total, total_pages: total,
    });
    const next = await t.admin.get(`/v1/customers?per_page=1&page=${before + 2}`);
    expect(next.body.data).toEqual([second]);
  });

  it('filters the list by email without regard to case', async () => {
    const email = uniqueEmail();
    const customer = await createCustomer({ email });
    await createCustomer();

    const res = await t.admin.get(`/v1/customers?email=${encodeURIComponent(email.toUpperCase())}`);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([customer]);
    expect(res.body.meta.pagination).toMatchObject({ total_items: 1, current_page: 1 });
  });

  it('gets a customer by id', async () => {
    const customer = await createCustomer({ first_name: 'Alan', addresses: [usAddress()] });

    const res = await t.admin.get(`/v1/customers/${customer.id}`);

    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: customer });
  });

  it('updates a customer, keeps the fields not sent and records customer.updated', async () => {
    const customer = await createCustomer({
      first_name: 'Ada', last_name: 'Byron', notes: 'Keep me', tags: ['vip'], is_newsletterable: true, addresses: [usAddress()],
    });
    const email = uniqueEmail();

    const res = await t.admin.post(`/v1/customers/${customer.id}`, { email, last_name: 'Lovelace', is_active: false });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...customer, email, last_name: 'Lovelace', name: 'Ada Lovelace', is_active: false, updated_at: expect.any(Number),
    });
    expect(await customerRow(customer.id)).toMatchObject({
      email, email_key: email, last_name: 'Lovelace', first_name: 'Ada', notes: 'Keep me', tags: '["vip"]', is_newsletterable: 1, is_active: 0,
    });
    const events = await eventsOf(customer.id, 'customer.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(res.body.data);
  });

  it('requires the email on update and refuses one taken by another customer (422)', async () => {
    const other = await createCustomer();
    const customer = await createCustomer({ first_name: 'Kept' });

    expectInvalid(await t.admin.post(`/v1/customers/${customer.id}`, { first_name: 'Changed' }), 'email');
    const taken = await t.admin.post(`/v1/customers/${customer.id}`, { email: other.email.toUpperCase() });
    expectInvalid(taken, 'email');
    expect(taken.body.errors[0]).toMatchObject({ field: 'email', code: 'taken' });
    expect(await customerRow(customer.id)).toMatchObject({ email: customer.email, first_name: 'Kept' });
    expect(await eventsOf(customer.id, 'customer.updated')).toEqual([]);

    const ownInOtherCase = await t.admin.post(`/v1/customers/${customer.id}`, { email: customer.email.toUpperCase() });
    expect(ownInOtherCase.status, ownInOtherCase.text).toBe(200);
  });

  it('deletes a customer with its addresses (204), then 404, and records customer.deleted with it as it was', async () => {
    const created = await createCustomer({ addresses: [usAddress(), usAddress({ city: 'Brooklyn' })] });
    const customer = (await t.admin.get(`/v1/customers/${created.id}`)).body.data;

    const res = await t.admin.delete(`/v1/customers/${customer.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await customerRow(customer.id)).toBeUndefined();
    expect(await addressRows(customer.id)).toEqual([]);
    expectProblem(await t.admin.get(`/v1/customers/${customer.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/customers/${customer.id}`), 404, 'not_found');
    const events = await eventsOf(customer.id, 'customer.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(customer);
  });

  it('answers an unknown customer with 404 everywhere', async () => {
    const id = 'cus_00000000000000000000000000';
    expectProblem(await t.admin.get(`/v1/customers/${id}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/customers/${id}`, { email: uniqueEmail() }), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/customers/${id}/addresses`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/customers/${id}/addresses`, usAddress()), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/customers/${id}/addresses/adr_00000000000000000000000000`), 404, 'not_found');
    expect(await t.db.selectFrom('customer_addresses').select('id').where('customer_id', '=', id).execute()).toEqual([]);
  });

  it('refuses a channel key on the staff list (403) and a request without a credential (401)', async () => {
    const customer = await createCustomer();
    expectProblem(await t.storefront.get('/v1/customers'), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/customers/${customer.id}`), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/customers/${customer.id}`), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/customers'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/customers/${customer.id}`), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/customers', { email: uniqueEmail() }), 401, 'unauthorized');
    expect(await customerRow(customer.id)).toBeDefined();
  });

  // --- addresses -------------------------------------------------------------------------------

  it('adds a first address as primary and default, and records customer.updated', async () => {
    const customer = await createCustomer();

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses`, usAddress({ address2: 'Floor 86', references: 'Front desk' }));

    expect(res.status, res.text).toBe(201);
    const address = res.body.data;
    expect(address).toMatchObject({
      id: expect.stringMatching(/^adr_[0-9a-z]{26}$/), object: 'customer_address', customer_id: customer.id,
      address2: 'Floor 86', references: 'Front desk', state_code: 'NY', state: 'New York', is_primary: true,
    });
    expect(await addressRows(customer.id)).toEqual([expect.objectContaining({ id: address.id, is_primary: 1, state_code: 'NY' })]);
    const after = (await t.admin.get(`/v1/customers/${customer.id}`)).body.data;
    expect(after.default_address).toEqual(address);
    expect(after.addresses).toEqual([address]);
    const events = await eventsOf(customer.id, 'customer.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(after);
  });

  it("lists a customer's addresses oldest first with the pagination block, and gets one", async () => {
    const customer = await createCustomer();
    const first = await createAddress(customer.id);
    const second = await createAddress(customer.id, usAddress({ city: 'Albany' }));
    const third = await createAddress(customer.id, usAddress({ city: 'Buffalo' }));

    const page1 = await t.admin.get(`/v1/customers/${customer.id}/addresses?per_page=2`);
    const page2 = await t.admin.get(`/v1/customers/${customer.id}/addresses?per_page=2&page=2`);

    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data).toEqual([first, second]);
    expect(page1.body.meta.pagination).toEqual({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_pages: 2, total_items: 3,
      links: { previous_page: null, next_page: `/v1/customers/${customer.id}/addresses?per_page=2&page=2` },
    });
    expect(page2.body.data).toEqual([third]);
    expect(page2.body.meta.pagination).toMatchObject({ current_page: 2, next_page: null, from: 3, to: 3 });
    const one = await t.admin.get(`/v1/customers/${customer.id}/addresses/${second.id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ data: second });
  });

  it('updates an address, keeps the members not sent and records customer.updated', async () => {
    const customer = await createCustomer();
    const address = await createAddress(customer.id, usAddress({ company: 'Acme' }));

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses/${address.id}`, { city: 'Rochester', postcode: '14604' });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ ...address, city: 'Rochester', postcode: '14604', updated_at: expect.any(Number) });
    expect(await addressRows(customer.id)).toEqual([
      expect.objectContaining({ city: 'Rochester', postcode: '14604', company: 'Acme', state_code: 'NY', is_primary: 1 }),
    ]);
    const events = await eventsOf(customer.id, 'customer.updated');
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.data.object.default_address)).toContainEqual(res.body.data);
  });

  it('deletes an address (204), then 404', async () => {
    const customer = await createCustomer();
    await createAddress(customer.id);
    const other = await createAddress(customer.id, usAddress({ city: 'Ithaca' }));

    const res = await t.admin.delete(`/v1/customers/${customer.id}/addresses/${other.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await addressRows(customer.id)).map((a) => a.id)).not.toContain(other.id);
    expectProblem(await t.admin.get(`/v1/customers/${customer.id}/addresses/${other.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/customers/${customer.id}/addresses/${other.id}`), 404, 'not_found');
    const after = (await t.admin.get(`/v1/customers/${customer.id}`)).body.data;
    const events = await eventsOf(customer.id, 'customer.updated');
    expect(events).toHaveLength(3);
    expect(events.map((e) => e.data.object)).toContainEqual(after);
  });

  it('moves the primary flag to a new address created with is_primary true', async () => {
    const customer = await createCustomer();
    const old = await createAddress(customer.id);

    const moved = await createAddress(customer.id, usAddress({ city: 'Yonkers', is_primary: true }));

    expect(moved.is_primary).toBe(true);
    expect(await primaryIds(customer.id)).toEqual([moved.id]);
    const after = (await t.admin.get(`/v1/customers/${customer.id}`)).body.data;
    expect(after.default_address.id).toBe(moved.id);
    expect(after.addresses.find((a: { id: string }) => a.id === old.id).is_primary).toBe(false);
    const plain = await createAddress(customer.id, usAddress({ city: 'Utica' }));
    expect(plain.is_primary).toBe(false);
  });

  it('moves the primary flag with an update of is_primary true', async () => {
    const customer = await createCustomer();
    const old = await createAddress(customer.id);
    const other = await createAddress(customer.id, usAddress({ city: 'Syracuse' }));
    expect(other.is_primary).toBe(false);

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses/${other.id}`, { is_primary: true });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.is_primary).toBe(true);
    expect(await primaryIds(customer.id)).toEqual([other.id]);
    expect((await t.admin.get(`/v1/customers/${customer.id}`)).body.data.default_address.id).toBe(other.id);
    expect((await t.admin.get(`/v1/customers/${customer.id}/addresses/${old.id}`)).body.data.is_primary).toBe(false);
  });

  it('refuses to unmark the primary address (422 on is_primary)', async () => {
    const customer = await createCustomer();
    const primary = await createAddress(customer.id);
    await createAddress(customer.id, usAddress({ city: 'Troy' }));

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses/${primary.id}`, { is_primary: false, city: 'Elsewhere' });

    expectInvalid(res, 'is_primary');
    expect(await primaryIds(customer.id)).toEqual([primary.id]);
    expect((await addressRows(customer.id))[0]?.city).toBe('New York');
  });

  it('promotes the oldest remaining address when the primary one is deleted', async () => {
    const customer = await createCustomer();
    const oldest = await createAddress(customer.id);
    const middle = await createAddress(customer.id, usAddress({ city: 'Albany' }));
    const primary = await createAddress(customer.id, usAddress({ city: 'Buffalo', is_primary: true }));

    expect((await t.admin.delete(`/v1/customers/${customer.id}/addresses/${primary.id}`)).status).toBe(204);

    expect(await primaryIds(customer.id)).toEqual([oldest.id]);
    const after = (await t.admin.get(`/v1/customers/${customer.id}`)).body.data;
    expect(after.default_address.id).toBe(oldest.id);
    expect(after.addresses.map((a: { id: string }) => a.id)).toEqual([oldest.id, middle.id]);
  });

  it('leaves no default address once the last address is deleted', async () => {
    const customer = await createCustomer();
    const only = await createAddress(customer.id);

    expect((await t.admin.delete(`/v1/customers/${customer.id}/addresses/${only.id}`)).status).toBe(204);

    expect((await t.admin.get(`/v1/customers/${customer.id}`)).body.data).toMatchObject({ default_address: null, addresses: [] });
  });

  it("answers another customer's address with 404 and leaves it alone", async () => {
    const owner = await createCustomer();
    const stranger = await createCustomer();
    const address = await createAddress(owner.id);
    const path = `/v1/customers/${stranger.id}/addresses/${address.id}`;

    expectProblem(await t.admin.get(path), 404, 'not_found');
    expectProblem(await t.admin.post(path, { city: 'Hijacked' }), 404, 'not_found');
    expectProblem(await t.admin.delete(path), 404, 'not_found');
    expect(await addressRows(owner.id)).toEqual([expect.objectContaining({ id: address.id, city: 'New York', is_primary: 1 })]);
  });

  // --- address rules ---------------------------------------------------------------------------

  it('lists every missing required address member at once', async () => {
    const customer = await createCustomer();
    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses`, { first_name: 'Only' });
    expectInvalid(res, 'address1', 'postcode', 'city', 'country_code', 'phone');
    for (const field of ['address1', 'postcode', 'city', 'country_code', 'phone']) {
      expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code: 'required' }));
    }

    const nested = await t.admin.post('/v1/customers', { email: uniqueEmail(), addresses: [{ first_name: 'Only' }] });
    expectInvalid(nested, ...['address1', 'postcode', 'city', 'country_code', 'phone'].map((f) => `addresses[0][${f}]`));
  });

  it('refuses each required address member left out or blank', async () => {
    for (const field of ['address1', 'postcode', 'city', 'country_code', 'phone']) {
      await expectAddressInvalid(usAddress({ [field]: undefined }), field);
    }
    await expectAddressInvalid(usAddress({ city: '   ' }), 'city');
  });

  it('refuses an unknown country code (422 on country_code)', async () => {
    await expectAddressInvalid(usAddress({ country_code: 'ZZ', state_code: undefined }), 'country_code');
  });

  it('refuses state together with state_code (422 on state)', async () => {
    await expectAddressInvalid(usAddress({ state: 'New York' }), 'state');
  });

  it('refuses a state_code that is no subdivision of the country, or none for a US address (422 on state_code)', async () => {
    await expectAddressInvalid(usAddress({ state_code: 'XX' }), 'state_code');
    await expectAddressInvalid(usAddress({ state_code: undefined }), 'state_code');
    await expectAddressInvalid(usAddress({ state_code: undefined, state: 'Narnia' }), 'state_code');
  });

  it('takes a state name that is a subdivision for its code, and a lowercase state_code', async () => {
    const customer = await createCustomer();

    const byName = await createAddress(customer.id, usAddress({ state_code: undefined, state: 'New York' }));
    const lower = await createAddress(customer.id, usAddress({ state_code: 'ny' }));

    expect(byName).toMatchObject({ state: 'New York', state_code: 'NY' });
    expect(lower).toMatchObject({ state: 'New York', state_code: 'NY' });
    expect((await addressRows(customer.id)).map((a) => [a.state, a.state_code])).toEqual([['New York', 'NY'], ['New York', 'NY']]);
    const nested = await createCustomer({ addresses: [usAddress({ state_code: undefined, state: 'New York' })] });
    expect(nested.default_address).toMatchObject({ state: 'New York', state_code: 'NY' });
  });

  it('requires the state name in a country without subdivisions (MO) and refuses a state_code there', async () => {
    await expectAddressInvalid(macauAddress, 'state');
    await expectAddressInvalid({ ...macauAddress, state_code: 'MO' }, 'state_code');
    const customer = await createCustomer();

    const address = await createAddress(customer.id, { ...macauAddress, state: 'Macau' });

    expect(address).toMatchObject({ country_code: 'MO', country: expect.stringContaining('Macao'), state: 'Macau', state_code: null });
    expect(await addressRows(customer.id)).toEqual([expect.objectContaining({ state: 'Macau', state_code: null })]);
  });

  it('refuses an update to country CL that keeps the US state_code (422 on state_code)', async () => {
    const customer = await createCustomer();
    const address = await createAddress(customer.id);

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses/${address.id}`, { country_code: 'CL', city: 'Santiago' });

    expectInvalid(res, 'state_code');
    expect(await addressRows(customer.id)).toEqual([expect.objectContaining({ country_code: 'US', state_code: 'NY', city: 'New York' })]);
    const moved = await t.admin.post(`/v1/customers/${customer.id}/addresses/${address.id}`, { country_code: 'CL', city: 'Santiago', state_code: 'RM' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ country_code: 'CL', state_code: 'RM', state: expect.any(String) });
  });

  it('replaces the stored state when an update sends only a state_code, or only a state name', async () => {
    const customer = await createCustomer();
    const address = await createAddress(customer.id);

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses/${address.id}`, { state_code: 'CA' });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ state_code: 'CA', state: 'California' });
    expect(await addressRows(customer.id)).toEqual([expect.objectContaining({ state_code: 'CA', state: 'California' })]);
    const byName = await t.admin.post(`/v1/customers/${customer.id}/addresses/${address.id}`, { state: 'Texas' });
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.data).toMatchObject({ state_code: 'TX', state: 'Texas' });
  });

  it('names only the invalid members of an invalid update, under their own names', async () => {
    const customer = await createCustomer();
    const address = await createAddress(customer.id);

    const res = await t.admin.post(`/v1/customers/${customer.id}/addresses/${address.id}`, { phone: '', state: 'Ohio', state_code: 'OH' });

    expectInvalid(res, 'phone', 'state');
    expect(fieldsOf(res)).not.toContain('address1');
  });
});
