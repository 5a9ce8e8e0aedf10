import { createLazyRoute } from '@tanstack/react-router';
import { GroupListPage } from './group-list-page';

export const Route = createLazyRoute('/_shell/customer-groups')({ component: GroupListPage });
