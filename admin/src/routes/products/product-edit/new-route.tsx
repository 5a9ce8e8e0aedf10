import { createLazyRoute } from '@tanstack/react-router';
import { NewProductPage } from './new-product-page';

export const Route = createLazyRoute('/_shell/products/new')({ component: NewProductPage });
