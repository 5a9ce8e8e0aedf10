import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../../app/shell-route';
import { validateNotificationSearch } from './search';

// The mail the shop sends: the log of messages, one message, and the template of each kind. Each
// screen is its own chunk (the template editor's preview frame is not needed by the log).
const logRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/notifications',
  validateSearch: validateNotificationSearch,
}).lazy(() => import('./log/route').then((module) => module.Route));

const messageRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/notifications/$notificationId',
}).lazy(() => import('./message/route').then((module) => module.Route));

const templateRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/notifications/templates/$kind',
}).lazy(() => import('./template/route').then((module) => module.Route));

export const notificationRoutes = [logRoute, templateRoute, messageRoute] as const;
