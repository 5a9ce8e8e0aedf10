import { createLazyRoute } from '@tanstack/react-router';
import { NewPostPage } from './post-editor-page';

export const Route = createLazyRoute('/_shell/blogs/$blogId/posts/new')({ component: NewPostPage });
