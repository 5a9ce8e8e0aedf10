import { createLazyRoute } from '@tanstack/react-router';
import { StorePage } from './store-page';

export const Route = createLazyRoute('/_shell/settings/store')({ component: StorePage });
