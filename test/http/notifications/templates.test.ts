import { afterAll, expect, test } from 'vitest';
import { makeSku, placedOrder } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { mailTo, startSmtpServer, stopSmtpServers } from '../../helpers/smtp.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

const KINDS = ['order_confirmation', 'shipping_confirmation', 'order_canceled', 'refund', 'password_reset', 'email_verification', 'abandoned_checkout', 'staff_invitation', 'gift_card_issued'];

describeEachDatabase('notification templates', (t) => {
  test('a product or customer name with markup is shown as text in the HTML mail, never run', async () => {
    const smtp = await startSmtpServer();
    const sku = await makeSku(t);
    const productName = `<script>alert("${uniqueWord()}")</script>`;
    expect((await t.admin.post(`/v1/products/${sku.productId}`, { name: productName })).status).toBe(200);
    const firstName = '<img src=x onerror=alert(1)>';
    const order = await placedOrder(t, { items: [{ skuId: sku.id }], customer: { first_name: firstName } });

    const mail = await mailTo(t, smtp, order.email);
    const html = mail.parsed.html as string;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&#34;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Plain text is no markup: the names read as typed.
    expect(mail.parsed.text).toContain(productName);
  });

  test('answers the templates at /v1/notification_templates, as documented, and at the first paths, undocumented', async () => {
    const kind = 'refund';
    const saved = await t.admin.post(`/v1/notification_templates/${kind}`, { subject: `Refund ${uniqueWord()}` });
    expect(saved.status, saved.text).toBe(200);
    for (const prefix of ['/v1/notification_templates', '/v1/notifications/templates']) {
      const read = await t.admin.get(`${prefix}/${kind}`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.data.subject).toBe(saved.body.data.subject);
      expect((await t.admin.get(prefix)).body.data.map((tpl: any) => tpl.kind)).toEqual(KINDS);
      expect((await t.admin.post(`${prefix}/${kind}/preview`, {})).status).toBe(200);
      expectProblem(await t.storefront.get(`${prefix}/${kind}`), 403, 'forbidden');
    }
    const paths = Object.keys((await t.anonymous.get('/openapi.json')).body.paths);
    expect(paths).toEqual(expect.arrayContaining(['/v1/notification_templates', '/v1/notification_templates/{kind}', '/v1/notification_templates/{kind}/preview']));
    expect(paths.filter((path) => path.startsWith('/v1/notifications/templates'))).toEqual([]);
    expect((await t.admin.post(`/v1/notification_templates/${kind}`, { subject: null })).status).toBe(200);
  });

  test('every kind has a shipped template that renders in the preview, the store named in it', async () => {
    await t.admin.post('/v1/store', { name: 'Preview Shop' });
    const list = await t.admin.get('/v1/notifications/templates');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((tpl: any) => tpl.kind)).toEqual(KINDS);
    for (const kind of KINDS) {
      const res = await t.admin.post(`/v1/notifications/templates/${kind}/preview`, {});
      expect(res.status, `${kind}: ${res.text}`).toBe(200);
      expect(res.body.data.subject.length, kind).toBeGreaterThan(0);
      expect(res.body.data.html, kind).toContain('Preview Shop');
      expect(res.body.data.html, kind).toContain('<meta name="viewport"');
      expect(res.body.data.text, kind).toContain('Preview Shop');
      expect(res.body.data.text, kind).not.toMatch(/<[a-z]/i);
    }
    const reset = (await t.admin.post('/v1/notifications/templates/password_reset/preview', {})).body.data;
    expect(reset.text).toContain('http://shop.test/account/reset?token=');
    const invitation = (await t.admin.post('/v1/notifications/templates/staff_invitation/preview', {})).body.data;
    expect(invitation.subject).toBe("You're invited to run Preview Shop");
    expect(invitation.text).toContain('Sam Owner invited you to the dashboard of Preview Shop, with the fulfillment role.');
    expect(invitation.text).toContain('/admin/accept-invitation?token=sample');
  });

  test('a template with a syntax error is refused naming the field and the line; nothing is saved', async () => {
    const before = (await t.admin.get('/v1/notifications/templates/refund')).body.data;
    const res = await t.admin.post('/v1/notifications/templates/refund', { subject: 'Refund {{ order.number }}', html: '<p>Hello</p>\n<p>{% if order %}unclosed</p>' });
    expectInvalid(res, 'html');
    expect(res.body.errors.find((e: any) => e.field === 'html').message).toMatch(/line 2/);
    expect((await t.admin.get('/v1/notifications/templates/refund')).body.data).toEqual(before);

    const preview = await t.admin.post('/v1/notifications/templates/refund/preview', { text: 'ok\n\n{{ order.number | no_such_filter }}' });
    expectInvalid(preview, 'text');
    expect(preview.body.errors[0].message).toMatch(/line 3/);
  });

  test('an edited template is used for the next messages; null gives the shipped part back', async () => {
    const smtp = await startSmtpServer();
    await t.admin.post('/v1/store', { name: 'Preview Shop' });
    const saved = await t.admin.post('/v1/notifications/templates/order_confirmation', { subject: 'Thanks, {{ order.email }}! #{{ order.number }}', text: 'Order {{ order.number }} of {{ store.name }}' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'order_confirmation', subject: 'Thanks, {{ order.email }}! #{{ order.number }}', customized: ['subject', 'text'], is_enabled: true });
    try {
      const order = await placedOrder(t);
      const mail = await mailTo(t, smtp, order.email);
      expect(mail.parsed.subject).toBe(`Thanks, ${order.email}! #${order.order.number}`);
      expect(mail.parsed.text?.trim()).toBe(`Order ${order.order.number} of Preview Shop`);
      // The preview renders a draft over the saved template.
      const draft = await t.admin.post('/v1/notifications/templates/order_confirmation/preview', { subject: 'Draft {{ order.number }}' });
      expect(draft.body.data).toMatchObject({ subject: 'Draft 1001', text: 'Order 1001 of Preview Shop\n' });
    } finally {
      const reset = await t.admin.post('/v1/notifications/templates/order_confirmation', { subject: null, text: null });
      expect(reset.body.data.customized).toEqual([]);
    }
    expect((await t.admin.get('/v1/notifications/templates/order_confirmation')).body.data.subject).toBe('Order {{ order.number }} confirmed');
  });

  test('an unknown kind is 404; a template may not reach outside its data', async () => {
    expectProblem(await t.admin.get('/v1/notifications/templates/newsletter'), 404, 'not_found');
    expectProblem(await t.admin.post('/v1/notifications/templates/newsletter/preview', {}), 404, 'not_found');
    const res = await t.admin.post('/v1/notifications/templates/refund/preview', { text: '[{{ store.constructor }}][{{ order.items.__proto__ }}]' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.text).toBe('[][]\n');
  });

  test("a template may not read the server's files: include, render and layout are refused, nothing saved", async () => {
    const before = (await t.admin.get('/v1/notifications/templates/refund')).body.data;
    const reads = ["{% include 'package.json' %}", "{% render 'README.md' %}", "{% layout 'README.md' %}x", "{% liquid\n include 'package.json'\n %}"];
    for (const text of reads) {
      for (const res of [
        await t.admin.post('/v1/notifications/templates/refund', { text }),
        await t.admin.post('/v1/notifications/templates/refund/preview', { text }),
      ]) {
        expectInvalid(res, 'text');
        expect(res.body.errors[0].message, text).toMatch(/tag "(include|render|layout)" not found/);
        expect(res.text).not.toContain('"name": "storefront"');
      }
    }
    expect((await t.admin.get('/v1/notifications/templates/refund')).body.data).toEqual(before);
  });
});
