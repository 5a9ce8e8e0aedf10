import type { Kysely } from 'kysely';

// Both databases get the same column types: booleans are 0/1 integers, timestamps are Unix seconds
// in bigints, money is in minor units, structured values are JSON text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subdomain', 'text')
    .addColumn('domain', 'text')
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('store_status', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('postcode', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('country_code', 'text')
    .addColumn('state', 'text')
    .addColumn('state_code', 'text')
    .addColumn('references', 'text')
    .addColumn('phone', 'text')
    .addColumn('tax_id', 'text')
    .addColumn('business_name', 'text')
    .addColumn('fiscal_address', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('weight_unit', 'text', (c) => c.notNull())
    .addColumn('order_prefix', 'text')
    .addColumn('order_suffix', 'text')
    .addColumn('is_tax_included', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('channel_id', 'text', (c) => c.references('channels.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['credential_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('filename', 'text', (c) => c.notNull().unique())
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('src', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('vendors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('description', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('meta_keywords', 'text')
    .addColumn('vendor_id', 'text', (c) => c.references('vendors.id').onDelete('set null'))
    .addColumn('modifiers', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('hidden_on', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('available_at', 'bigint')
    .addColumn('default_sku_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_name').on('products').column('name').execute();
  await db.schema.createIndex('products_created_at').on('products').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_tags_pkey', ['product_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('product_tags_tag_id').on('product_tags').column('tag_id').execute();

  await db.schema
    .createTable('skus')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text')
    .addColumn('barcode', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('compared_price', 'bigint')
    .addColumn('modifiers', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('image_file_id', 'text', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('is_listable', 'integer', (c) => c.notNull())
    .addColumn('is_taxable', 'integer', (c) => c.notNull())
    .addColumn('is_shipping_required', 'integer', (c) => c.notNull())
    .addColumn('stock_policy', 'text', (c) => c.notNull())
    .addColumn('is_backorderable', 'integer', (c) => c.notNull())
    .addColumn('in_stock', 'bigint')
    .addColumn('is_notify', 'integer')
    .addColumn('low_threshold', 'bigint')
    .addColumn('weight_unit', 'text', (c) => c.notNull())
    .addColumn('weight', 'double precision')
    .addColumn('weight_grams', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('skus_product_id').on('skus').columns(['product_id', 'position']).execute();
  await db.schema.createIndex('skus_price').on('skus').columns(['price', 'id']).execute();
  await db.schema.createIndex('skus_code').on('skus').column('code').execute();

  await db.schema
    .createTable('sku_options')
    .addColumn('sku_id', 'text', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sku_options_pkey', ['sku_id', 'name'])
    .execute();
  await db.schema.createIndex('sku_options_name_value').on('sku_options').columns(['name', 'value']).execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('meta_description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sorting_rule', 'text', (c) => c.notNull())
    .addColumn('is_visible', 'integer', (c) => c.notNull())
    .addColumn('visible_at', 'bigint')
    .addColumn('disjunctive', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('collection_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collection_rules_collection_id').on('collection_rules').column('collection_id').execute();

  await db.schema
    .createTable('collection_products')
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_products_pkey', ['collection_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('collection_products_position')
    .on('collection_products')
    .columns(['collection_id', 'position', 'product_id'])
    .execute();
  await db.schema.createIndex('collection_products_product_id').on('collection_products').column('product_id').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('permalink', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('categories.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_parent_id').on('categories').columns(['parent_id', 'order']).execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_categories_pkey', ['product_id', 'category_id'])
    .execute();
  await db.schema.createIndex('product_categories_category_id').on('product_categories').column('category_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('related_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('pending_webhooks', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_related_id').on('events').columns(['related_id', 'id']).execute();
  await db.schema.createIndex('events_kind').on('events').columns(['kind', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('The first migration cannot be undone; drop the database instead.');
}
