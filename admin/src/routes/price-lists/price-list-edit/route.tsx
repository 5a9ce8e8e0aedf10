import { createLazyRoute } from '@tanstack/react-router';
import { PriceListPage } from './price-list-page';

export const Route = createLazyRoute('/_shell/price-lists/$priceListId')({ component: PriceListPage });
