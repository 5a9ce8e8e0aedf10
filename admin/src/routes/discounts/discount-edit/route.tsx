import { createLazyRoute } from '@tanstack/react-router';
import { DiscountPage } from './discount-page';

export const Route = createLazyRoute('/_shell/discounts/$discountId')({ component: DiscountPage });
