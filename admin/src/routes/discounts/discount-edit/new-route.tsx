import { createLazyRoute } from '@tanstack/react-router';
import { NewDiscountPage } from './new-discount-page';

export const Route = createLazyRoute('/_shell/discounts/new')({ component: NewDiscountPage });
