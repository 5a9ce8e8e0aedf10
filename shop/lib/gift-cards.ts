import { shopClient } from './api';

/** A card as the balance check answers it. */
export interface GiftCardBalance {
  last_four: string;
  balance: number;
  currency: string;
  expires_at: number | null;
  is_enabled: boolean;
}

/**
 * What is left on the card of a code, as the buyer typed it; or why not: `not_found` (no card has
 * it), `rate_limited` (too many codes tried from this buyer's address), `failed` (anything else).
 */
export async function giftCardBalance(code: string): Promise<{ card: GiftCardBalance } | { refused: 'not_found' | 'rate_limited' | 'failed' }> {
  const { data, response } = await shopClient().POST('/v1/gift_cards/balance', { body: { code } });
  if (data) return { card: data.data };
  if (response.status === 404) return { refused: 'not_found' };
  if (response.status === 429) return { refused: 'rate_limited' };
  return { refused: 'failed' };
}
