import { expect } from 'vitest';

/** One money line of a mail as its reader sees it: the words before the amount, and the amount in cents. */
export interface MailFigure {
  label: string;
  /** Cents; negative when the mail shows a minus before the amount. */
  cents: number;
}

/** Every dollar amount written anywhere in a text (`$1,234.56`). */
const AMOUNT = /\$[\d,]+\.\d{2}/g;
/** A line whose last words are an amount: `Subtotal: $12.50`, `2 × Tote\t$36.00`, `Discount (SAVE) −$1.00`. */
const ROW = /^(.*?)[\s:]*([−-]?)\$([\d,]+)\.(\d{2})$/;

function cents(whole: string, fraction: string): number {
  return Number(whole.replaceAll(',', '')) * 100 + Number(fraction);
}

/**
 * The amounts of a mail's text, one line each, as a buyer reads them (a plain-text part, or the text
 * a browser shows of the HTML part, table cells separated by tabs).
 */
export function textFigures(text: string): MailFigure[] {
  const figures: MailFigure[] = [];
  for (const raw of text.split('\n')) {
    const match = ROW.exec(raw.trim());
    if (!match) continue;
    const label = match[1]!.replace(/^-\s*/, '').trim();
    const amount = cents(match[3]!, match[4]!);
    figures.push({ label, cents: match[2] ? -amount : amount });
  }
  return figures;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of an HTML part as a mail client lays it out: a line per table row or paragraph, cells apart. */
export function htmlText(html: string): string {
  return html
    .replace(/<(head|style|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/td>/gi, '\t')
    .replace(/<\/?(tr|p|br|table|div)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!);
}

/** How many amounts a text writes, wherever they are. */
export function amountCount(text: string): number {
  return text.match(AMOUNT)?.length ?? 0;
}

/** The order's figures as the API answers them (GET /v1/orders/{id}). */
export interface OrderFigures {
  items: Array<{ name: string; quantity: number; price: number }>;
  total_items_price: number;
  total_discount: number;
  shipping_rate: number;
  total_taxes: number;
  total_price: number;
}

function one(figures: MailFigure[], word: RegExp, what: string): MailFigure | undefined {
  const found = figures.filter((f) => word.test(f.label));
  expect(found.length, `${what}: at most one line`).toBeLessThanOrEqual(1);
  return found[0];
}

/**
 * A mail's money adds up, line by line, and says what the order says: every amount it writes stands on
 * a line of its own; the item lines (`2 × Name`) add up to the Subtotal; and, when it shows a Total,
 * Subtotal − Discount + Shipping + Taxes (unless they say they are included) = Total, each the
 * order's own figure when the order is given (a preview's made-up order is not). `complete` demands the
 * Total and every line an order of this test has (a discount, shipping, taxes).
 */
export function expectAddsUp(text: string, order: OrderFigures | undefined, what: string, complete = true): void {
  const figures = textFigures(text);
  expect(amountCount(text), `${what}: every amount on a line of its own\n${text}`).toBe(figures.length);
  const items = figures.filter((f) => f.label.includes('×'));
  expect(items.length, `${what}: a line per item\n${text}`).toBeGreaterThan(0);
  if (order) expect(items.length, `${what}: a line per item\n${text}`).toBe(order.items.length);
  const subtotal = one(figures, /^Subtotal\b/i, what);
  expect(subtotal, `${what}: a Subtotal\n${text}`).toBeDefined();
  const lines = items.reduce((sum, f) => sum + f.cents, 0);
  expect(lines, `${what}: the item lines add up to the Subtotal\n${text}`).toBe(subtotal!.cents);
  if (order) expect(subtotal!.cents, `${what}: the Subtotal is the items' price`).toBe(order.total_items_price);

  const discount = one(figures, /^Discount\b/i, what);
  const shipping = one(figures, /^Shipping\b/i, what);
  const taxes = one(figures, /^Tax/i, what);
  const total = one(figures, /^Total\b/i, what);
  if (!complete && !total) return;
  expect(total, `${what}: a Total\n${text}`).toBeDefined();
  if (complete) {
    expect(discount, `${what}: the discount\n${text}`).toBeDefined();
    expect(shipping, `${what}: the shipping\n${text}`).toBeDefined();
    expect(taxes, `${what}: the taxes\n${text}`).toBeDefined();
  }
  const discountCents = Math.abs(discount?.cents ?? 0);
  const included = taxes !== undefined && /included/i.test(taxes.label);
  const sum = subtotal!.cents - discountCents + (shipping?.cents ?? 0) + (taxes && !included ? taxes.cents : 0);
  expect(sum, `${what}: Subtotal − Discount + Shipping${included ? '' : ' + Taxes'} = Total\n${text}`).toBe(total!.cents);
  if (!order) return;
  expect(total!.cents, `${what}: the order's total`).toBe(order.total_price);
  expect(discountCents, `${what}: the order's discount`).toBe(order.total_discount);
  if (shipping) expect(shipping.cents, `${what}: the order's shipping`).toBe(order.shipping_rate);
  if (taxes) expect(taxes.cents, `${what}: the order's taxes`).toBe(order.total_taxes);
}
