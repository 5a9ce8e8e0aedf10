import { createLazyRoute } from '@tanstack/react-router';
import { PostEditorPage } from './post-editor-page';

export const Route = createLazyRoute('/_shell/blogs/$blogId/posts/$postId')({ component: PostEditorPage });
