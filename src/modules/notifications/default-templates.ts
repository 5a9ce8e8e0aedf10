import type { NotificationKind } from './kinds.js';

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
function page(body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
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

function button(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:4px;">${label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#71717a;">Or open this address: <a href="${href}" style="color:#71717a;word-break:break-all;">${href}</a></p>`;
}

// The money of the shipped templates adds up line by line, as on Shopify's order confirmation: each
// item at its price × quantity, before any discount; Subtotal, the items' price (their sum);
// Discount, the order's whole discount (items and shipping), with its codes; Shipping at its price;
// Taxes, added unless the prices include them (then said so, after the Total, and not added); so
// Subtotal − Discount + Shipping (+ Taxes) = Total, to the cent (docs/api.md, Templates).
const money = (amount: string) => `{{ ${amount} | money: order.currency }}`;
const discountLabel = '{% assign codes = order.discount_codes | map: "code" | compact %}Discount{% if codes.size > 0 %} ({{ codes | join: ", " }}){% endif %}';
const shippingLabel = 'Shipping{% if order.shipping_lines.title %} ({{ order.shipping_lines.title }}){% endif %}';
const hasShipping = 'order.is_shipping_required or order.shipping_rate > 0';
const taxesIncludedLabel = 'Taxes included in the total';

const cell = 'padding:8px 0;border-bottom:1px solid #e4e4e7;';
const itemsHtml = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">
{% for item in order.items %}<tr><td style="${cell}">{{ item.quantity }} × {{ item.name }}</td><td align="right" style="${cell}white-space:nowrap;">${money('item.subtotal')}</td></tr>
{% endfor %}</table>`;

const row = (label: string, amount: string, style = '') => `<tr><td style="padding:2px 0;${style}">${label}</td><td align="right" style="padding:2px 0;white-space:nowrap;${style}">${amount}</td></tr>`;
const subtotalHtml = row('Subtotal', money('order.total_items_price'));

const totalsHtml = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">
${subtotalHtml}
{% if order.total_discount > 0 %}${row(discountLabel, `−${money('order.total_discount')}`)}
{% endif %}{% if ${hasShipping} %}${row(shippingLabel, money('order.shipping_rate'))}
{% endif %}{% unless order.is_tax_included %}${row('Taxes', money('order.total_taxes'))}
{% endunless %}${row('Total', money('order.total_price'), 'font-weight:600;')}
{% if order.is_tax_included %}${row(taxesIncludedLabel, money('order.total_taxes'), 'font-size:13px;color:#71717a;')}
{% endif %}</table>`;

const itemsText = `{% for item in order.items %}- {{ item.quantity }} × {{ item.name }}: ${money('item.subtotal')}
{% endfor %}`;

const subtotalText = `Subtotal: ${money('order.total_items_price')}`;

const totalsText = `${subtotalText}
{% if order.total_discount > 0 %}${discountLabel}: −${money('order.total_discount')}
{% endif %}{% if ${hasShipping} %}${shippingLabel}: ${money('order.shipping_rate')}
{% endif %}{% unless order.is_tax_included %}Taxes: ${money('order.total_taxes')}
{% endunless %}Total: ${money('order.total_price')}{% if order.is_tax_included %}
${taxesIncludedLabel}: ${money('order.total_taxes')}{% endif %}`;

const giftHtml = '{% if order.is_gift %}<p style="margin:0 0 16px;"><strong>A gift</strong>{% if order.gift_message %}, with your message: “{{ order.gift_message }}”{% endif %}</p>{% endif %}';
const giftText = `{% if order.is_gift %}A gift{% if order.gift_message %}, with your message: “{{ order.gift_message }}”{% endif %}

{% endif %}`;

/** A checkout's shipping, taxes and discounts may change before it is paid: its reminder shows the items' price. */
const checkoutNote = 'Discounts, shipping and taxes are worked out at checkout.';

const greeting = '{% if order.customer.first_name %}Hello {{ order.customer.first_name }},{% else %}Hello,{% endif %}';
const customerGreeting = '{% if customer.first_name %}Hello {{ customer.first_name }},{% else %}Hello,{% endif %}';
const signature = `
--
{{ store.name }}{% if store.email %} · {{ store.email }}{% endif %}
`;

const shippingAddressHtml = `{% if order.shipping %}<p style="margin:0 0 16px;"><strong>Shipping to</strong><br>{{ order.shipping.name }}<br>{{ order.shipping.address.address1 }}{% if order.shipping.address.address2 %}, {{ order.shipping.address.address2 }}{% endif %}<br>{{ order.shipping.address | locality }}, {{ order.shipping.address.country }}</p>{% endif %}`;
const shippingAddressText = `{% if order.shipping %}Shipping to:
{{ order.shipping.name }}
{{ order.shipping.address.address1 }}{% if order.shipping.address.address2 %}, {{ order.shipping.address.address2 }}{% endif %}
{{ order.shipping.address | locality }}, {{ order.shipping.address.country }}
{% endif %}`;

const tracking = '{% if fulfillment.tracking_code %}{% if fulfillment.carrier %}{{ fulfillment.carrier }} tracking number{% else %}Tracking number{% endif %}: {{ fulfillment.tracking_code }}{% endif %}';

/** The templates every store starts with, per kind (Liquid: the data of each kind is in docs/api.md). */
export const defaultTemplates: Record<NotificationKind, MessageTemplate> = {
  order_confirmation: {
    subject: 'Order {{ order.number }} confirmed',
    html: page(`<p style="margin:0 0 16px;">${greeting}</p>
<p style="margin:0 0 16px;">Thank you for your order. We have received order <strong>{{ order.number }}</strong> and will let you know when it ships.</p>
${itemsHtml}
${totalsHtml}
${giftHtml}
${shippingAddressHtml}
${button('{{ order_url }}', 'View your order')}`),
    text: `${greeting}

Thank you for your order. We have received order {{ order.number }} and will let you know when it ships.

${itemsText}
${totalsText}

${giftText}${shippingAddressText}
Your order: {{ order_url }}
${signature}`,
  },
  shipping_confirmation: {
    subject: 'Order {{ order.number }} is on its way',
    html: page(`<p style="margin:0 0 16px;">${greeting}</p>
<p style="margin:0 0 16px;">Items of order <strong>{{ order.number }}</strong> have shipped.</p>
<p style="margin:0 0 16px;">${tracking}</p>
${shippingAddressHtml}
${button('{{ order_url }}', 'View your order')}`),
    text: `${greeting}

Items of order {{ order.number }} have shipped.
${tracking}

${shippingAddressText}
Your order: {{ order_url }}
${signature}`,
  },
  order_canceled: {
    subject: 'Order {{ order.number }} canceled',
    html: page(`<p style="margin:0 0 16px;">${greeting}</p>
<p style="margin:0 0 16px;">Order <strong>{{ order.number }}</strong> has been canceled.{% if order.cancel_reason %} Reason: {{ order.cancel_reason }}.{% endif %}</p>
<p style="margin:0 0 16px;">Anything you paid for it will be refunded; reply to this message with any question.</p>`),
    text: `${greeting}

Order {{ order.number }} has been canceled.{% if order.cancel_reason %} Reason: {{ order.cancel_reason }}.{% endif %}
Anything you paid for it will be refunded; reply to this message with any question.
${signature}`,
  },
  refund: {
    subject: 'Refund for order {{ order.number }}',
    html: page(`<p style="margin:0 0 16px;">${greeting}</p>
<p style="margin:0 0 16px;">We have refunded <strong>{{ refund.amount | money: refund.currency }}</strong> for order <strong>{{ order.number }}</strong>. Depending on your bank, it may take a few days to appear.</p>`),
    text: `${greeting}

We have refunded {{ refund.amount | money: refund.currency }} for order {{ order.number }}. Depending on your bank, it may take a few days to appear.
${signature}`,
  },
  password_reset: {
    subject: 'Reset your password for {{ store.name }}',
    html: page(`<p style="margin:0 0 16px;">${customerGreeting}</p>
<p style="margin:0 0 16px;">Someone asked to reset the password of your account. The link below works once, for one hour.</p>
${button('{{ reset_url }}', 'Choose a new password')}
<p style="margin:0 0 16px;">If you did not ask for this, ignore this message: your password stays as it is.</p>`),
    text: `${customerGreeting}

Someone asked to reset the password of your account. Open this link, which works once, for one hour, to choose a new one:

{{ reset_url }}

If you did not ask for this, ignore this message: your password stays as it is.
${signature}`,
  },
  staff_invitation: {
    subject: "You're invited to run {{ store.name }}",
    html: page(`<p style="margin:0 0 16px;">{% if user.name %}Hello {{ user.name }},{% else %}Hello,{% endif %}</p>
<p style="margin:0 0 16px;">{% if inviter.name %}{{ inviter.name }} invited you{% else %}You are invited{% endif %} to the dashboard of {{ store.name }}, with the {{ user.role | replace: "_", " " }} role. Choose a password to accept; the link works once, for seven days.</p>
${button('{{ invitation_url }}', 'Accept the invitation')}
<p style="margin:0 0 16px;">If you did not expect this, ignore this message.</p>`),
    text: `{% if user.name %}Hello {{ user.name }},{% else %}Hello,{% endif %}

{% if inviter.name %}{{ inviter.name }} invited you{% else %}You are invited{% endif %} to the dashboard of {{ store.name }}, with the {{ user.role | replace: "_", " " }} role. Open this link, which works once, for seven days, to choose a password:

{{ invitation_url }}

If you did not expect this, ignore this message.
${signature}`,
  },
  email_verification: {
    subject: 'Confirm your email for {{ store.name }}',
    html: page(`<p style="margin:0 0 16px;">${customerGreeting}</p>
<p style="margin:0 0 16px;">Please confirm that this is your email address.</p>
${button('{{ verify_url }}', 'Confirm my email')}`),
    text: `${customerGreeting}

Please confirm that this is your email address by opening this link:

{{ verify_url }}
${signature}`,
  },
  abandoned_checkout: {
    subject: 'You left something in your cart at {{ store.name }}',
    html: page(`<p style="margin:0 0 16px;">Hello,</p>
<p style="margin:0 0 16px;">You left these items in your cart. They are waiting for you.</p>
{% assign order = checkout %}${itemsHtml}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">
${subtotalHtml}
</table>
<p style="margin:0 0 16px;font-size:13px;color:#71717a;">${checkoutNote}</p>
${button('{{ checkout_url }}', 'Complete my order')}`),
    text: `Hello,

You left these items in your cart. They are waiting for you.

{% assign order = checkout %}${itemsText}
${subtotalText}
${checkoutNote}

Complete your order here: {{ checkout_url }}
${signature}`,
  },
};
