import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';
import { ImageRef } from '../catalog/images.js';
import { PERMALINK_PATTERN } from '../catalog/permalinks.js';
import { localeQuery, translationFields, translationsInput } from '../translations/translations.schemas.js';

// Blogs, posts and pages share their field rules, so their schemas live together.

/** Content bodies are HTML, sanitised before they are stored (html.ts); the request body limit (default 1 MiB) bounds them too. */
const CONTENT_MAX_LENGTH = 1_000_000;

const text = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));
const title = Type.String({ minLength: 1, maxLength: 255 });
const permalink = Type.Optional(Type.String({
  pattern: PERMALINK_PATTERN,
  maxLength: 120,
  description: 'unique among its kind; made from the title when absent',
}));
const htmlBody = text(CONTENT_MAX_LENGTH, 'HTML; stored sanitised: scripts, event handlers, styles, iframes and URLs other than http, https, mailto are removed');
const titleSearch = Type.Optional(Type.String({ maxLength: 200, description: 'space-separated terms the title must all contain, case-insensitively' }));
const seo = { meta_title: text(255), meta_description: text(1000) };
const publishing = {
  is_published: Type.Optional(Type.Boolean()),
  // The upper bound (9999-12-31) keeps the value inside PostgreSQL's bigint.
  published_at: Type.Optional(Nullable(Type.Integer({
    minimum: 0,
    maximum: 253_402_300_799,
    description: 'Unix seconds; now when published without one; a future date schedules the publication',
  }))),
};

// ---------------------------------------------------------------- blogs

export const Blog = Type.Object({
  id: Id('blg'),
  object: Type.Literal('blog'),
  permalink: Type.String(),
  title: Type.String(),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  is_commentable: Type.Boolean(),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Blog' });

const blogFields = { permalink, ...seo, is_commentable: Type.Optional(Type.Boolean({ description: 'default false' })), ...metadataInput, ...translationsInput };
export const BlogCreate = Type.Object({ title, ...blogFields });
export const BlogUpdate = Type.Object({ title: Type.Optional(title), ...blogFields });
export type BlogUpdateInput = Static<typeof BlogUpdate>;
export type BlogCreateInput = Static<typeof BlogCreate>;

export const BlogEnvelope = DataEnvelope(Blog);
export const BlogList = ListEnvelope(Blog);
export const BlogListQuery = Type.Object({ ...PageQuery, ...metadataQuery, ...localeQuery });

// ---------------------------------------------------------------- posts

export const Post = Type.Object({
  id: Id('pst'),
  object: Type.Literal('post'),
  permalink: Type.String(),
  title: Type.String(),
  summary: Nullable(Type.String()),
  content: Nullable(Type.String({ description: 'HTML' })),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  blog_id: Id('blg'),
  user_id: Nullable(Type.String({ description: 'the author; by default the id of the API key that created the post' })),
  is_published: Type.Boolean(),
  published_at: Nullable(Timestamp),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Post' });

const postFields = {
  permalink,
  summary: text(10_000),
  content: htmlBody,
  ...seo,
  image: Type.Optional(Nullable(ImageRef)),
  image_url: text(2048, 'an http or https URL; or send image instead'),
  user_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
  ...publishing,
  ...metadataInput,
  ...translationsInput,
};
const blogId = Type.String({ maxLength: 64, description: 'an existing blog' });
export const PostCreate = Type.Object({ title, blog_id: blogId, ...postFields });
export const PostUpdate = Type.Object({ title: Type.Optional(title), blog_id: Type.Optional(blogId), ...postFields });
export type PostCreateInput = Static<typeof PostCreate>;
export type PostUpdateInput = Static<typeof PostUpdate>;

export const PostEnvelope = DataEnvelope(Post);
export const PostList = ListEnvelope(Post);
export const PostListQuery = Type.Object({ ...PageQuery, blog_id: Type.Optional(Type.String({ maxLength: 64, description: 'only the posts of this blog' })), q: titleSearch, ...metadataQuery, ...localeQuery });

// ---------------------------------------------------------------- pages

export const Page = Type.Object({
  id: Id('pag'),
  object: Type.Literal('page'),
  permalink: Type.String(),
  title: Type.String(),
  content: Nullable(Type.String({ description: 'HTML' })),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  is_published: Type.Boolean(),
  published_at: Nullable(Timestamp),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Page' });

const pageFields = { permalink, content: htmlBody, ...seo, ...publishing, ...metadataInput, ...translationsInput };
export const PageCreate = Type.Object({ title, ...pageFields });
export const PageUpdate = Type.Object({ title: Type.Optional(title), ...pageFields });
export type PageCreateInput = Static<typeof PageCreate>;
export type PageUpdateInput = Static<typeof PageUpdate>;

export const PageEnvelope = DataEnvelope(Page);
export const PageList = ListEnvelope(Page);
export const PageListQuery = Type.Object({ ...PageQuery, q: titleSearch, ...metadataQuery, ...localeQuery });
