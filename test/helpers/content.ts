import { expect } from 'vitest';
import { uniqueWord } from './expect.js';
import { uploadFile } from './files.js';
import type { Client, TestContext } from './test-app.js';

/** Unix seconds now. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Makers of content records through the admin API; each must succeed. */
export function contentFactories(t: TestContext) {
  return {
    async createBlog(body: Record<string, unknown> = {}): Promise<any> {
      const res = await t.admin.post('/v1/blogs', { title: `Blog ${uniqueWord()}`, ...body });
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
    async createPost(blogId: string, body: Record<string, unknown> = {}): Promise<any> {
      const res = await t.admin.post('/v1/posts', { title: `Post ${uniqueWord()}`, blog_id: blogId, ...body });
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
    async createPage(body: Record<string, unknown> = {}): Promise<any> {
      const res = await t.admin.post('/v1/pages', { title: `Page ${uniqueWord()}`, ...body });
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    },
    /** A client with a new read-only admin key (`rk_…`). */
    async readOnlyClient(): Promise<Client> {
      const res = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
      expect(res.status, res.text).toBe(201);
      return t.as({ authorization: `Bearer ${res.body.data.token}` });
    },
    /** A file uploaded through the API. */
    insertFile(): Promise<{ id: string; filename: string; url: string }> {
      return uploadFile(t);
    },
  };
}
