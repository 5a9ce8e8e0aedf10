import { expect, it } from 'vitest';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { checkGiftCardCodes, redeemGiftCards, returnGiftCards } from '../../../src/modules/gift-cards/gift-card-redemption.js';

// The balance rules checkout redemption stands on, through the module's functions on both databases
// (cards issued through the API); gift-card-checkout.test.ts covers them through checkout and payment.
describeEachDatabase('gift card balances', (t) => {
  const now = () => Math.floor(Date.now() / 1000);

  async function issue(initialValue: number, body: Record<string, unknown> = {}) {
    const res = await t.admin.post('/v1/gift_cards', { initial_value: initialValue, currency: 'USD', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; code: string; last_four: string };
  }
  const balanceOf = async (id: string) => (await t.admin.get(`/v1/gift_cards/${id}`)).body.data.balance as number;
  const orderId = () => `ord_${uniqueWord()}`;

  it('never takes a card below zero under concurrent orders: exactly as many succeed as the balance allows', async () => {
    const card = await issue(1000);
    const share = { gift_card_id: card.id, last_four: card.last_four, amount: 300 };
    const attempts = Array.from({ length: 12 }, () => orderId());
    const results = await Promise.allSettled(attempts.map((id) => t.db.transaction().execute((tx) => redeemGiftCards(tx, id, [share], now()))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const refused of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ code: 'validation_failed', errors: [{ field: 'gift_cards[0]', code: 'insufficient' }] });
    }
    expect(await balanceOf(card.id)).toBe(100);
    const movements = (await t.admin.get(`/v1/gift_cards/${card.id}`)).body.data.movements;
    expect(movements.filter((m: any) => m.kind === 'redeem').map((m: any) => m.amount)).toEqual([-300, -300, -300]);
  });

  it('takes nothing from any card when one of an order\'s cards cannot give its share', async () => {
    const full = await issue(1000);
    const small = await issue(100);
    const id = orderId();
    await expect(t.db.transaction().execute((tx) => redeemGiftCards(tx, id, [
      { gift_card_id: full.id, last_four: full.last_four, amount: 500 },
      { gift_card_id: small.id, last_four: small.last_four, amount: 300 },
    ], now()))).rejects.toMatchObject({ code: 'validation_failed', errors: [{ field: 'gift_cards[1]', code: 'insufficient' }] });
    expect(await balanceOf(full.id)).toBe(1000);
    expect(await balanceOf(small.id)).toBe(100);
    expect(await t.db.selectFrom('gift_card_movements').select('id').where('order_id', '=', id).execute()).toEqual([]);
  });

  it('takes nothing from a card disabled or expired after the buyer entered it', async () => {
    const disabled = await issue(1000);
    await t.admin.post(`/v1/gift_cards/${disabled.id}/disable`);
    const expired = await issue(1000, { expires_at: now() + 3600 });
    await t.db.updateTable('gift_cards').set({ expires_at: now() - 1 }).where('id', '=', expired.id).execute();
    for (const card of [disabled, expired]) {
      await expect(t.db.transaction().execute((tx) => redeemGiftCards(tx, orderId(), [{ gift_card_id: card.id, last_four: card.last_four, amount: 10 }], now())))
        .rejects.toMatchObject({ code: 'validation_failed', errors: [{ field: 'gift_cards[0]', code: 'insufficient' }] });
      expect(await balanceOf(card.id)).toBe(1000);
    }
  });

  it('gives a refused payment\'s take back once, however often it is given back', async () => {
    const card = await issue(1000);
    const id = orderId();
    await t.db.transaction().execute((tx) => redeemGiftCards(tx, id, [{ gift_card_id: card.id, last_four: card.last_four, amount: 400 }], now()));
    expect(await balanceOf(card.id)).toBe(600);
    await t.db.transaction().execute((tx) => returnGiftCards(tx, id, now()));
    await t.db.transaction().execute((tx) => returnGiftCards(tx, id, now()));
    expect(await balanceOf(card.id)).toBe(1000);
    expect((await t.admin.get(`/v1/gift_cards/${card.id}`)).body.data.movements.map((m: any) => m.kind)).toEqual(['issue']);
  });

  it('refuses unknown, repeated, disabled, expired, empty and other-currency codes, each on gift_cards[i] with its reason', async () => {
    const good = await issue(1000);
    const disabled = await issue(1000);
    await t.admin.post(`/v1/gift_cards/${disabled.id}/disable`);
    const expired = await issue(1000, { expires_at: now() + 3600 });
    await t.db.updateTable('gift_cards').set({ expires_at: now() - 1 }).where('id', '=', expired.id).execute();
    const empty = await issue(1000);
    await t.db.updateTable('gift_cards').set({ balance: 0 }).where('id', '=', empty.id).execute();
    const euros = await issue(1000, { currency: 'EUR' });

    const { cards, refused } = await checkGiftCardCodes(t.db, [
      good.code.toLowerCase().replace(/-/g, ' '), 'NOPE-NOPE-NOPE-NOPE', good.code, disabled.code, expired.code, empty.code, euros.code,
    ], 'USD', now());
    expect(cards.map((c) => c.id)).toEqual([good.id]);
    expect(refused.map((e) => [e.field, e.code])).toEqual([
      ['gift_cards[1]', 'not_found'], ['gift_cards[2]', 'duplicate'], ['gift_cards[3]', 'disabled'],
      ['gift_cards[4]', 'expired'], ['gift_cards[5]', 'empty'], ['gift_cards[6]', 'currency_mismatch'],
    ]);
  });
});
