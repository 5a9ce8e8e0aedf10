'use server';

import { giftCardBalance } from '@/lib/gift-cards';
import { moneyFormat, pageWords, requestLocale } from '@/lib/locale';
import { formText } from '@/lib/problems';

/** What the page shows after a check: the card in words, or why it could not be shown. */
export interface BalanceState {
  card?: { heading: string; balance: string; expires: string; warning: string | null };
  error?: string;
}

/**
 * The balance form's action: the card of the code typed, in the page's language. It answers state
 * rather than redirecting, so the code never goes into an address (history, logs); with or without
 * JavaScript the page shows what it answers.
 */
export async function checkBalance(_previous: BalanceState, form: FormData): Promise<BalanceState> {
  const [words, money, locale] = await Promise.all([pageWords(), moneyFormat(), requestLocale()]);
  const w = words.giftCardBalance;
  const code = formText(form, 'code');
  if (!code) return { error: w.notFound };
  const answer = await giftCardBalance(code);
  if ('refused' in answer) return { error: answer.refused === 'not_found' ? w.notFound : answer.refused === 'rate_limited' ? w.tooMany : w.failed };
  const { card } = answer;
  const isExpired = card.expires_at !== null && card.expires_at <= Date.now() / 1000;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    card: {
      heading: w.cardEnding(card.last_four),
      balance: money(card.balance, card.currency),
      expires: card.expires_at === null ? w.never : date.format(new Date(card.expires_at * 1000)),
      warning: !card.is_enabled ? w.disabled : isExpired ? w.expired : null,
    },
  };
}
