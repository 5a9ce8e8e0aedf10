import { createLazyRoute } from '@tanstack/react-router';
import { DiscountListPage } from './discount-list-page';

export const Route = createLazyRoute('/_shell/discounts')({ component: DiscountListPage });
