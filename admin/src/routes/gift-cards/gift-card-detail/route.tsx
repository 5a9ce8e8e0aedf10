import { createLazyRoute } from '@tanstack/react-router';
import { GiftCardPage } from './gift-card-page';

export const Route = createLazyRoute('/_shell/gift-cards/$giftCardId')({ component: GiftCardPage });
