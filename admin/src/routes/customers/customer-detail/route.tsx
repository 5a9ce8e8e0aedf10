import { createLazyRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from './customer-detail-page';

export const Route = createLazyRoute('/_shell/customers/$customerId')({ component: CustomerDetailPage });
