import { createLazyRoute } from '@tanstack/react-router';
import { CollectionListPage } from './collection-list-page';

export const Route = createLazyRoute('/_shell/collections')({ component: CollectionListPage });
