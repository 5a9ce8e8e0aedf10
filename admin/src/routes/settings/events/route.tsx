import { createLazyRoute } from '@tanstack/react-router';
import { EventsPage } from './events-page';

export const Route = createLazyRoute('/_shell/settings/events')({ component: EventsPage });
