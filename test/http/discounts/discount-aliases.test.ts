import { expect, it } from 'vitest';
import { pay, readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Issue "Trust", item 5: a per-customer limit counts the buyer's mailbox, however its address is spelled.
describeEachDatabase('per-customer discount limits and email aliases', (t) => {
  async function onceEach(): Promise<{ id: string; code: string }> {
    const res = await t.admin.post('/v1/discounts', { code: `ONCE${uniqueWord().toUpperCase()}`, title: 'Once each', kind: 'percentage', value: 1000, usage_limit_per_customer: 1 });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  /** A checkout of this buyer with the code entered: the answer to entering it. */
  async function enter(code: string, email: string) {
    const ready = await readyCheckout(t, { customer: { email } });
    return { ready, res: await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code] }) };
  }

  function expectUsedUp(res: any, email: string) {
    expectInvalid(res, 'discount_codes[0]');
    expect(res.body.errors[0], email).toMatchObject({ field: 'discount_codes[0]', code: 'usage_limit_reached' });
  }

  it('refuses a code used once to every alias of the gmail mailbox that used it: +tag, dots, googlemail, trailing dot, full-width letter, case', async () => {
    const discount = await onceEach();
    const local = `victim${uniqueWord()}`;
    const first = await enter(discount.code, `${local}@gmail.com`);
    expect(first.res.status, first.res.text).toBe(200);
    expect((await pay(t, first.ready.orderId)).status).toBe(200);

    const dotted = `${local.slice(0, 1)}.${local.slice(1, 4)}.${local.slice(4)}`;
    for (const alias of [`${local}+1@gmail.com`, `${dotted}@gmail.com`, `${local}@googlemail.com`, `${local}@gmail.com.`,
      `\uff56${local.slice(1)}@gmail.com`, `${local.toUpperCase()}@GMAIL.COM`, `${dotted}+deal@googlemail.com.`]) {
      expectUsedUp((await enter(discount.code, alias)).res, alias);
    }
    expect((await t.admin.get(`/v1/discounts/${discount.id}`)).body.data.times_used).toBe(1);
  });

  it('refuses +tag, trailing-dot and full-width aliases on any domain, and keeps dots significant outside gmail', async () => {
    const discount = await onceEach();
    const local = `victim${uniqueWord()}`;
    const first = await enter(discount.code, `${local}@example.com`);
    expect((await pay(t, first.ready.orderId)).status).toBe(200);

    for (const alias of [`${local}+1@example.com`, `${local}@example.com.`, `${local}@EXAMPLE.com`, `\uff56${local.slice(1)}@example.com`]) {
      expectUsedUp((await enter(discount.code, alias)).res, alias);
    }
    // Outside gmail a dot names another mailbox (first.last@ and firstlast@ are often two people).
    const other = await enter(discount.code, `${local.slice(0, 1)}.${local.slice(1)}@example.com`);
    expect(other.res.status, other.res.text).toBe(200);
    expect(other.res.body.data.discount_codes).toHaveLength(1);
  });

  it('refuses at payment (409 checkout_changed, nothing charged) an alias that entered the code before the first use was placed', async () => {
    const discount = await onceEach();
    const local = `victim${uniqueWord()}`;
    const first = await enter(discount.code, `${local}@gmail.com`);
    const alias = await enter(discount.code, `${local}+again@gmail.com`);
    expect(alias.res.status, alias.res.text).toBe(200);
    expect((await pay(t, first.ready.orderId)).status).toBe(200);

    expectProblem(await pay(t, alias.ready.orderId), 409, 'checkout_changed');
    expect((await t.storefront.get(`/v1/checkouts/${alias.ready.orderId}`)).body.data.discount_codes).toEqual([]);
    expect((await t.admin.get(`/v1/discounts/${discount.id}`)).body.data.times_used).toBe(1);
  });
});
