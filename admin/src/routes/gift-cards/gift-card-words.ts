import type { GiftCard, GiftCardMovement } from '../../api/gift-cards';

export type GiftCardState = 'enabled' | 'disabled' | 'expired' | 'spent';

/** Whether a card still pays: disabled by staff, past its expiry, nothing left, or enabled. */
export function giftCardState(card: Pick<GiftCard, 'is_enabled' | 'expires_at' | 'balance'>, now = Date.now() / 1000): GiftCardState {
  if (!card.is_enabled) return 'disabled';
  if (card.expires_at !== null && card.expires_at <= now) return 'expired';
  if (card.balance <= 0) return 'spent';
  return 'enabled';
}

export const stateWords: Record<GiftCardState, string> = { enabled: 'Enabled', disabled: 'Disabled', expired: 'Expired', spent: 'Used up' };
export const stateColours: Record<GiftCardState, string> = { enabled: 'green', disabled: 'red', expired: 'gray', spent: 'gray' };

/** A card as staff name it, its code being shown whole only once: `•••• PQRS`. */
export const cardName = (card: Pick<GiftCard, 'last_four'>) => `•••• ${card.last_four}`;

/**
 * What a movement of the history was, in words: `Issued`, `Sold in order #1001`, `Redeemed in order
 * #1002`, `Refunded from order #1002`; a kind the server adds later reads as itself.
 */
export function movementInWords(movement: Pick<GiftCardMovement, 'kind' | 'order_id'>, orderNumber: string | undefined): string {
  const order = movement.order_id === null ? '' : ` order ${orderNumber ?? movement.order_id}`;
  switch (movement.kind) {
    case 'issue':
      return order ? `Issued, sold in${order}` : 'Issued';
    case 'redeem':
      return `Redeemed in${order}`;
    case 'refund':
      return `Refunded from${order}`;
    default:
      return `Adjusted${order ? ` for${order}` : ''}`;
  }
}
