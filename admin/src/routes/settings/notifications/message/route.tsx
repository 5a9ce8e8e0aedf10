import { createLazyRoute } from '@tanstack/react-router';
import { MessagePage } from './message-page';

export const Route = createLazyRoute('/_shell/settings/notifications/$notificationId')({ component: MessagePage });
