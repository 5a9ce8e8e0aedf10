/**
 * Row types of every table. Booleans are stored as 0/1 and timestamps as Unix seconds on both
 * databases; JSON columns hold text.
 */
export type Flag = 0 | 1;

export interface StoreRow {
  id: string;
  name: string;
  subdomain: string | null;
  domain: string | null;
  description: string | null;
  image: string | null;
  store_status: string;
  email: string | null;
  address1: string | null;
  address2: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  country_code: string | null;
  state: string | null;
  state_code: string | null;
  references: string | null;
  phone: string | null;
  tax_id: string | null;
  business_name: string | null;
  fiscal_address: string | null;
  contact_email: string | null;
  lang: string;
  currency: string;
  timezone: string;
  weight_unit: string;
  order_prefix: string | null;
  order_suffix: string | null;
  is_tax_included: Flag;
  created_at: number;
  updated_at: number;
}

export interface ChannelRow {
  id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export type ApiKeyKind = 'admin' | 'read_only' | 'channel';

export interface ApiKeyRow {
  id: string;
  kind: ApiKeyKind;
  name: string | null;
  channel_id: string | null;
  token_hash: string;
  last_four: string;
  last_used_at: number | null;
  created_at: number;
}

export interface IdempotencyKeyRow {
  credential_id: string;
  key: string;
  request_hash: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response_body: string | null;
  created_at: number;
}

export interface FileRow {
  id: string;
  filename: string;
  original_filename: string;
  src: string;
  url: string;
  mime_type: string;
  size: number;
  created_at: number;
  updated_at: number;
}

export interface VendorRow {
  id: string;
  permalink: string;
  name: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

export interface TagRow {
  id: string;
  permalink: string;
  title: string;
  created_at: number;
  updated_at: number;
}

export interface ProductRow {
  id: string;
  permalink: string;
  name: string;
  excerpt: string | null;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  vendor_id: string | null;
  /** JSON array of modifier names. */
  modifiers: string;
  /** JSON array of `{ url, file_id }`. */
  images: string;
  /** JSON array of channel names the product is hidden on. */
  hidden_on: string;
  is_active: Flag;
  available_at: number | null;
  default_sku_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProductTagRow {
  product_id: string;
  tag_id: string;
}

export interface SkuRow {
  id: string;
  product_id: string;
  permalink: string;
  code: string | null;
  barcode: string | null;
  price: number;
  compared_price: number | null;
  /** JSON object from modifier name to value. */
  modifiers: string;
  image_url: string | null;
  image_file_id: string | null;
  is_listable: Flag;
  is_taxable: Flag;
  is_shipping_required: Flag;
  stock_policy: 'none' | 'overall';
  is_backorderable: Flag;
  in_stock: number | null;
  is_notify: Flag | null;
  low_threshold: number | null;
  weight_unit: string;
  weight: number | null;
  weight_grams: number;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface SkuOptionRow {
  sku_id: string;
  name: string;
  value: string;
}

export interface CollectionRow {
  id: string;
  permalink: string;
  title: string;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  image_url: string | null;
  kind: 'products' | 'smart';
  sorting_rule: string;
  is_visible: Flag;
  visible_at: number | null;
  disjunctive: Flag;
  created_at: number;
  updated_at: number;
}

export interface CollectionRuleRow {
  id: string;
  collection_id: string;
  field: string;
  condition: string;
  value: string;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface CollectionProductRow {
  collection_id: string;
  product_id: string;
  position: number;
  created_at: number;
}

export interface CategoryRow {
  id: string;
  permalink: string;
  title: string;
  order: number;
  parent_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProductCategoryRow {
  product_id: string;
  category_id: string;
}

export interface EventRow {
  id: string;
  kind: string;
  related_id: string;
  /** JSON text of `{ object: … }`. */
  data: string;
  pending_webhooks: number;
  created_at: number;
  updated_at: number;
}

export interface CustomerRow {
  id: string;
  email: string;
  /** The email lowercased: unique. */
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  is_newsletterable: Flag;
  is_active: Flag;
  notes: string | null;
  /** JSON array of strings. */
  tags: string;
  /** Null for a guest (made by a checkout, never signed up). */
  password_hash: string | null;
  created_at: number;
  updated_at: number;
}

export interface CustomerAddressRow {
  id: string;
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  address1: string;
  address2: string | null;
  city: string;
  postcode: string;
  country_code: string;
  state: string | null;
  state_code: string | null;
  phone: string;
  company: string | null;
  references: string | null;
  is_primary: Flag;
  created_at: number;
  updated_at: number;
}

export interface CustomerTokenRow {
  id: string;
  customer_id: string;
  channel_id: string;
  token_hash: string;
  expires_at: number;
  created_at: number;
}

export interface LoginFailureRow {
  email_key: string;
  failures: number;
  first_failed_at: number;
}

export interface Database {
  stores: StoreRow;
  channels: ChannelRow;
  api_keys: ApiKeyRow;
  idempotency_keys: IdempotencyKeyRow;
  files: FileRow;
  vendors: VendorRow;
  tags: TagRow;
  products: ProductRow;
  product_tags: ProductTagRow;
  skus: SkuRow;
  sku_options: SkuOptionRow;
  collections: CollectionRow;
  collection_rules: CollectionRuleRow;
  collection_products: CollectionProductRow;
  categories: CategoryRow;
  product_categories: ProductCategoryRow;
  events: EventRow;
  customers: CustomerRow;
  customer_addresses: CustomerAddressRow;
  customer_tokens: CustomerTokenRow;
  login_failures: LoginFailureRow;
}
