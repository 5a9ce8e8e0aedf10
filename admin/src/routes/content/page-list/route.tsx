import { createLazyRoute } from '@tanstack/react-router';
import { PageListPage } from './page-list-page';

export const Route = createLazyRoute('/_shell/pages')({ component: PageListPage });
