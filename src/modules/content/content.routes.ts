import type { App } from '../../http/types.js';
import { blogsRoutes } from './blogs.routes.js';
import { pagesRoutes } from './pages.routes.js';
import { postsRoutes } from './posts.routes.js';

/** Blogs, posts and pages. */
export async function contentRoutes(app: App): Promise<void> {
  await app.register(blogsRoutes);
  await app.register(postsRoutes);
  await app.register(pagesRoutes);
}
