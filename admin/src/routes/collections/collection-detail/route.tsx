import { createLazyRoute } from '@tanstack/react-router';
import { CollectionDetailPage } from './collection-detail-page';

export const Route = createLazyRoute('/_shell/collections/$collectionId')({ component: CollectionDetailPage });
