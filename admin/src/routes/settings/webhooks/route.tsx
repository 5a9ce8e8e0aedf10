import { createLazyRoute } from '@tanstack/react-router';
import { WebhooksPage } from './webhooks-page';

export const Route = createLazyRoute('/_shell/settings/webhooks')({ component: WebhooksPage });
