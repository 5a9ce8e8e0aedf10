import { createLazyRoute } from '@tanstack/react-router';
import { PaymentsPage } from './payments-page';

export const Route = createLazyRoute('/_shell/settings/payments')({ component: PaymentsPage });
