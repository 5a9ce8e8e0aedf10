import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../app/shell-route';
import { validateAuditSearch, validateEventSearch, validatePageSearch } from './search';

// The integrations of the Settings group: who may call the API (channels, staff keys, the team),
// who hears from it (webhooks), what it said (events) and who changed what (the audit log). Each
// screen is its own chunk.
const channelsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/channels',
  validateSearch: validatePageSearch,
}).lazy(() => import('./channels/route').then((module) => module.Route));

const apiKeysRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/api-keys',
  validateSearch: validatePageSearch,
}).lazy(() => import('./api-keys/route').then((module) => module.Route));

const webhooksRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/webhooks',
  validateSearch: validatePageSearch,
}).lazy(() => import('./webhooks/route').then((module) => module.Route));

const webhookRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/webhooks/$webhookId',
  validateSearch: validatePageSearch,
}).lazy(() => import('./webhook-detail/route').then((module) => module.Route));

const eventsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/events',
  validateSearch: validateEventSearch,
}).lazy(() => import('./events/route').then((module) => module.Route));

const teamRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/team',
  validateSearch: validatePageSearch,
}).lazy(() => import('./team/route').then((module) => module.Route));

const auditLogRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/audit-log',
  validateSearch: validateAuditSearch,
}).lazy(() => import('./audit-log/route').then((module) => module.Route));

export const integrationRoutes = [channelsRoute, apiKeysRoute, webhooksRoute, webhookRoute, eventsRoute, teamRoute, auditLogRoute] as const;
