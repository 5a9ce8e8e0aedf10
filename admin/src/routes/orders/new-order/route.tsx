import { createLazyRoute } from '@tanstack/react-router';
import { NewOrderPage } from './new-order-page';

export const Route = createLazyRoute('/_shell/orders/new')({ component: NewOrderPage });
