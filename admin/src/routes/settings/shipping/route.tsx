import { createLazyRoute } from '@tanstack/react-router';
import { ShippingPage } from './shipping-page';

export const Route = createLazyRoute('/_shell/settings/shipping')({ component: ShippingPage });
