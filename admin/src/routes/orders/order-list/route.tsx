import { createLazyRoute } from '@tanstack/react-router';
import { OrderListPage } from './order-list-page';

export const Route = createLazyRoute('/_shell/orders')({ component: OrderListPage });
