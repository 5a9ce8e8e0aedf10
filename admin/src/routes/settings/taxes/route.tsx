import { createLazyRoute } from '@tanstack/react-router';
import { TaxesPage } from './taxes-page';

export const Route = createLazyRoute('/_shell/settings/taxes')({ component: TaxesPage });
