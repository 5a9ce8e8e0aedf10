/**
 * The words of the shipped templates in each language they are shipped in (default-templates.ts puts
 * them in the same markup). A phrase that takes an argument gets Liquid (an output, or an output in
 * `<strong>` for HTML) to place where its language puts it.
 */
export interface TemplatePhrases {
  /** The HTML document's `lang`. */
  lang: string;
  /** What follows a label before its value: `: `, and ` : ` in French. */
  colon: string;
  hello: string;
  helloName: (name: string) => string;
  orOpenAddress: string;
  subtotal: string;
  discount: string;
  shipping: string;
  taxes: string;
  total: string;
  taxesIncluded: string;
  gift: string;
  withGiftMessage: (message: string) => string;
  checkoutNote: string;
  shippingTo: string;
  trackingNumber: string;
  carrierTrackingNumber: (carrier: string) => string;
  viewOrder: string;
  yourOrder: string;
  orderConfirmation: { subject: string; received: (number: string) => string };
  shippingConfirmation: { subject: string; shipped: (number: string) => string };
  orderCanceled: { subject: string; canceled: (number: string) => string; refunded: string };
  refund: { subject: string; refunded: (amount: string, number: string) => string };
  passwordReset: { subject: string; asked: string; askedOpenLink: string; button: string; ignore: string };
  staffInvitation: { subject: string; invited: string; accept: string; openLink: string; button: string; ignore: string };
  emailVerification: { subject: string; confirm: string; confirmOpenLink: string; button: string };
  abandonedCheckout: { subject: string; waiting: string; button: string; completeHere: string };
  /** `date` is Liquid's date format of an expiry in the language (`%d/%m/%Y`). */
  giftCardIssued: {
    subject: string; intro: (number: string) => string; value: string; code: string; date: string; validUntil: (date: string) => string;
    noExpiry: string; howToUse: string; keep: string; button: string;
  };
}

/** Liquid choosing between one card's words and several's. */
const perCards = (one: string, several: string) => `{% if gift_cards.size > 1 %}${several}{% else %}${one}{% endif %}`;

const role = '{{ user.role | replace: "_", " " }}';
const cancelReason = '{{ order.cancel_reason }}';

export const englishPhrases: TemplatePhrases = {
  lang: 'en',
  colon: ': ',
  hello: 'Hello,',
  helloName: (name) => `Hello ${name},`,
  orOpenAddress: 'Or open this address:',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  taxes: 'Taxes',
  total: 'Total',
  taxesIncluded: 'Taxes included in the total',
  gift: 'A gift',
  withGiftMessage: (message) => `, with your message: “${message}”`,
  checkoutNote: 'Discounts, shipping and taxes are worked out at checkout.',
  shippingTo: 'Shipping to',
  trackingNumber: 'Tracking number',
  carrierTrackingNumber: (carrier) => `${carrier} tracking number`,
  viewOrder: 'View your order',
  yourOrder: 'Your order',
  orderConfirmation: {
    subject: 'Order {{ order.number }} confirmed',
    received: (number) => `Thank you for your order. We have received order ${number} and will let you know when it ships.`,
  },
  shippingConfirmation: {
    subject: 'Order {{ order.number }} is on its way',
    shipped: (number) => `Items of order ${number} have shipped.`,
  },
  orderCanceled: {
    subject: 'Order {{ order.number }} canceled',
    canceled: (number) => `Order ${number} has been canceled.{% if order.cancel_reason %} Reason: ${cancelReason}.{% endif %}`,
    refunded: 'Anything you paid for it will be refunded; reply to this message with any question.',
  },
  refund: {
    subject: 'Refund for order {{ order.number }}',
    refunded: (amount, number) => `We have refunded ${amount} for order ${number}. Depending on your bank, it may take a few days to appear.`,
  },
  passwordReset: {
    subject: 'Reset your password for {{ store.name }}',
    asked: 'Someone asked to reset the password of your account. The link below works once, for one hour.',
    askedOpenLink: 'Someone asked to reset the password of your account. Open this link, which works once, for one hour, to choose a new one:',
    button: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
  staffInvitation: {
    subject: "You're invited to run {{ store.name }}",
    invited: `{% if inviter.name %}{{ inviter.name }} invited you{% else %}You are invited{% endif %} to the dashboard of {{ store.name }}, with the ${role} role.`,
    accept: 'Choose a password to accept; the link works once, for seven days.',
    openLink: 'Open this link, which works once, for seven days, to choose a password:',
    button: 'Accept the invitation',
    ignore: 'If you did not expect this, ignore this message.',
  },
  emailVerification: {
    subject: 'Confirm your email for {{ store.name }}',
    confirm: 'Please confirm that this is your email address.',
    confirmOpenLink: 'Please confirm that this is your email address by opening this link:',
    button: 'Confirm my email',
  },
  abandonedCheckout: {
    subject: 'You left something in your cart at {{ store.name }}',
    waiting: 'You left these items in your cart. They are waiting for you.',
    button: 'Complete my order',
    completeHere: 'Complete your order here:',
  },
  giftCardIssued: {
    subject: `${perCards('Your gift card', 'Your gift cards')} from {{ store.name }}`,
    intro: (number) => `Thank you for order ${number}. ${perCards('Here is your gift card', 'Here are your gift cards')}:`,
    value: 'Value',
    code: 'Code',
    date: '%B %-d, %Y',
    validUntil: (date) => `Valid until ${date}`,
    noExpiry: 'Never expires',
    howToUse: 'Enter the code at checkout to pay with it, in whole or in part.',
    keep: 'Keep this message: the code will not be shown again.',
    button: 'Visit the shop',
  },
};

export const frenchPhrases: TemplatePhrases = {
  lang: 'fr',
  colon: ' : ',
  hello: 'Bonjour,',
  helloName: (name) => `Bonjour ${name},`,
  orOpenAddress: 'Ou ouvrez cette adresse :',
  subtotal: 'Sous-total',
  discount: 'Remise',
  shipping: 'Livraison',
  taxes: 'Taxes',
  total: 'Total',
  taxesIncluded: 'Taxes incluses dans le total',
  gift: 'Un cadeau',
  withGiftMessage: (message) => `, avec votre message : « ${message} »`,
  checkoutNote: 'Les remises, la livraison et les taxes sont calculées au moment de la commande.',
  shippingTo: 'Adresse de livraison',
  trackingNumber: 'Numéro de suivi',
  carrierTrackingNumber: (carrier) => `Numéro de suivi ${carrier}`,
  viewOrder: 'Voir votre commande',
  yourOrder: 'Votre commande',
  orderConfirmation: {
    subject: 'Commande {{ order.number }} confirmée',
    received: (number) => `Merci pour votre commande. Nous avons bien reçu la commande ${number} et vous préviendrons dès son expédition.`,
  },
  shippingConfirmation: {
    subject: 'Votre commande {{ order.number }} est en route',
    shipped: (number) => `Des articles de la commande ${number} ont été expédiés.`,
  },
  orderCanceled: {
    subject: 'Commande {{ order.number }} annulée',
    canceled: (number) => `La commande ${number} a été annulée.{% if order.cancel_reason %} Motif : ${cancelReason}.{% endif %}`,
    refunded: 'Tout ce que vous avez payé pour cette commande vous sera remboursé ; répondez à ce message pour toute question.',
  },
  refund: {
    subject: 'Remboursement de la commande {{ order.number }}',
    refunded: (amount, number) => `Nous vous avons remboursé ${amount} pour la commande ${number}. Selon votre banque, le remboursement peut mettre quelques jours à apparaître.`,
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe pour {{ store.name }}',
    asked: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Le lien ci-dessous ne fonctionne qu’une fois, pendant une heure.',
    askedOpenLink: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Ouvrez ce lien, qui ne fonctionne qu’une fois, pendant une heure, pour en choisir un nouveau :',
    button: 'Choisir un nouveau mot de passe',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
  },
  staffInvitation: {
    subject: 'Vous êtes invité à gérer {{ store.name }}',
    invited: `{% if inviter.name %}{{ inviter.name }} vous invite{% else %}Vous êtes invité{% endif %} à rejoindre le tableau de bord de {{ store.name }}, avec le rôle ${role}.`,
    accept: 'Choisissez un mot de passe pour accepter ; le lien ne fonctionne qu’une fois, pendant sept jours.',
    openLink: 'Ouvrez ce lien, qui ne fonctionne qu’une fois, pendant sept jours, pour choisir un mot de passe :',
    button: 'Accepter l’invitation',
    ignore: 'Si vous ne vous attendiez pas à ce message, ignorez-le.',
  },
  emailVerification: {
    subject: 'Confirmez votre adresse e-mail pour {{ store.name }}',
    confirm: 'Merci de confirmer qu’il s’agit bien de votre adresse e-mail.',
    confirmOpenLink: 'Merci de confirmer qu’il s’agit bien de votre adresse e-mail en ouvrant ce lien :',
    button: 'Confirmer mon adresse e-mail',
  },
  abandonedCheckout: {
    subject: 'Vous avez oublié quelque chose dans votre panier chez {{ store.name }}',
    waiting: 'Vous avez laissé ces articles dans votre panier. Ils vous attendent.',
    button: 'Finaliser ma commande',
    completeHere: 'Finalisez votre commande ici :',
  },
  giftCardIssued: {
    subject: `${perCards('Votre carte cadeau', 'Vos cartes cadeaux')} {{ store.name }}`,
    intro: (number) => `Merci pour votre commande ${number}. ${perCards('Voici votre carte cadeau', 'Voici vos cartes cadeaux')} :`,
    value: 'Montant',
    code: 'Code',
    date: '%d/%m/%Y',
    validUntil: (date) => `Valable jusqu’au ${date}`,
    noExpiry: 'Sans date d’expiration',
    howToUse: 'Saisissez le code au moment du paiement pour régler tout ou partie de votre commande.',
    keep: 'Conservez ce message : le code ne vous sera plus communiqué.',
    button: 'Aller à la boutique',
  },
};

export const spanishPhrases: TemplatePhrases = {
  lang: 'es',
  colon: ': ',
  hello: 'Hola:',
  helloName: (name) => `Hola, ${name}:`,
  orOpenAddress: 'O abre esta dirección:',
  subtotal: 'Subtotal',
  discount: 'Descuento',
  shipping: 'Envío',
  taxes: 'Impuestos',
  total: 'Total',
  taxesIncluded: 'Impuestos incluidos en el total',
  gift: 'Un regalo',
  withGiftMessage: (message) => `, con tu mensaje: «${message}»`,
  checkoutNote: 'Los descuentos, el envío y los impuestos se calculan al finalizar la compra.',
  shippingTo: 'Dirección de envío',
  trackingNumber: 'Número de seguimiento',
  carrierTrackingNumber: (carrier) => `Número de seguimiento de ${carrier}`,
  viewOrder: 'Ver tu pedido',
  yourOrder: 'Tu pedido',
  orderConfirmation: {
    subject: 'Pedido {{ order.number }} confirmado',
    received: (number) => `Gracias por tu pedido. Hemos recibido el pedido ${number} y te avisaremos cuando se envíe.`,
  },
  shippingConfirmation: {
    subject: 'Tu pedido {{ order.number }} está en camino',
    shipped: (number) => `Se han enviado artículos del pedido ${number}.`,
  },
  orderCanceled: {
    subject: 'Pedido {{ order.number }} cancelado',
    canceled: (number) => `El pedido ${number} ha sido cancelado.{% if order.cancel_reason %} Motivo: ${cancelReason}.{% endif %}`,
    refunded: 'Te reembolsaremos todo lo que hayas pagado por él; responde a este mensaje si tienes cualquier pregunta.',
  },
  refund: {
    subject: 'Reembolso del pedido {{ order.number }}',
    refunded: (amount, number) => `Te hemos reembolsado ${amount} del pedido ${number}. Según tu banco, puede tardar unos días en aparecer.`,
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de {{ store.name }}',
    asked: 'Alguien ha solicitado restablecer la contraseña de tu cuenta. El enlace de abajo funciona una sola vez, durante una hora.',
    askedOpenLink: 'Alguien ha solicitado restablecer la contraseña de tu cuenta. Abre este enlace, que funciona una sola vez durante una hora, para elegir una nueva:',
    button: 'Elegir una nueva contraseña',
    ignore: 'Si no lo has solicitado tú, ignora este mensaje: tu contraseña seguirá siendo la misma.',
  },
  staffInvitation: {
    subject: 'Te han invitado a gestionar {{ store.name }}',
    invited: `{% if inviter.name %}{{ inviter.name }} te ha invitado{% else %}Te han invitado{% endif %} al panel de {{ store.name }}, con el rol ${role}.`,
    accept: 'Elige una contraseña para aceptar; el enlace funciona una sola vez, durante siete días.',
    openLink: 'Abre este enlace, que funciona una sola vez durante siete días, para elegir una contraseña:',
    button: 'Aceptar la invitación',
    ignore: 'Si no esperabas este mensaje, ignóralo.',
  },
  emailVerification: {
    subject: 'Confirma tu correo electrónico para {{ store.name }}',
    confirm: 'Confirma que esta es tu dirección de correo electrónico.',
    confirmOpenLink: 'Confirma que esta es tu dirección de correo electrónico abriendo este enlace:',
    button: 'Confirmar mi correo',
  },
  abandonedCheckout: {
    subject: 'Has dejado algo en tu carrito de {{ store.name }}',
    waiting: 'Has dejado estos artículos en tu carrito. Te están esperando.',
    button: 'Completar mi pedido',
    completeHere: 'Completa tu pedido aquí:',
  },
  giftCardIssued: {
    subject: `${perCards('Tu tarjeta regalo', 'Tus tarjetas regalo')} de {{ store.name }}`,
    intro: (number) => `Gracias por tu pedido ${number}. ${perCards('Aquí tienes tu tarjeta regalo', 'Aquí tienes tus tarjetas regalo')}:`,
    value: 'Importe',
    code: 'Código',
    date: '%d/%m/%Y',
    validUntil: (date) => `Válida hasta el ${date}`,
    noExpiry: 'No caduca',
    howToUse: 'Introduce el código al finalizar la compra para pagar con ella todo o parte del pedido.',
    keep: 'Guarda este mensaje: el código no se volverá a mostrar.',
    button: 'Ir a la tienda',
  },
};
