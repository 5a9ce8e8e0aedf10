import { createLazyRoute } from '@tanstack/react-router';
import { CategoryTreePage } from './category-tree-page';

export const Route = createLazyRoute('/_shell/categories')({ component: CategoryTreePage });
