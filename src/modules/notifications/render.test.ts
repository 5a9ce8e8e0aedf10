import { describe, expect, it } from 'vitest';
import { defaultTemplates } from './default-templates.js';
import { notificationKinds } from './kinds.js';
import { shopLink } from './links.js';
import { renderMessage, templateErrors } from './render.js';

describe('notification templates', () => {
  it('names the part, line and column of a syntax error', () => {
    expect(templateErrors({ subject: 'Hi {{ order.number }}', html: 'a\n{% if x %}b', text: '{{ x ' })).toEqual([
      { field: 'html', code: 'invalid_template', message: 'has a Liquid syntax error on line 2, column 1: tag {% if x %} not closed' },
      { field: 'text', code: 'invalid_template', message: 'has a Liquid syntax error on line 1, column 1: output "{{ x " not closed' },
    ]);
    expect(templateErrors({ html: '{{ a | nope }}' })[0]!.message).toMatch(/undefined filter: nope/);
  });

  it('parses every shipped template', () => {
    for (const kind of notificationKinds) expect(templateErrors(defaultTemplates[kind]), kind).toEqual([]);
  });

  it('escapes data in HTML only, keeps the subject on one line and shows money in the currency', async () => {
    const rendered = await renderMessage(
      { subject: 'A\n{{ name }}', html: '<b>{{ name }}</b> {{ cents | money: "EUR" }}', text: '{{ name }} {{ cents | money: "JPY" }}' },
      { name: '<i>x</i> & "y"', cents: 1250 },
    );
    expect(rendered).toEqual({
      subject: 'A <i>x</i> & "y"',
      html: '<b>&lt;i&gt;x&lt;/i&gt; &amp; &#34;y&#34;</b> €12.50',
      text: '<i>x</i> & "y" ¥1,250\n',
    });
  });

  it('renders a kept template afresh for each message, per part, and a changed template as changed', async () => {
    const template = { subject: '{{ name }}', html: '{{ name }}', text: '{{ name }}' };
    const first = await renderMessage(template, { name: '<a>' });
    const second = await renderMessage(template, { name: 'b' });
    expect([first.subject, first.html, first.text]).toEqual(['<a>', '&lt;a&gt;', '<a>\n']);
    expect([second.subject, second.html, second.text]).toEqual(['b', 'b', 'b\n']);
    expect((await renderMessage({ ...template, html: 'Hi {{ name }}' }, { name: 'c' })).html).toBe('Hi c');
    for (let i = 0; i < 100; i++) expect((await renderMessage({ ...template, text: `${i} {{ name }}` }, { name: 'd' })).text).toBe(`${i} d\n`);
    expect((await renderMessage(template, { name: 'e' })).html).toBe('e');
  });
});

describe('shop links', () => {
  it('joins the storefront address, a path and encoded parameters', () => {
    expect(shopLink({ shopUrl: 'https://shop.example' }, '/account/reset', { token: 'a b&c' })).toBe('https://shop.example/account/reset?token=a+b%26c');
    expect(shopLink({ shopUrl: 'https://shop.example/store' }, 'checkout/ord_1')).toBe('https://shop.example/store/checkout/ord_1');
  });
});
