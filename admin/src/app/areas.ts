/**
 * The areas of the dashboard, in the order of the navigation. An area is listed once its screens
 * exist; the first is where signing in leads.
 */
export const areas = [
  { label: 'Orders', to: '/orders' },
] as const;
