import { createLazyRoute } from '@tanstack/react-router';
import { BlogDetailPage } from './blog-detail-page';

export const Route = createLazyRoute('/_shell/blogs/$blogId')({ component: BlogDetailPage });
