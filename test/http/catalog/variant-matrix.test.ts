import { expect, it } from 'vitest';
import { catalogFactories } from '../../helpers/catalog.js';
import { eventsOf, placedOrder } from '../../helpers/checkout.js';
import { expectInvalid, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('a product with its variant matrix (options)', (t) => {
  const { createProduct } = catalogFactories(t);

  async function skusOf(productId: string): Promise<any[]> {
    const res = await t.admin.get(`/v1/products/${productId}/skus?per_page=250`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function productsNamed(name: string): Promise<number> {
    const row = await t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('name', '=', name).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function eventCount(): Promise<number> {
    const row = await t.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  const options = (sku: any) => sku.options;

  // ---------------------------------------------------------------- attacks: refused matrices change nothing

  it('refuses more than 100 combinations with a 422 naming options, and makes nothing', async () => {
    const name = `Too many ${uniqueWord()}`;
    const values = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const events = await eventCount();

    const res = await t.admin.post('/v1/products', { name, options: { size: values(11, 'S'), color: values(10, 'C') } });

    expectInvalid(res, 'options');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'options', code: 'too_many_combinations' }));
    expect(await productsNamed(name)).toBe(0);
    expect(await eventCount()).toBe(events);

    const product = await createProduct();
    const update = await t.admin.post(`/v1/products/${product.id}`, { options: { a: values(5, 'A'), b: values(5, 'B'), c: values(5, 'C') } });
    expectInvalid(update, 'options');
    expect(await skusOf(product.id)).toHaveLength(1);
    expect((await t.admin.get(`/v1/products/${product.id}`)).body.data.modifiers).toEqual([]);
  });

  it('refuses a value repeated within an option (whatever its case) or blank, naming each, and makes nothing', async () => {
    const name = `Repeated ${uniqueWord()}`;
    const res = await t.admin.post('/v1/products', { name, options: { size: ['S', 'M', 's'], color: ['Red', ' ', 'Red'] } });

    expectInvalid(res, 'options[size][2]', 'options[color][1]', 'options[color][2]');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'options[size][2]', code: 'duplicate' }));
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'options[color][1]', code: 'blank' }));
    expect(await productsNamed(name)).toBe(0);
  });

  it('refuses an option without values, a value that is not text, and more than 10 options in all', async () => {
    expectInvalid(await t.admin.post('/v1/products', { name: 'Empty', options: { size: [] } }), 'options[size]');
    expectInvalid(await t.admin.post('/v1/products', { name: 'Number', options: { size: [1] } }), 'options[size][0]');
    const modifiers = Array.from({ length: 9 }, (_, i) => `m${i}`);
    expectInvalid(await t.admin.post('/v1/products', { name: 'Wide', modifiers, options: { size: ['S'], color: ['Red'] } }), 'options');
  });

  it('never deletes a sku when the matrix of an update leaves it out, even one that was ordered', async () => {
    const product = await createProduct({ options: { size: ['S', 'M', 'L'] }, price: 900 });
    const skus = await skusOf(product.id);
    await placedOrder(t, { items: [{ skuId: skus[2].id }] });

    const res = await t.admin.post(`/v1/products/${product.id}`, { options: { size: ['S'] } });

    expect(res.status, res.text).toBe(200);
    expect((await skusOf(product.id)).map((sku) => sku.id)).toEqual(skus.map((sku) => sku.id));
  });

  it('makes each combination once when updates with the same matrix race', async () => {
    const product = await createProduct();
    const matrix = { options: { size: ['S', 'M'], color: ['Red', 'Blue'] } };

    const answers = await Promise.all(Array.from({ length: 6 }, () => t.admin.post(`/v1/products/${product.id}`, matrix)));

    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await skusOf(product.id)).map(options)).toEqual([
      { size: 'S', color: 'Red' }, { size: 'S', color: 'Blue' }, { size: 'M', color: 'Red' }, { size: 'M', color: 'Blue' },
    ]);
  });

  // ---------------------------------------------------------------- making the skus

  it('makes a sku for each combination, the first option varying slowest, with modifiers, names and prices, and their events', async () => {
    const name = `Tee ${uniqueWord()}`;
    const res = await t.admin.post('/v1/products', {
      name, price: 2500, compared_price: 3000, options: { size: ['S', 'M', 'L'], color: ['Red', 'Blue'] },
    });

    expect(res.status, res.text).toBe(201);
    const product = res.body.data;
    expect(product.modifiers).toEqual(['size', 'color']);
    expect(product.skus.map(options)).toEqual([
      { size: 'S', color: 'Red' }, { size: 'S', color: 'Blue' }, { size: 'M', color: 'Red' },
      { size: 'M', color: 'Blue' }, { size: 'L', color: 'Red' }, { size: 'L', color: 'Blue' },
    ]);
    expect(product.skus.map((sku: any) => sku.name)).toEqual(['S / Red', 'S / Blue', 'M / Red', 'M / Blue', 'L / Red', 'L / Blue'].map((v) => `${name} - ${v}`));
    expect(product.skus.map((sku: any) => [sku.price, sku.compared_price, sku.position])).toEqual([0, 1, 2, 3, 4, 5].map((i) => [2500, 3000, i]));
    expect(product.sku_id).toBe(product.skus[0].id);
    expect([product.price, product.compared_price]).toEqual([2500, 3000]);
    expect(new Set(product.skus.map((sku: any) => sku.permalink)).size).toBe(6);

    // Listings find them by option.
    const blue = await t.admin.get(`/v1/products/${product.id}/skus?options[color]=Blue`);
    expect(blue.body.data.map(options)).toEqual([{ size: 'S', color: 'Blue' }, { size: 'M', color: 'Blue' }, { size: 'L', color: 'Blue' }]);

    const created = await eventsOf(t, product.id, 'product.created');
    expect(created).toHaveLength(1);
    expect(created[0].data.object.skus).toHaveLength(6);
    for (const sku of product.skus) {
      const events = await eventsOf(t, sku.id, 'sku.created');
      expect(events.map((event) => event.data.object.options)).toEqual([sku.options]);
      // Recorded after the product's own event, so a receiver meets the product first.
      expect(events[0].id > created[0].id).toBe(true);
    }
  });

  it('takes the matrix in a form body too, with bracket names', async () => {
    const name = `Form ${uniqueWord()}`;
    const res = await t.admin.post('/v1/products', undefined, {
      form: `name=${encodeURIComponent(name)}&price=700&options[size][]=S&options[size][]=M&options[color][]=Red`,
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data.skus.map(options)).toEqual([{ size: 'S', color: 'Red' }, { size: 'M', color: 'Red' }]);
  });

  it('adds the option names after the modifiers given, and takes exactly 100 combinations', async () => {
    const values = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${i}`);
    const product = await createProduct({ modifiers: ['material'], options: { size: values('S'), color: values('C') } });

    expect(product.modifiers).toEqual(['material', 'size', 'color']);
    expect(product.skus).toHaveLength(100);
  });

  it('on update, turns the default sku into the first combination and adds the missing ones priced as it; again, adds nothing', async () => {
    const product = await createProduct({ price: 1200, modifiers: ['material'] });

    const res = await t.admin.post(`/v1/products/${product.id}`, { options: { size: ['S', 'M'] } });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.modifiers).toEqual(['material', 'size']);
    const skus = await skusOf(product.id);
    expect(skus.map((sku) => [sku.id === product.sku_id, sku.options, sku.price])).toEqual([
      [true, { size: 'S' }, 1200], [false, { size: 'M' }, 1200],
    ]);
    expect((await eventsOf(t, product.sku_id, 'sku.updated'))[0].data.object.options).toEqual({ size: 'S' });
    expect(await eventsOf(t, skus[1].id, 'sku.created')).toHaveLength(1);

    const again = await t.admin.post(`/v1/products/${product.id}`, { options: { size: ['M', 'S'] } });
    expect(again.status, again.text).toBe(200);
    expect((await skusOf(product.id)).map((sku) => sku.id)).toEqual(skus.map((sku) => sku.id));

    const wider = await t.admin.post(`/v1/products/${product.id}`, { options: { size: ['S', 'M', 'XL'] } });
    expect(wider.status, wider.text).toBe(200);
    expect((await skusOf(product.id)).map(options)).toEqual([{ size: 'S' }, { size: 'M' }, { size: 'XL' }]);
  });

  it('fills in a matrix a product already partly has, keeping the skus it has', async () => {
    const product = await createProduct({ options: { size: ['S'], color: ['Red'] }, price: 500 });
    const res = await t.admin.post(`/v1/products/${product.id}`, { options: { size: ['S', 'M'], color: ['Red', 'Blue'] } });

    expect(res.status, res.text).toBe(200);
    const skus = await skusOf(product.id);
    expect(skus[0].id).toBe(product.sku_id);
    expect(skus.map(options)).toEqual([{ size: 'S', color: 'Red' }, { size: 'S', color: 'Blue' }, { size: 'M', color: 'Red' }, { size: 'M', color: 'Blue' }]);
  });
});
