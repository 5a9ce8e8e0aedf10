import { createLazyRoute } from '@tanstack/react-router';
import { NewPriceListPage } from './new-price-list-page';

export const Route = createLazyRoute('/_shell/price-lists/new')({ component: NewPriceListPage });
