import { createLazyRoute } from '@tanstack/react-router';
import { CustomerListPage } from './customer-list-page';

export const Route = createLazyRoute('/_shell/customers')({ component: CustomerListPage });
