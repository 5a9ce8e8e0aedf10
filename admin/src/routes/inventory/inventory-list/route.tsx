import { createLazyRoute } from '@tanstack/react-router';
import { InventoryPage } from './inventory-page';

export const Route = createLazyRoute('/_shell/inventory')({ component: InventoryPage });
