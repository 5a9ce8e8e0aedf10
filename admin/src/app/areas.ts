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
  { label: 'Orders', to: '/orders' },
  {
    label: 'Settings',
    to: '/settings/channels',
    links: [
      { label: 'Channels', to: '/settings/channels' },
      { label: 'API keys', to: '/settings/api-keys' },
      { label: 'Webhooks', to: '/settings/webhooks' },
      { label: 'Events', to: '/settings/events' },
    ],
  },
];
