/**
 * An audit entry's action (`order.cancel`) in words (`Canceled an order`). Actions the dashboard has
 * no words for are said from their parts, so a new route of the API is never shown blank.
 */
const SAID: Record<string, string> = {
  'fulfillment.create': 'Shipped items',
  'fulfillment.cancel': 'Canceled a shipment',
  'fulfillment.update': 'Changed a shipment',
  'transaction.create': 'Captured, refunded or voided a payment',
  'return.create': 'Recorded a return',
  'return.receive': 'Received a return',
  'return.refund': 'Refunded a return',
  'return.cancel': 'Canceled a return',
  'order.comment': 'Commented on an order',
  'order.cancel': 'Canceled an order',
  'order.archive': 'Archived an order',
  'order.update': 'Changed an order',
  'user.create': 'Invited a colleague',
  'user.update': 'Changed a colleague',
  'user.delete': 'Removed a colleague',
  'profile.update': 'Changed their name or password',
  'profile.sign_out': 'Signed out',
  'user.policy': 'Changed the two-factor rule of the store',
  'checkout.pay': 'Placed an order',
  'cart.create': 'Started an order',
};

const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  cancel: 'Canceled',
  archive: 'Archived',
  test: 'Tested',
  resend: 'Resent',
  redeliver: 'Redelivered',
  rotate_secret: 'Rotated the secret of',
  receive: 'Received',
  refund: 'Refunded',
  pay: 'Paid',
};

export function actionInWords(action: string, path = ''): string {
  // One action for the three steps of two-factor sign-in: the path tells them apart.
  if (action === 'profile.two_factor') {
    if (path.endsWith('/confirm')) return 'Turned two-factor sign-in on';
    if (path.endsWith('/disable')) return 'Turned two-factor sign-in off';
    return 'Began setting up two-factor sign-in';
  }
  const said = SAID[action];
  if (said) return said;
  const [object = action, verb = ''] = action.split('.');
  const thing = object.replace(/_/g, ' ');
  const done = VERBS[verb] ?? verb.replace(/_/g, ' ');
  const word = `${done} ${/^[aeiou]/.test(thing) ? 'an' : 'a'} ${thing}`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The dashboard's screen of a record, by its id's prefix; null for records without one. */
export function screenOf(id: string): { to: string; params?: Record<string, string> } | null {
  const prefix = id.includes('_') ? id.slice(0, id.indexOf('_')) : '';
  switch (prefix) {
    case 'ord': return { to: '/orders/$orderId', params: { orderId: id } };
    case 'prd': return { to: '/products/$productId', params: { productId: id } };
    case 'cus': return { to: '/customers/$customerId', params: { customerId: id } };
    case 'col': return { to: '/collections/$collectionId', params: { collectionId: id } };
    case 'dsc': return { to: '/discounts/$discountId', params: { discountId: id } };
    case 'blg': return { to: '/blogs/$blogId', params: { blogId: id } };
    case 'pag': return { to: '/pages/$pageId', params: { pageId: id } };
    case 'whk': return { to: '/settings/webhooks/$webhookId', params: { webhookId: id } };
    case 'usr': return { to: '/settings/team' };
    default: return null;
  }
}

/** An answer's status in words: done, refused (outside the role), or failed. */
export function outcomeOf(status: number): { label: string; color: string } {
  if (status < 400) return { label: 'Done', color: 'green' };
  if (status === 401 || status === 403) return { label: `Refused (${status})`, color: 'red' };
  return { label: `Failed (${status})`, color: 'orange' };
}
