import { createLazyRoute } from '@tanstack/react-router';
import { PackingSlipPage } from './packing-slip-page';

export const Route = createLazyRoute('/_shell/orders/$orderId/packing-slip')({ component: PackingSlipPage });
