import { createLazyRoute } from '@tanstack/react-router';
import { PriceListListPage } from './price-list-list-page';

export const Route = createLazyRoute('/_shell/price-lists')({ component: PriceListListPage });
