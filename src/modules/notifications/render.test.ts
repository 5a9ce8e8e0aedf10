import { describe, expect, it } from 'vitest';
import { defaultTemplates, shippedTemplates } from './default-templates.js';
import { notificationKinds } from './kinds.js';
import { shopLink } from './links.js';
import { renderMessage, templateErrors, type RenderedMessage } from './render.js';
import type { MessageTemplate } from './default-templates.js';

/** The message rendered, failing the test when it could not be. */
function rendered(template: MessageTemplate, data: Record<string, unknown>, locale?: string): RenderedMessage {
  const outcome = renderMessage(template, data, locale);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.message;
}

describe('notification templates', () => {
  it('names the part, line and column of a syntax error', () => {
    expect(templateErrors({ subject: 'Hi {{ order.number }}', html: 'a\n{% if x %}b', text: '{{ x ' })).toEqual([
      { field: 'html', code: 'invalid_template', message: 'has a Liquid syntax error on line 2, column 1: tag {% if x %} not closed' },
      { field: 'text', code: 'invalid_template', message: 'has a Liquid syntax error on line 1, column 1: output "{{ x " not closed' },
    ]);
    expect(templateErrors({ html: '{{ a | nope }}' })[0]!.message).toMatch(/undefined filter: nope/);
  });

  it('parses every shipped template, in every shipped locale', () => {
    expect(Object.keys(shippedTemplates)).toEqual(['en', 'fr', 'es']);
    for (const [locale, templates] of Object.entries(shippedTemplates)) {
      for (const kind of notificationKinds) expect(templateErrors(templates[kind]), `${locale} ${kind}`).toEqual([]);
    }
  });

  it("shows money as the mail's locale writes it, with the currency's own decimals", () => {
    const template = { subject: '{{ a | money: "KWD" }}', html: '{{ a | money: "EUR" }}', text: '{{ a | money: "JPY" }}' };
    const data = { a: 123456 };
    expect(rendered(template, data)).toEqual({ subject: 'KWD 123.456', html: '€1,234.56', text: '¥123,456\n' });
    expect(rendered(template, data, 'fr')).toMatchObject({ html: '1\u202f234,56\u00a0€', text: '123\u202f456\u00a0JPY\n' });
    expect(rendered(template, data, 'es')).toMatchObject({ html: '1234,56\u00a0€' });
  });

  it('escapes data in HTML only, keeps the subject on one line and shows money in the currency', async () => {
    const message = rendered(
      { subject: 'A\n{{ name }}', html: '<b>{{ name }}</b> {{ cents | money: "EUR" }}', text: '{{ name }} {{ cents | money: "JPY" }}' },
      { name: '<i>x</i> & "y"', cents: 1250 },
    );
    expect(message).toEqual({
      subject: 'A <i>x</i> & "y"',
      html: '<b>&lt;i&gt;x&lt;/i&gt; &amp; &#34;y&#34;</b> €12.50',
      text: '<i>x</i> & "y" ¥1,250\n',
    });
  });

  it('renders a kept template afresh for each message, per part, and a changed template as changed', async () => {
    const template = { subject: '{{ name }}', html: '{{ name }}', text: '{{ name }}' };
    const first = rendered(template, { name: '<a>' });
    const second = rendered(template, { name: 'b' });
    expect([first.subject, first.html, first.text]).toEqual(['<a>', '&lt;a&gt;', '<a>\n']);
    expect([second.subject, second.html, second.text]).toEqual(['b', 'b', 'b\n']);
    expect((rendered({ ...template, html: 'Hi {{ name }}' }, { name: 'c' })).html).toBe('Hi c');
    for (let i = 0; i < 100; i++) expect((rendered({ ...template, text: `${i} {{ name }}` }, { name: 'd' })).text).toBe(`${i} d\n`);
    expect((rendered(template, { name: 'e' })).html).toBe('e');
  });
});

describe('addresses in mails', () => {
  const order = (address: Record<string, string | null>) => ({
    store: { name: 'Demo', email: 'shop@demo.storefront.test' },
    order: {
      number: '#1001', currency: 'USD', items: [], total_products: 0, total_discount: 0, subtotal_price: 0, total_taxes: 0,
      total_price: 0, is_shipping_required: true, shipping_rate: 0, customer: { first_name: 'Ada' },
      shipping: { name: 'Ada Lovelace', address: { address1: '1 Main St', address2: null, ...address } },
    },
  });

  it('writes a US address as its post does: city, state code and ZIP code on one line', () => {
    const message = rendered(defaultTemplates.order_confirmation, order({
      city: 'New York', postcode: '10001', country: 'United States', country_code: 'US', state: 'New York', state_code: 'NY',
    }));
    expect(message.text).toContain('Ada Lovelace\n1 Main St\nNew York, NY 10001, United States\n');
    expect(message.html).toContain('Ada Lovelace<br>1 Main St<br>New York, NY 10001, United States</p>');
  });

  it('writes a French address as before: postcode, then city', () => {
    const message = rendered(defaultTemplates.order_confirmation, order({
      city: 'Paris', postcode: '75002', country: 'France', country_code: 'FR', state: 'Paris', state_code: null,
    }));
    expect(message.text).toContain('Ada Lovelace\n1 Main St\n75002 Paris, France\n');
    expect(message.html).toContain('Ada Lovelace<br>1 Main St<br>75002 Paris, France</p>');
  });

  it('gives templates the locality filter, escaped in HTML like any output', () => {
    const template = { subject: '{{ a | locality }}', html: '{{ a | locality }}', text: '{{ a | locality }}' };
    const message = rendered(template, { a: { city: 'A&B <Town>', postcode: '12345', country_code: 'US', state_code: 'NY' } });
    expect([message.subject, message.html, message.text]).toEqual(['A&B <Town>, NY 12345', 'A&amp;B &lt;Town&gt;, NY 12345', 'A&B <Town>, NY 12345\n']);
  });
});

describe('notification template limits', () => {
  const template = { subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' };

  it('stops a render that runs out of its time, or builds too much, naming the part and the limit', () => {
    const endless = '{% assign r = (1..100) %}{% for a in r %}{% for b in r %}{% for c in r %}{% for d in r %}{% endfor %}{% endfor %}{% endfor %}{% endfor %}';
    expect(renderMessage({ ...template, text: endless }, {})).toEqual({ ok: false, errors: [{ field: 'text', code: 'limit_exceeded', message: 'exceeds the render time limit of 250 ms' }] });
    const growing = '{% assign s = "xxxxxxxxxx" %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}';
    expect(renderMessage({ ...template, html: growing }, {})).toEqual({ ok: false, errors: [{ field: 'html', code: 'limit_exceeded', message: 'exceeds the render memory limit of 2,000,000 characters and list items built' }] });
  });

  it('refuses a part that renders more than 512 KiB, counted in UTF-8 bytes', () => {
    // 200,000 characters, each 3 bytes in UTF-8: 600,000 bytes.
    const euros = '{% for i in (1..20000) %}€€€€€€€€€€{% endfor %}';
    expect(renderMessage({ ...template, subject: euros }, {})).toEqual({ ok: false, errors: [{ field: 'subject', code: 'limit_exceeded', message: 'exceeds the output size limit of 512 KiB' }] });
    expect(rendered({ ...template, text: '{% for i in (1..10000) %}xxxxxxxxxx{% endfor %}' }, {}).text).toHaveLength(100_001);
  });

  it('refuses a source over the size limit', () => {
    expect(templateErrors({ text: 'x'.repeat(100_001) })).toEqual([{ field: 'text', code: 'limit_exceeded', message: 'exceeds the template size limit of 100,000 characters' }]);
  });
});

describe('shop links', () => {
  it('joins the storefront address, a path and encoded parameters', () => {
    expect(shopLink({ shopUrl: 'https://shop.example' }, '/account/reset', { token: 'a b&c' })).toBe('https://shop.example/account/reset?token=a+b%26c');
    expect(shopLink({ shopUrl: 'https://shop.example/store' }, 'checkout/ord_1')).toBe('https://shop.example/store/checkout/ord_1');
  });
});
