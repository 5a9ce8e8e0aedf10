import type { Kysely } from 'kysely';

// Blogs, their posts, and pages. Permalinks are unique per kind (a unique column each), so two
// concurrent creates of the same permalink cannot both succeed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('is_commentable', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No cascade: a blog with posts cannot be deleted (409), even by a delete racing a new post.
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id'))
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('content', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('image_url', 'text')
    // The uploaded file the image is, if it is one: deleting the file takes the image off the post.
    .addColumn('image_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('user_id', 'text')
    .addColumn('is_published', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A blog's posts, newest first; and every post, for the storefront's published filter.
  await db.schema.createIndex('posts_blog_id_published_at').on('posts').columns(['blog_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_published').on('posts').columns(['is_published', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_image_file_id').on('posts').column('image_file_id').execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('is_published', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pages_published').on('pages').columns(['is_published', 'published_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pages', 'posts', 'blogs']) await db.schema.dropTable(table).execute();
}
