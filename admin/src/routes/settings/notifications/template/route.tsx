import { createLazyRoute } from '@tanstack/react-router';
import { TemplatePage } from './template-page';

export const Route = createLazyRoute('/_shell/settings/notifications/templates/$kind')({ component: TemplatePage });
