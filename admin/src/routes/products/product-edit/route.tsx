import { createLazyRoute } from '@tanstack/react-router';
import { ProductPage } from './product-page';

export const Route = createLazyRoute('/_shell/products/$productId')({ component: ProductPage });
