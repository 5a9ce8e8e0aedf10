/**
 * The areas of the dashboard, in the order of the navigation. An area is listed once its screens
 * exist; the first is where signing in leads. An area with `links` is a group (Catalogue, Settings):
 * its entry opens the first of them, and the group stays open while one of its screens is shown.
 */
export interface Area {
  label: string;
  to: string;
  links?: ReadonlyArray<{ label: string; to: string }>;
}

export const areas: readonly Area[] = [
  { label: 'Home', to: '/home' },
  { label: 'Orders', to: '/orders' },
  {
    label: 'Catalogue',
    to: '/products',
    links: [
      { label: 'Products', to: '/products' },
      { label: 'Collections', to: '/collections' },
      { label: 'Categories', to: '/categories' },
      { label: 'Inventory', to: '/inventory' },
    ],
  },
  { label: 'Customers', to: '/customers' },
  { label: 'Discounts', to: '/discounts' },
  { label: 'Content', to: '/blogs', links: [{ label: 'Blogs & posts', to: '/blogs' }, { label: 'Pages', to: '/pages' }, { label: 'Files', to: '/files' }] },
  {
    label: 'Settings',
    to: '/settings/store',
    links: [
      { label: 'Store', to: '/settings/store' },
      { label: 'Shipping', to: '/settings/shipping' },
      { label: 'Taxes', to: '/settings/taxes' },
      { label: 'Payments', to: '/settings/payments' },
      { label: 'Channels', to: '/settings/channels' },
      { label: 'API keys', to: '/settings/api-keys' },
      { label: 'Webhooks', to: '/settings/webhooks' },
      { label: 'Events', to: '/settings/events' },
      { label: 'Notifications', to: '/settings/notifications' },
    ],
  },
];
