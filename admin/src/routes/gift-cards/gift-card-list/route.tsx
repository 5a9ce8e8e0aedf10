import { createLazyRoute } from '@tanstack/react-router';
import { GiftCardListPage } from './gift-card-list-page';

export const Route = createLazyRoute('/_shell/gift-cards')({ component: GiftCardListPage });
