import { createLazyRoute } from '@tanstack/react-router';
import { ProductListPage } from './product-list-page';

export const Route = createLazyRoute('/_shell/products')({ component: ProductListPage });
