import type { NotificationKind } from './kinds.js';
import { englishPhrases, frenchPhrases, spanishPhrases, type TemplatePhrases } from './template-phrases.js';

export interface MessageTemplate {
  subject: string;
  html: string;
  text: string;
}

/**
 * The shipped HTML around each kind's body: one centred column at most 600 px wide that narrows with
 * the screen, system fonts, no images or scripts, so it reads the same in webmail, phones and
 * clients that show no styles at all.
 */
function page(body: string, lang: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ store.name }}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;">
<tr><td style="padding:24px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#18181b;">
<p style="margin:0 0 16px;font-size:20px;font-weight:600;">{{ store.name }}</p>
${body.trim()}
<p style="margin:24px 0 0;font-size:13px;color:#71717a;">{{ store.name }}{% if store.email %} · <a href="mailto:{{ store.email }}" style="color:#71717a;">{{ store.email }}</a>{% endif %}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

// The money of the shipped templates adds up line by line, as on Shopify's order confirmation: each
// item at its price × quantity, before any discount; Subtotal, the items' price (their sum);
// Discount, the order's whole discount (items and shipping), with its codes; Shipping at its price;
// Taxes, added unless the prices include them (then said so, after the Total, and not added); so
// Subtotal − Discount + Shipping (+ Taxes) = Total, to the cent (docs/api.md, Templates).
const money = (amount: string) => `{{ ${amount} | money: order.currency }}`;
const hasShipping = 'order.is_shipping_required or order.shipping_rate > 0';
const cell = 'padding:8px 0;border-bottom:1px solid #e4e4e7;';
const paragraph = (content: string) => `<p style="margin:0 0 16px;">${content}</p>`;
const strong = (liquid: string) => `<strong>${liquid}</strong>`;
const row = (label: string, amount: string, style = '') => `<tr><td style="padding:2px 0;${style}">${label}</td><td align="right" style="padding:2px 0;white-space:nowrap;${style}">${amount}</td></tr>`;
const signature = `
--
{{ store.name }}{% if store.email %} · {{ store.email }}{% endif %}
`;

/** The templates of every kind in one language: the same markup around its phrases. */
function templatesIn(p: TemplatePhrases): Record<NotificationKind, MessageTemplate> {
  const inPage = (body: string) => page(body, p.lang);
  const button = (href: string, label: string) => `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:4px;">${label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#71717a;">${p.orOpenAddress} <a href="${href}" style="color:#71717a;word-break:break-all;">${href}</a></p>`;
  const greet = (name: string) => `{% if ${name} %}${p.helloName(`{{ ${name} }}`)}{% else %}${p.hello}{% endif %}`;
  const greeting = greet('order.customer.first_name');
  const customerGreeting = greet('customer.first_name');

  const discountLabel = `{% assign codes = order.discount_codes | map: "code" | compact %}${p.discount}{% if codes.size > 0 %} ({{ codes | join: ", " }}){% endif %}`;
  const shippingLabel = `${p.shipping}{% if order.shipping_lines.title %} ({{ order.shipping_lines.title }}){% endif %}`;

  const itemsHtml = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">
{% for item in order.items %}<tr><td style="${cell}">{{ item.quantity }} × {{ item.name }}</td><td align="right" style="${cell}white-space:nowrap;">${money('item.subtotal')}</td></tr>
{% endfor %}</table>`;
  const subtotalHtml = row(p.subtotal, money('order.total_items_price'));
  const totalsHtml = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">
${subtotalHtml}
{% if order.total_discount > 0 %}${row(discountLabel, `−${money('order.total_discount')}`)}
{% endif %}{% if ${hasShipping} %}${row(shippingLabel, money('order.shipping_rate'))}
{% endif %}{% unless order.is_tax_included %}${row(p.taxes, money('order.total_taxes'))}
{% endunless %}${row(p.total, money('order.total_price'), 'font-weight:600;')}
{% if order.is_tax_included %}${row(p.taxesIncluded, money('order.total_taxes'), 'font-size:13px;color:#71717a;')}
{% endif %}</table>`;

  const itemsText = `{% for item in order.items %}- {{ item.quantity }} × {{ item.name }}${p.colon}${money('item.subtotal')}
{% endfor %}`;
  const subtotalText = `${p.subtotal}${p.colon}${money('order.total_items_price')}`;
  const totalsText = `${subtotalText}
{% if order.total_discount > 0 %}${discountLabel}${p.colon}−${money('order.total_discount')}
{% endif %}{% if ${hasShipping} %}${shippingLabel}${p.colon}${money('order.shipping_rate')}
{% endif %}{% unless order.is_tax_included %}${p.taxes}${p.colon}${money('order.total_taxes')}
{% endunless %}${p.total}${p.colon}${money('order.total_price')}{% if order.is_tax_included %}
${p.taxesIncluded}${p.colon}${money('order.total_taxes')}{% endif %}`;

  const giftMessage = `{% if order.gift_message %}${p.withGiftMessage('{{ order.gift_message }}')}{% endif %}`;
  const giftHtml = `{% if order.is_gift %}${paragraph(`${strong(p.gift)}${giftMessage}`)}{% endif %}`;
  const giftText = `{% if order.is_gift %}${p.gift}${giftMessage}

{% endif %}`;

  const addressLines = ['{{ order.shipping.name }}', '{{ order.shipping.address.address1 }}{% if order.shipping.address.address2 %}, {{ order.shipping.address.address2 }}{% endif %}', '{{ order.shipping.address | locality }}, {{ order.shipping.address.country }}'];
  const shippingAddressHtml = `{% if order.shipping %}${paragraph(`${strong(p.shippingTo)}<br>${addressLines.join('<br>')}`)}{% endif %}`;
  const shippingAddressText = `{% if order.shipping %}${p.shippingTo}${p.colon.trimEnd()}
${addressLines.join('\n')}
{% endif %}`;

  const tracking = `{% if fulfillment.tracking_code %}{% if fulfillment.carrier %}${p.carrierTrackingNumber('{{ fulfillment.carrier }}')}{% else %}${p.trackingNumber}{% endif %}${p.colon}{{ fulfillment.tracking_code }}{% endif %}`;
  const orderNumberHtml = strong('{{ order.number }}');
  const orderNumberText = '{{ order.number }}';
  const yourOrderText = `${p.yourOrder}${p.colon}{{ order_url }}`;
  const refundAmount = '{{ refund.amount | money: refund.currency }}';
  const { orderConfirmation, shippingConfirmation, orderCanceled, refund, passwordReset, staffInvitation, emailVerification, abandonedCheckout, giftCardIssued } = p;

  const cardValue = '{{ card.initial_value | money: card.currency }}';
  const cardExpiry = `{% if card.expires_at %}${giftCardIssued.validUntil(`{{ card.expires_at | date: "${giftCardIssued.date}" }}`)}{% else %}${giftCardIssued.noExpiry}{% endif %}`;
  const cardsHtml = `{% for card in gift_cards %}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #e4e4e7;border-radius:6px;">
<tr><td style="padding:16px;">
<p style="margin:0 0 8px;">${giftCardIssued.value}${p.colon}${strong(cardValue)}</p>
<p style="margin:0 0 8px;">${giftCardIssued.code}${p.colon}<span style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:20px;font-weight:600;letter-spacing:1px;">{{ card.code }}</span></p>
<p style="margin:0;font-size:13px;color:#71717a;">${cardExpiry}</p>
</td></tr>
</table>
{% endfor %}`;
  const cardsText = `{% for card in gift_cards %}${giftCardIssued.value}${p.colon}${cardValue}
${giftCardIssued.code}${p.colon}{{ card.code }}
${cardExpiry}

{% endfor %}`;

  return {
    order_confirmation: {
      subject: orderConfirmation.subject,
      html: inPage(`${paragraph(greeting)}
${paragraph(orderConfirmation.received(orderNumberHtml))}
${itemsHtml}
${totalsHtml}
${giftHtml}
${shippingAddressHtml}
${button('{{ order_url }}', p.viewOrder)}`),
      text: `${greeting}

${orderConfirmation.received(orderNumberText)}

${itemsText}
${totalsText}

${giftText}${shippingAddressText}
${yourOrderText}
${signature}`,
    },
    shipping_confirmation: {
      subject: shippingConfirmation.subject,
      html: inPage(`${paragraph(greeting)}
${paragraph(shippingConfirmation.shipped(orderNumberHtml))}
${paragraph(tracking)}
${shippingAddressHtml}
${button('{{ order_url }}', p.viewOrder)}`),
      text: `${greeting}

${shippingConfirmation.shipped(orderNumberText)}
${tracking}

${shippingAddressText}
${yourOrderText}
${signature}`,
    },
    order_canceled: {
      subject: orderCanceled.subject,
      html: inPage(`${paragraph(greeting)}
${paragraph(orderCanceled.canceled(orderNumberHtml))}
${paragraph(orderCanceled.refunded)}`),
      text: `${greeting}

${orderCanceled.canceled(orderNumberText)}
${orderCanceled.refunded}
${signature}`,
    },
    refund: {
      subject: refund.subject,
      html: inPage(`${paragraph(greeting)}
${paragraph(refund.refunded(strong(refundAmount), orderNumberHtml))}`),
      text: `${greeting}

${refund.refunded(refundAmount, orderNumberText)}
${signature}`,
    },
    password_reset: {
      subject: passwordReset.subject,
      html: inPage(`${paragraph(customerGreeting)}
${paragraph(passwordReset.asked)}
${button('{{ reset_url }}', passwordReset.button)}
${paragraph(passwordReset.ignore)}`),
      text: `${customerGreeting}

${passwordReset.askedOpenLink}

{{ reset_url }}

${passwordReset.ignore}
${signature}`,
    },
    staff_invitation: {
      subject: staffInvitation.subject,
      html: inPage(`${paragraph(greet('user.name'))}
${paragraph(`${staffInvitation.invited} ${staffInvitation.accept}`)}
${button('{{ invitation_url }}', staffInvitation.button)}
${paragraph(staffInvitation.ignore)}`),
      text: `${greet('user.name')}

${staffInvitation.invited} ${staffInvitation.openLink}

{{ invitation_url }}

${staffInvitation.ignore}
${signature}`,
    },
    email_verification: {
      subject: emailVerification.subject,
      html: inPage(`${paragraph(customerGreeting)}
${paragraph(emailVerification.confirm)}
${button('{{ verify_url }}', emailVerification.button)}`),
      text: `${customerGreeting}

${emailVerification.confirmOpenLink}

{{ verify_url }}
${signature}`,
    },
    gift_card_issued: {
      subject: giftCardIssued.subject,
      html: inPage(`${paragraph(greeting)}
${paragraph(giftCardIssued.intro(orderNumberHtml))}
${cardsHtml}
${paragraph(`${giftCardIssued.howToUse} ${strong(giftCardIssued.keep)}`)}
{% if store.url %}${button('{{ store.url }}', giftCardIssued.button)}{% endif %}`),
      text: `${greeting}

${giftCardIssued.intro(orderNumberText)}

${cardsText}${giftCardIssued.howToUse}
${giftCardIssued.keep}
{% if store.url %}
{{ store.url }}
{% endif %}${signature}`,
    },
    abandoned_checkout: {
      subject: abandonedCheckout.subject,
      html: inPage(`${paragraph(p.hello)}
${paragraph(abandonedCheckout.waiting)}
{% assign order = checkout %}${itemsHtml}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">
${subtotalHtml}
</table>
<p style="margin:0 0 16px;font-size:13px;color:#71717a;">${p.checkoutNote}</p>
${button('{{ checkout_url }}', abandonedCheckout.button)}`),
      text: `${p.hello}

${abandonedCheckout.waiting}

{% assign order = checkout %}${itemsText}
${subtotalText}
${p.checkoutNote}

${abandonedCheckout.completeHere} {{ checkout_url }}
${signature}`,
    },
  };
}

/** The locale of the default templates: a mail in a locale without templates of its own is in it. */
export const defaultTemplateLocale = 'en';

/**
 * The templates every store starts with, per locale and kind (Liquid: the data of each kind is in
 * docs/api.md): English, the default, then French and Spanish.
 */
export const shippedTemplates: Readonly<Record<string, Record<NotificationKind, MessageTemplate>>> = {
  en: templatesIn(englishPhrases),
  fr: templatesIn(frenchPhrases),
  es: templatesIn(spanishPhrases),
};

/** The default (English) templates every store starts with, per kind. */
export const defaultTemplates = shippedTemplates[defaultTemplateLocale]!;
