import { createLazyRoute } from '@tanstack/react-router';
import { BlogListPage } from './blog-list-page';

export const Route = createLazyRoute('/_shell/blogs')({ component: BlogListPage });
