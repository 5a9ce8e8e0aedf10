/**
 * The areas of the dashboard, in the order of the navigation. An area is listed once its screens
 * exist; the first the role may read is where signing in leads. An area with `links` is a group
 * (Catalogue, Settings): its entry opens the first of them, and the group stays open while one of
 * its screens is shown. `read` is the action its screen reads with: a role without it does not see
 * the entry (a group without any of its links is left out whole).
 */
export interface AreaLink {
  label: string;
  to: string;
  read: string;
}

export interface Area extends AreaLink {
  links?: readonly AreaLink[];
}

export const areas: readonly Area[] = [
  { label: 'Home', to: '/home', read: 'report.read' },
  { label: 'Orders', to: '/orders', read: 'order.read' },
  {
    label: 'Catalogue',
    to: '/products',
    read: 'product.read',
    links: [
      { label: 'Products', to: '/products', read: 'product.read' },
      { label: 'Collections', to: '/collections', read: 'collection.read' },
      { label: 'Categories', to: '/categories', read: 'category.read' },
      { label: 'Inventory', to: '/inventory', read: 'sku.read' },
      { label: 'Price lists', to: '/price-lists', read: 'price_list.read' },
    ],
  },
  {
    label: 'Customers',
    to: '/customers',
    read: 'customer.read',
    links: [
      { label: 'Customers', to: '/customers', read: 'customer.read' },
      { label: 'Groups', to: '/customer-groups', read: 'customer_group.read' },
    ],
  },
  { label: 'Discounts', to: '/discounts', read: 'discount.read' },
  {
    label: 'Content',
    to: '/blogs',
    read: 'blog.read',
    links: [
      { label: 'Blogs & posts', to: '/blogs', read: 'blog.read' },
      { label: 'Pages', to: '/pages', read: 'page.read' },
      { label: 'Files', to: '/files', read: 'file.read' },
    ],
  },
  {
    label: 'Settings',
    to: '/settings/store',
    read: 'store.read',
    links: [
      { label: 'Store', to: '/settings/store', read: 'store.read' },
      { label: 'Team', to: '/settings/team', read: 'user.read' },
      { label: 'Shipping', to: '/settings/shipping', read: 'shipping_zone.read' },
      { label: 'Taxes', to: '/settings/taxes', read: 'tax_rate.read' },
      { label: 'Markets', to: '/settings/markets', read: 'market.read' },
      { label: 'Payments', to: '/settings/payments', read: 'gateway.read' },
      { label: 'Channels', to: '/settings/channels', read: 'channel.read' },
      { label: 'API keys', to: '/settings/api-keys', read: 'api_key.read' },
      { label: 'Webhooks', to: '/settings/webhooks', read: 'webhook.read' },
      { label: 'Events', to: '/settings/events', read: 'event.read' },
      { label: 'Notifications', to: '/settings/notifications', read: 'notification.read' },
      { label: 'Audit log', to: '/settings/audit-log', read: 'audit_log.read' },
    ],
  },
];

/**
 * The areas the role may read, each group with only its readable links, entered by the first of them;
 * a group left with only its namesake (fulfilment staff read customers but not their groups) is that
 * one entry, not a group of one.
 */
export function readableAreas(can: (action: string) => boolean): Area[] {
  return areas.flatMap((area): Area[] => {
    if (!area.links) return can(area.read) ? [area] : [];
    const links = area.links.filter((link) => can(link.read));
    if (links.length === 0) return [];
    const entry = { label: area.label, to: links[0]!.to, read: links[0]!.read };
    return [links.length === 1 && links[0]!.label === area.label ? entry : { ...entry, links }];
  });
}
