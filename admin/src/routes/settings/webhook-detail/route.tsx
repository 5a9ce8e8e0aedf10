import { createLazyRoute } from '@tanstack/react-router';
import { WebhookDetailPage } from './webhook-detail-page';

export const Route = createLazyRoute('/_shell/settings/webhooks/$webhookId')({ component: WebhookDetailPage });
