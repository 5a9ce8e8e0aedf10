import { expect, it } from 'vitest';
import { expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Every translatable record beside products: collections, categories, blogs, posts, pages, skus by
// permalink and shipping rates.
describeEachDatabase('translations of collections, categories, content and shipping rates', (t) => {
  it('translates a collection and the products it lists, and finds it by its translated permalink', async () => {
    const w = uniqueWord();
    const collection = (await t.admin.post('/v1/collections', {
      title: `Summer ${w}`, kind: 'products', description: '<p>Hot</p>', is_visible: true,
      translations: { fr: { title: `Été ${w}`, permalink: `ete-${w}` } },
    })).body.data;
    expect(collection.translations).toEqual({ fr: { title: `Été ${w}`, permalink: `ete-${w}` } });
    await t.admin.post('/v1/products', { name: `Hat ${w}`, collection_ids: [collection.id], translations: { fr: { name: `Chapeau ${w}` } } });

    const read = await t.storefront.get(`/v1/collections/ete-${w}?locale=fr`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ id: collection.id, title: `Été ${w}`, description: '<p>Hot</p>', permalink: `ete-${w}`, locale: 'fr' });
    expect(read.body.data).not.toHaveProperty('translations');
    const products = await t.storefront.get(`/v1/collections/ete-${w}/products?locale=fr`);
    expect(products.body.data.map((p: { name: string }) => p.name)).toEqual([`Chapeau ${w}`]);
    const list = await t.storefront.get(`/v1/collections?q=${w}&locale=fr`);
    expect(list.body.data.map((c: { title: string }) => c.title)).toEqual([`Été ${w}`]);

    // A collection update replaces its fields but merges its translations.
    const updated = await t.admin.post(`/v1/collections/${collection.id}`, { title: `Summer ${w}`, kind: 'products', translations: { de: { title: 'Sommer' } } });
    expect(updated.body.data.translations).toEqual({ fr: { title: `Été ${w}`, permalink: `ete-${w}` }, de: { title: 'Sommer' } });
    const taken = await t.admin.post('/v1/collections', { title: `Other ${w}`, kind: 'products', translations: { fr: { permalink: `ete-${w}` } } });
    expect(fieldsOf(taken)).toEqual(['translations[fr][permalink]']);
    const unknown = await t.admin.post(`/v1/collections/${collection.id}`, { title: 'x', kind: 'products', translations: { fr: { name: 'Été' } } });
    expectProblem(unknown, 422, 'validation_failed');
    expect(fieldsOf(unknown)).toEqual(['translations[fr][name]']);
  });

  it('translates categories, alone, in lists and in trees', async () => {
    const w = uniqueWord();
    const parent = (await t.admin.post('/v1/categories', { title: `Hats ${w}`, translations: { fr: { title: `Chapeaux ${w}`, permalink: `chapeaux-${w}` } } })).body.data;
    const child = (await t.admin.post('/v1/categories', { title: `Caps ${w}`, parent_id: parent.id, translations: { fr: { title: `Casquettes ${w}` } } })).body.data;
    expect(child.translations).toEqual({ fr: { title: `Casquettes ${w}` } });

    expect((await t.storefront.get(`/v1/categories/chapeaux-${w}?locale=fr`)).body.data).toMatchObject({ id: parent.id, title: `Chapeaux ${w}`, locale: 'fr' });
    const tree = (await t.storefront.get(`/v1/categories/${parent.id}/tree?locale=fr`)).body.data;
    expect(tree).toMatchObject({ title: `Chapeaux ${w}`, children: [{ id: child.id, title: `Casquettes ${w}`, locale: 'fr' }] });
    expect(tree.children[0]).not.toHaveProperty('translations');
    const list = (await t.admin.get('/v1/categories?per_page=250&locale=fr')).body.data as Array<{ id: string; title: string }>;
    expect(list.find((c) => c.id === child.id)?.title).toBe(`Casquettes ${w}`);
    const staffTree = (await t.admin.get(`/v1/categories/${parent.id}/tree`)).body.data;
    expect(staffTree.children[0].translations).toEqual({ fr: { title: `Casquettes ${w}` } });

    const updated = await t.admin.post(`/v1/categories/${child.id}`, { title: `Caps ${w}`, translations: { fr: { title: null } } });
    expect(updated.body.data.translations).toEqual({});
  });

  it('translates blogs, posts and pages, sanitises translated content, and finds each by a translated permalink', async () => {
    const w = uniqueWord();
    const blog = (await t.admin.post('/v1/blogs', { title: `News ${w}`, translations: { fr: { title: 'Nouvelles', permalink: `nouvelles-${w}` } } })).body.data;
    const post = (await t.admin.post('/v1/posts', {
      blog_id: blog.id, title: `Hello ${w}`, summary: 'Hi', content: '<p>Hi</p>', is_published: true,
      translations: { fr: { title: 'Bonjour', content: '<p>Salut</p><script>alert(1)</script>', permalink: `bonjour-${w}` } },
    })).body.data;
    expect(post.translations.fr.content).toBe('<p>Salut</p>');
    const page = (await t.admin.post('/v1/pages', {
      title: `About ${w}`, content: '<p>Us</p>', is_published: true, translations: { fr: { title: 'À propos', permalink: `a-propos-${w}` } },
    })).body.data;

    expect((await t.storefront.get(`/v1/blogs/nouvelles-${w}?locale=fr`)).body.data).toMatchObject({ id: blog.id, title: 'Nouvelles', locale: 'fr' });
    const readPost = (await t.storefront.get(`/v1/posts/bonjour-${w}?locale=fr`)).body.data;
    expect(readPost).toMatchObject({ id: post.id, title: 'Bonjour', summary: 'Hi', content: '<p>Salut</p>', locale: 'fr' });
    expect(readPost).not.toHaveProperty('translations');
    expect((await t.storefront.get(`/v1/pages/a-propos-${w}`, { headers: { 'accept-language': 'fr' } })).body.data.id).toBe(page.id);
    expect((await t.storefront.get(`/v1/pages/${page.id}?locale=fr`)).body.data).toMatchObject({ title: 'À propos', content: '<p>Us</p>' });
    const posts = await t.storefront.get(`/v1/posts?blog_id=${blog.id}&locale=fr`);
    expect(posts.body.data.map((p: { title: string }) => p.title)).toEqual(['Bonjour']);
    expect((await t.storefront.get(`/v1/posts/${post.id}`)).body.data).not.toHaveProperty('translations');

    const merged = await t.admin.post(`/v1/posts/${post.id}`, { translations: { fr: { summary: 'Coucou' } } });
    expect(merged.body.data.translations.fr).toEqual({ title: 'Bonjour', content: '<p>Salut</p>', permalink: `bonjour-${w}`, summary: 'Coucou' });
    const bad = await t.admin.post(`/v1/pages/${page.id}`, { translations: { fr: { summary: 'x' }, 'FR-fr': { title: 'x' } } });
    expect(fieldsOf(bad).sort()).toEqual(['translations[FR-fr]', 'translations[fr][summary]']);
    const taken = await t.admin.post('/v1/blogs', { title: `Other ${w}`, translations: { fr: { permalink: `nouvelles-${w}` } } });
    expect(taken.body.errors).toEqual([expect.objectContaining({ field: 'translations[fr][permalink]', code: 'taken' })]);
  });

  it('lists skus by a translated permalink', async () => {
    const w = uniqueWord();
    const product = (await t.admin.post('/v1/products', { name: `Hat ${w}` })).body.data;
    const sku = await t.admin.post(`/v1/skus/${product.sku_id}`, { translations: { fr: { permalink: `chapeau-${w}` } } });
    expect(sku.status, sku.text).toBe(200);
    const found = await t.storefront.get(`/v1/skus?permalink=chapeau-${w}`);
    expect(found.body.data.map((s: { id: string }) => s.id)).toEqual([product.sku_id]);
  });

  it("translates shipping rate names, merging a kept rate's translations and naming faults under rates[i]", async () => {
    const res = await t.admin.post('/v1/shipping_zones', {
      name: `Europe ${uniqueWord()}`, countries: ['FR'],
      rates: [{ name: 'Standard', kind: 'weight', price: 500, translations: { fr: { name: 'Normal' }, de: { name: 'Standard DE' } } }],
    });
    expect(res.status, res.text).toBe(201);
    const zone = res.body.data;
    expect(zone.rates[0].translations).toEqual({ fr: { name: 'Normal' }, de: { name: 'Standard DE' } });

    const kept = await t.admin.post(`/v1/shipping_zones/${zone.id}`, {
      rates: [{ id: zone.rates[0].id, name: 'Standard', kind: 'weight', price: 500, translations: { de: null, es: { name: 'Estándar' } } }],
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data.rates[0].translations).toEqual({ fr: { name: 'Normal' }, es: { name: 'Estándar' } });
    const fr = await t.admin.get(`/v1/shipping_zones/${zone.id}?locale=fr`);
    expect(fr.body.data.rates[0]).toMatchObject({ name: 'Normal', locale: 'fr' });
    expect(fr.body.data.rates[0]).not.toHaveProperty('translations');
    const listed = await t.admin.get('/v1/shipping_zones?locale=es&per_page=250');
    expect(listed.body.data.find((z: { id: string }) => z.id === zone.id).rates[0].name).toBe('Estándar');

    const bad = await t.admin.post(`/v1/shipping_zones/${zone.id}`, {
      rates: [{ name: 'Express', kind: 'weight', price: 900, translations: { fr: { description: 'x', name: 'y'.repeat(256) } } }],
    });
    expectProblem(bad, 422, 'validation_failed');
    expect(fieldsOf(bad).sort()).toEqual(['rates[0][translations][fr][description]', 'rates[0][translations][fr][name]']);
  });
});
