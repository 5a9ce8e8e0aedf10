import { createLazyRoute } from '@tanstack/react-router';
import { GroupPage } from './group-page';

export const Route = createLazyRoute('/_shell/customer-groups/$groupId')({ component: GroupPage });
