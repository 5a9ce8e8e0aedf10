import { createLazyRoute } from '@tanstack/react-router';
import { OrderDetailPage } from './order-detail-page';

export const Route = createLazyRoute('/_shell/orders/$orderId')({ component: OrderDetailPage });
