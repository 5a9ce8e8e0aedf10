import { expect, test } from 'vitest';
import { placedOrder } from '../../helpers/checkout.js';
import { signedUpCustomer } from '../../helpers/customers.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { deliverMailUntil } from '../../helpers/smtp.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/** A kind's message about an order or a customer, once the worker rendered it (no SMTP server: recorded as not_sent). */
async function renderedMail(t: TestContext, filter: string, kind: string): Promise<any> {
  const find = async () => (await t.admin.get(`/v1/notifications?${filter}&kind=${kind}`)).body.data[0];
  await deliverMailUntil(t, undefined, async () => (await find())?.status === 'not_sent');
  return find();
}

const confirmationOf = (t: TestContext, orderId: string) => renderedMail(t, `order_id=${orderId}`, 'order_confirmation');

/** An order placed by a guest, in a locale (kept on the order as checkout keeps the cart's). */
async function guestOrderIn(t: TestContext, locale: string | null, changes: Record<string, unknown> = {}) {
  const order = await placedOrder(t, { items: [{ price: 1500 }] });
  await t.db.updateTable('orders').set({ locale, ...changes }).where('id', '=', order.orderId).execute();
  return order;
}

describeEachDatabase('mail per locale', (t) => {
  test('customers take and show a locale on sign-up, their own update and staff create and update', async () => {
    const customer = await signedUpCustomer(t, { locale: 'fr' });
    expect((await t.admin.get(`/v1/customers/${customer.id}`)).body.data.locale).toBe('fr');
    const own = await customer.client.post(`/v1/customers/${customer.id}`, { email: customer.email, locale: 'fr-CH' });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.locale).toBe('fr-CH');

    const created = await t.admin.post('/v1/customers', { email: `${customer.id}@example.com`, locale: 'es' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.locale).toBe('es');
    const cleared = await t.admin.post(`/v1/customers/${created.body.data.id}`, { email: created.body.data.email, locale: null });
    expect(cleared.body.data.locale).toBeNull();
    // Untouched when not sent.
    const kept = await t.admin.post(`/v1/customers/${customer.id}`, { email: customer.email, first_name: 'Aimée' });
    expect(kept.body.data.locale).toBe('fr-CH');
  });

  test('a locale not shaped as a language (and country) is refused, naming the field', async () => {
    expectInvalid(await t.storefront.post('/v1/customers', { email: 'locale-bad@example.com', password: 'correct-horse-battery', locale: 'fr_FR' }), 'locale');
    expectInvalid(await t.admin.post('/v1/customers', { email: 'locale-bad@example.com', locale: 'French' }), 'locale');
    const customer = await signedUpCustomer(t);
    expectInvalid(await customer.client.post(`/v1/customers/${customer.id}`, { email: customer.email, locale: 'FR' }), 'locale');
    expectInvalid(await t.admin.post(`/v1/customers/${customer.id}`, { email: customer.email, locale: 'fr-ch' }), 'locale');
    expect((await t.admin.get(`/v1/customers/${customer.id}`)).body.data.locale).toBeNull();
  });

  test("a French customer's order confirmation is in French, amounts formatted in French", async () => {
    const customer = await signedUpCustomer(t, { locale: 'fr' });
    const order = await placedOrder(t, { client: customer.client, items: [{ price: 1250 }] });
    const mail = await confirmationOf(t, order.orderId);
    expect(mail.subject).toBe(`Commande ${order.order.number} confirmée`);
    expect(mail.text).toContain('Merci pour votre commande.');
    expect(mail.text).toMatch(/Sous-total : 12,50\s\$US/);
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Voir votre commande');
  });

  test("the order's locale comes before its customer's: a Spanish order of a French customer is in Spanish", async () => {
    const customer = await signedUpCustomer(t, { locale: 'fr' });
    const order = await placedOrder(t, { client: customer.client });
    await t.db.updateTable('orders').set({ locale: 'es' }).where('id', '=', order.orderId).execute();
    const mail = await confirmationOf(t, order.orderId);
    expect(mail.subject).toBe(`Pedido ${order.order.number} confirmado`);
    expect(mail.text).toContain('Gracias por tu pedido.');
    expect(mail.html).toContain('Ver tu pedido');
  });

  test('a locale with a country falls back to its language, and one without templates to English', async () => {
    const swiss = await guestOrderIn(t, 'fr-CH');
    const swissMail = await confirmationOf(t, swiss.orderId);
    expect(swissMail.subject).toBe(`Commande ${swiss.order.number} confirmée`);
    // Amounts as Swiss French writes them.
    expect(swissMail.text).toMatch(/Sous-total : 15\.00\s\$US/);

    const german = await guestOrderIn(t, 'de');
    const germanMail = await confirmationOf(t, german.orderId);
    expect(germanMail.subject).toBe(`Order ${german.order.number} confirmed`);
    expect(germanMail.text).toContain('Subtotal: $15.00');
  });

  test("without an order or customer locale the store's language is used, and account mails use the customer's locale", async () => {
    await t.admin.post('/v1/store', { lang: 'es' });
    try {
      const order = await guestOrderIn(t, null);
      expect((await confirmationOf(t, order.orderId)).subject).toBe(`Pedido ${order.order.number} confirmado`);
    } finally {
      await t.admin.post('/v1/store', { lang: 'en' });
    }
    const customer = await signedUpCustomer(t, { locale: 'fr-CH' });
    expect((await t.admin.post(`/v1/customers/${customer.id}/verification`, {})).status).toBe(202);
    const verification = await renderedMail(t, `customer_id=${customer.id}`, 'email_verification');
    expect(verification.subject).toMatch(/^Confirmez votre adresse e-mail pour /);
  });

  test('staff read, edit and preview a template per locale; an edited French template is used', async () => {
    const french = await t.admin.get('/v1/notification_templates/order_confirmation?locale=fr');
    expect(french.status, french.text).toBe(200);
    expect(french.body.data).toMatchObject({ locale: 'fr', locales: ['en', 'es', 'fr'], subject: 'Commande {{ order.number }} confirmée', customized: [] });
    const list = await t.admin.get('/v1/notification_templates?locale=es');
    expect(list.body.data.map((template: any) => [template.locale, template.locales])).toEqual(list.body.data.map(() => ['es', ['en', 'es', 'fr']]));
    expect(list.body.data.find((template: any) => template.kind === 'refund').subject).toBe('Reembolso del pedido {{ order.number }}');
    // The default without a locale, as before.
    expect((await t.admin.get('/v1/notification_templates/order_confirmation')).body.data).toMatchObject({ locale: 'en', subject: 'Order {{ order.number }} confirmed' });

    const edited = await t.admin.post('/v1/notification_templates/order_confirmation', { locale: 'fr', subject: 'Merci ! Votre commande {{ order.number }}' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ locale: 'fr', customized: ['subject'], subject: 'Merci ! Votre commande {{ order.number }}' });
    expect(edited.body.data.text).toContain('Merci pour votre commande.');
    // The English template is untouched.
    expect((await t.admin.get('/v1/notification_templates/order_confirmation?locale=en')).body.data.subject).toBe('Order {{ order.number }} confirmed');

    const preview = await t.admin.post('/v1/notification_templates/order_confirmation/preview', { locale: 'fr-CH' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({ locale: 'fr-CH', subject: 'Merci ! Votre commande 1001' });

    try {
      const order = await guestOrderIn(t, 'fr-BE');
      expect((await confirmationOf(t, order.orderId)).subject).toBe(`Merci ! Votre commande ${order.order.number}`);
    } finally {
      await t.admin.post('/v1/notification_templates/order_confirmation', { locale: 'fr', subject: null });
    }
    expect((await t.admin.get('/v1/notification_templates/order_confirmation?locale=fr')).body.data).toMatchObject({ customized: [], subject: 'Commande {{ order.number }} confirmée' });
  });

  test('staff write a template in a new locale, and removing all its parts removes it', async () => {
    const written = await t.admin.post('/v1/notification_templates/refund', { locale: 'de', subject: 'Erstattung für Bestellung {{ order.number }}' });
    expect(written.status, written.text).toBe(200);
    expect(written.body.data).toMatchObject({ locale: 'de', locales: ['en', 'de', 'es', 'fr'], customized: ['subject'] });
    // Its other parts are the default's; a German locale with a country finds it.
    expect(written.body.data.text).toContain('We have refunded');
    expect((await t.admin.get('/v1/notification_templates/refund?locale=de-AT')).body.data.subject).toBe('Erstattung für Bestellung {{ order.number }}');

    const removed = await t.admin.post('/v1/notification_templates/refund', { locale: 'de', subject: null });
    expect(removed.body.data).toMatchObject({ locales: ['en', 'es', 'fr'], customized: [], subject: 'Refund for order {{ order.number }}' });
  });

  test('a kind switched off in any locale is off in all', async () => {
    const off = await t.admin.post('/v1/notification_templates/order_canceled', { locale: 'es', is_enabled: false });
    expect(off.body.data).toMatchObject({ locale: 'es', is_enabled: false, customized: [] });
    expect((await t.admin.get('/v1/notification_templates/order_canceled')).body.data.is_enabled).toBe(false);
    expect((await t.admin.post('/v1/notification_templates/order_canceled', { is_enabled: true })).body.data.is_enabled).toBe(true);
  });

  test('a template locale not shaped as a language (and country) is refused, naming the field', async () => {
    // A bad query parameter is a bad request (DESIGN.md §3), a bad body member a validation failure.
    for (const path of ['/v1/notification_templates/refund?locale=french', '/v1/notification_templates?locale=FR']) {
      const res = await t.admin.get(path);
      expectProblem(res, 400, 'invalid_request');
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'locale' })]);
    }
    expectInvalid(await t.admin.post('/v1/notification_templates/refund', { locale: 'fr_FR', subject: 'x' }), 'locale');
    expectInvalid(await t.admin.post('/v1/notification_templates/refund/preview', { locale: 'fr-fr' }), 'locale');
  });

  test("a JPY order's mail shows whole yen", async () => {
    const order = await guestOrderIn(t, null, { currency: 'JPY' });
    const mail = await confirmationOf(t, order.orderId);
    expect(mail.text).toContain('Subtotal: ¥1,500');
    expect(mail.text).toContain(`Total: ¥${order.order.total_price.toLocaleString('en')}`);
    expect(mail.text).not.toMatch(/¥\d+\.\d/);
    expect(mail.html).toContain('¥1,500');
  });
});
