import { createLazyRoute } from '@tanstack/react-router';
import { MarketsPage } from './markets-page';

export const Route = createLazyRoute('/_shell/settings/markets')({ component: MarketsPage });
