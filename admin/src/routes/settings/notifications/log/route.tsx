import { createLazyRoute } from '@tanstack/react-router';
import { NotificationLogPage } from './notification-log-page';

export const Route = createLazyRoute('/_shell/settings/notifications')({ component: NotificationLogPage });
