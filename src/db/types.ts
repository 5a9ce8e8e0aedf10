/**
 * Row types of every table. Booleans are stored as 0/1 and timestamps as Unix seconds on both
 * databases; JSON columns hold text.
 */
export type Flag = 0 | 1;

/**
 * The metadata of a record (DESIGN.md §10): JSON objects of string to string, `{}` when unset.
 * `private_metadata` is for staff alone (src/lib/metadata.ts).
 */
export interface MetadataColumns {
  metadata: string;
  private_metadata: string;
}

/**
 * A record's translated text fields (DESIGN.md §10): JSON of locale → field → text, `{}` when none
 * (src/modules/translations/translations.ts).
 */
export interface TranslationColumns {
  translations: string;
}

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
  is_staff_two_factor_required: Flag;
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
  /** Null: the role the kind implies (an admin key is an owner's, a read-only key read_only). */
  role: string | null;
  created_at: number;
}

/** Secrets the server made for itself, shared by every process on the database. */
export interface ServerSecretRow {
  name: string;
  value: string;
}

export interface IdempotencyKeyRow {
  /** The caller's scope (a credential, with the customer token or the client's address): see idempotency.ts. */
  credential_id: string;
  key: string;
  request_hash: string;
  /** Null while the first request is still running. */
  status_code: number | null;
  response_body: string | null;
  created_at: number;
}

export interface FileRow extends MetadataColumns {
  id: string;
  filename: string;
  original_filename: string;
  src: string;
  url: string;
  mime_type: string;
  size: number;
  /** Where the bytes are in the file storage. */
  storage_key: string;
  /** SHA-256 of the bytes, base64url: the strong ETag they are served with. */
  sha256: string;
  /** What an image shows, for readers who cannot see it; null when unset. */
  alt: string | null;
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

export interface ProductRow extends MetadataColumns, TranslationColumns {
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
  /** Every locale's translated name and description, for searches (migration 040). */
  translated_words: string;
  created_at: number;
  updated_at: number;
}

export interface ProductTagRow {
  product_id: string;
  tag_id: string;
}

export interface SkuRow extends MetadataColumns, TranslationColumns {
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
  /** Selling it issues a gift card of its price per unit when the order is paid (gift-cards/sold-gift-cards.ts). */
  is_gift_card: Flag;
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

export interface CollectionRow extends MetadataColumns, TranslationColumns {
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
  /** The product's sort keys, kept by triggers (migration 028): lower(name), the default sku's price, created_at. */
  name_key?: string | null;
  price?: number | null;
  product_created_at?: number | null;
}

export interface CategoryRow extends MetadataColumns, TranslationColumns {
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

export interface CustomerRow extends MetadataColumns {
  id: string;
  email: string;
  /** The email trimmed, in Unicode NFC and lowercased (emails.ts): unique. */
  email_key: string;
  first_name: string | null;
  last_name: string | null;
  is_newsletterable: Flag;
  is_active: Flag;
  /** The customer proved it owns its email; cleared when the email changes. */
  is_verified: Flag;
  notes: string | null;
  /** JSON array of strings. */
  tags: string;
  /** Null for a guest (made by a checkout, never signed up). */
  password_hash: string | null;
  /** The language mail to the customer is written in (null: the store's). */
  locale: string | null;
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

export interface UserRow {
  id: string;
  email: string;
  email_key: string;
  name: string | null;
  role: string;
  is_active: Flag;
  password_hash: string | null;
  two_factor_secret: string | null;
  is_two_factor_enabled: Flag;
  last_otp_step: number | null;
  last_sign_in_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface UserTokenRow {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  created_at: number;
}

export interface UserInvitationRow {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  accepted_at: number | null;
  created_at: number;
}

export interface UserRecoveryCodeRow {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
}

/** Failed sign-ins of an email from one client, or (client '') from any client. */
export interface SignInFailureRow {
  email_key: string;
  client: string;
  failures: number;
  first_failed_at: number;
  /** Client '': no attempt for the email before this time (the backoff); 0 when none is due. */
  next_attempt_at: number;
}

/** A token proving a customer's email: single use, stored as its SHA-256. */
export interface CustomerVerificationRow {
  token_hash: string;
  customer_id: string;
  /** The email key it was issued for: it proves nothing once the customer's email changed. */
  email_key: string;
  expires_at: number;
  created_at: number;
}

export interface PasswordResetRow {
  token_hash: string;
  customer_id: string;
  /** The email key the link was mailed to: it proves nothing once the customer's email changed. */
  email_key: string;
  expires_at: number;
  created_at: number;
}

/** Password reset requests of an email from one client in the current window (rows of client '' are from before the mail caps, unused). */
export interface PasswordResetRequestRow {
  email_key: string;
  client: string;
  requests: number;
  first_requested_at: number;
}

export interface CartRow extends MetadataColumns {
  id: string;
  channel_id: string;
  customer_id: string | null;
  is_gift: Flag;
  gift_message: string | null;
  source_name: string | null;
  customer_note: string | null;
  browser_ip: string | null;
  user_agent: string | null;
  landing_site: string | null;
  referring_site: string | null;
  /** JSON array of the discount codes the buyer entered (null: none). */
  discount_codes: string | null;
  /** The market the cart sells in (null: the primary market, the store's own currency). */
  market_id: string | null;
  /** The cart's currency, fixed when it is made (null for carts made before markets: the store's). */
  currency: string | null;
  locale: string | null;
  created_at: number;
  updated_at: number;
}

export interface CartItemRow {
  id: string;
  cart_id: string;
  sku_id: string;
  quantity: number;
  created_at: number;
  updated_at: number;
}

export interface ShippingZoneRow {
  id: string;
  name: string;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  countries: string;
  /** JSON array of `{ country_code, code }`: when it names states of a country, only those. */
  states: string;
  created_at: number;
  updated_at: number;
}

export type ShippingRateKind = 'weight' | 'price';

export interface ShippingRateRow extends TranslationColumns {
  id: string;
  zone_id: string;
  name: string;
  kind: ShippingRateKind;
  from: number;
  /** Exclusive upper bound; null for none. */
  to: number | null;
  price: number;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface TaxRateRow {
  id: string;
  country_code: string;
  /** '' for the whole country. */
  state_code: string;
  name: string | null;
  /** Millionths of the taxed amount, a hundredth of a basis point: 190000 is 19 %, 88750 is 8.875 %. */
  rate_ppm: number;
  created_at: number;
  updated_at: number;
}

export interface GatewayRow {
  id: string;
  name: string;
  display_name: string | null;
  source: string;
  driver: string;
  is_enabled: Flag;
  /** JSON object; secrets among them are never returned. */
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface CounterRow {
  name: string;
  value: number;
}

export interface OrderRow extends MetadataColumns {
  id: string;
  number: string | null;
  /** The counter's value the number was made of, without the store's affixes of that day (null before placement, and for orders placed before migration 027). */
  number_sequence: number | null;
  status: string;
  financial_status: string;
  fulfillment_status: string;
  channel_id: string;
  cart_id: string | null;
  customer_id: string | null;
  email: string | null;
  /** The email by the customers' key rule: finds guest orders for the account that verifies it. */
  email_key?: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  /** What the buyer sent as `customer[is_newsletterable]`. */
  customer_is_newsletterable?: Flag | null;
  is_shipping_required: Flag;
  /** JSON snapshot of the checked address. */
  shipping_address: string | null;
  billing_address: string | null;
  same_address: Flag;
  shipping_rate_id: string | null;
  /** JSON snapshot of the chosen rate. */
  shipping_lines: string | null;
  shipping_rate: number;
  gateway_id: string | null;
  gateway: string | null;
  payment_method: string | null;
  discount_codes: string | null;
  /** JSON `[{gift_card_id, last_four, amount}]`: the gift cards entered at checkout and what each pays (gift-cards/gift-card-redemption.ts). */
  gift_cards: string;
  is_gift: Flag;
  gift_message: string | null;
  source_name: string | null;
  customer_note: string | null;
  order_note: string | null;
  cancel_reason: string | null;
  browser_ip: string | null;
  user_agent: string | null;
  landing_site: string | null;
  referring_site: string | null;
  total_products: number;
  total_discount: number;
  total_items: number;
  total_items_price: number;
  subtotal_price: number;
  total_taxes: number;
  total_price: number;
  currency: string;
  /** The market the order sold in (null: the primary market). */
  market_id: string | null;
  /** Store currency → order currency when the order was made (a decimal string; null: the store's currency or fixed prices only). */
  exchange_rate: string | null;
  /** The language the buyer shopped in: mail about the order is written in it (null: the store's). */
  locale: string | null;
  total_weight: number;
  is_test: Flag | null;
  canceler_id: string | null;
  /** When a payment attempt took the order; null when none is under way. */
  payment_claimed_at: number | null;
  /** When a payment reserved the order's stock and discount uses before charging; null when it holds none. */
  reserved_at: number | null;
  /** Until when (Unix seconds) the order may be changed and paid through its checkout. */
  checkout_expires_at: number;
  placed_at: number | null;
  archived_at: number | null;
  canceled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface OrderItemRow {
  id: string;
  order_id: string;
  product_id: string;
  sku_id: string;
  permalink: string;
  name: string;
  product_name: string;
  sku_name: string;
  vendor: string | null;
  code: string | null;
  image: string | null;
  price: number;
  compared_price: number | null;
  quantity: number;
  discount: number | null;
  is_taxable: Flag;
  tax_rate: number;
  subtotal: number;
  taxes: number;
  total: number;
  fulfilled: number;
  is_shipping_required: Flag;
  /** The sku's is_gift_card when the checkout was made. */
  is_gift_card: Flag;
  weight: number;
  stock_id: string | null;
  created_at: number;
  updated_at: number;
}

/** One term an order is found by (`GET /v1/orders?q=`), lowercased; see orders/order-search.ts. */
export interface OrderSearchTermRow {
  term: string;
  order_id: string;
}

/** An order whose search terms are to be brought up to date (orders/order-search.ts indexQueuedOrders). */
export interface OrderSearchQueueRow {
  order_id: string;
}

/** How many orders of one slot (the last character of their ids) hold a search term. */
export interface OrderSearchTermCountRow {
  term: string;
  slot: string;
  orders: number;
}

/** How many products a hand-picked collection holds (migration 013: kept by triggers on its memberships). */
/** A facet value a product holds (migration 049): its vendor's id, a tag's id, or an option name and value of one of its skus. */
export interface ProductFacetKeyRow {
  product_id: string;
  facet: 'vendor' | 'tags' | 'options';
  /** The option's name; '' for vendors and tags. */
  name: string;
  value: string;
}

/** How many active products of a scope (`all`, or a hand-picked collection's id) hold a facet value (migration 049). */
export interface FacetCountRow {
  scope: string;
  facet: ProductFacetKeyRow['facet'];
  name: string;
  value: string;
  products: number;
}

/** A product's storefront view kept as the JSON answered, but for its skus' stock (migration 050). */
export interface ProductDocumentRow {
  product_id: string;
  body: string;
  /** JSON array: the ids of the skus whose stock and `updated_at` the body leaves out, in its order. */
  sku_ids: string;
}

/** A sku's storefront view kept as the JSON answered, but for its stock and `updated_at` (migration 050). */
export interface SkuDocumentRow {
  sku_id: string;
  product_id: string;
  body: string;
}

/** A product whose documents are to be written (migration 050). */
export interface ProductDocumentDueRow {
  product_id: string;
}

export interface CollectionMemberCountRow {
  collection_id: string;
  members: number;
  /** Members whose product is active (migration 014). */
  active_members: number;
}

export interface TransactionRow {
  id: string;
  order_id: string;
  parent_id: string | null;
  kind: string;
  status: string;
  amount: number;
  currency: string;
  authorization: string | null;
  code: string | null;
  reference: string | null;
  gateway: string | null;
  source_name: string | null;
  credit_card_number: string | null;
  credit_card_brand: string | null;
  message: string | null;
  is_test: Flag;
  created_at: number;
  updated_at: number;
  /** The scoped hash of the Idempotency-Key a staff move was made with, so a retry finds it. */
  idempotency_key?: string | null;
}

/** A webhook event of a payment provider already settled (migration 026), by the provider's event id. */
export interface GatewayEventRow {
  gateway_id: string;
  event_id: string;
  /** The provider's event type (`payment_intent.succeeded`). */
  kind: string;
  created_at: number;
}

export type FulfillmentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface FulfillmentRow extends MetadataColumns {
  id: string;
  order_id: string;
  /** `parcial` while something is left to ship after it, `full` otherwise (the spec's words). */
  kind: 'parcial' | 'full';
  status: FulfillmentStatus;
  tracking_code: string | null;
  carrier: string | null;
  is_customer_notified: Flag;
  created_at: number;
  updated_at: number;
}

export interface FulfillmentItemRow {
  fulfillment_id: string;
  order_item_id: string;
  quantity: number;
}

/** A return of a placed order's items (status: modules/returns/return-states.ts). */
export interface ReturnRow extends MetadataColumns {
  id: string;
  order_id: string;
  status: string;
  note: string | null;
  /** Whether receiving the items puts them back in stock. */
  restock: Flag;
  refunded_amount: number | null;
  /** The refund transaction that refunded the return. */
  transaction_id: string | null;
  received_at: number | null;
  refunded_at: number | null;
  canceled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Units of one order item a return holds, and their share of what was paid for the item. */
export interface ReturnItemRow {
  return_id: string;
  order_item_id: string;
  quantity: number;
  reason: string;
  amount: number;
}

export interface WebhookRow {
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event kinds, or `["*"]`. */
  events: string;
  is_enabled: Flag;
  secret: string;
  /** The secret before the last rotation: it signs too until it expires. */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  /** Unix seconds of the first failure since the last success; null while deliveries succeed. */
  failing_since: number | null;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'abandoned';

export interface WebhookDeliveryRow {
  id: string;
  event_id: string;
  webhook_id: string;
  status: DeliveryStatus;
  attempts: number;
  /** Milliseconds since the epoch. */
  next_attempt_at: number;
  /** Milliseconds; a worker holds the delivery until then. */
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptRow {
  id: string;
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  succeeded: Flag;
  /** Milliseconds; when the next attempt is due, null when none will be. */
  next_attempt_at: number | null;
  created_at: number;
}

/** An email of the outbox (status: modules/notifications/kinds.ts). */
export interface NotificationRow {
  id: string;
  kind: string;
  recipient: string;
  /** JSON: what the caller knew when it queued the message; the rest is loaded when it is rendered. */
  data: string;
  /** The message as rendered; null until the worker renders it. */
  subject: string | null;
  html: string | null;
  text: string | null;
  status: string;
  attempts: number;
  last_error: string | null;
  /** Milliseconds since the epoch. */
  next_attempt_at: number;
  /** Milliseconds; a worker holds the message until then. */
  locked_until: number | null;
  sent_at: number | null;
  order_id: string | null;
  customer_id: string | null;
  checkout_id: string | null;
  /** The message this one sends again. */
  resent_from: string | null;
  created_at: number;
  updated_at: number;
}

/** A kind's template as staff saved it; null parts are the shipped default. */
export interface NotificationTemplateRow {
  kind: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  is_enabled: Flag;
  updated_at: number;
}

/** A kind's template in a locale other than the default, as staff saved it; null parts fall back (templates.service.ts). */
export interface NotificationTemplateLocaleRow {
  kind: string;
  locale: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  updated_at: number;
}

/** What an import or export job is doing: waiting for a worker, under way, done, or given up whole. */
export type BulkJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** What import and export jobs share: their progress, and a worker's claim (migration 044). */
export interface BulkJobFields {
  id: string;
  status: BulkJobStatus;
  total_rows: number | null;
  processed_rows: number;
  failure: string | null;
  attempts: number;
  /** Milliseconds; a worker holds the job until then. */
  locked_until: number | null;
  started_at: number | null;
  finished_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A bulk import of a CSV file. */
export interface ImportRow extends BulkJobFields {
  kind: 'products' | 'customers';
  storage_key: string;
  filename: string;
  size: number;
  created: number;
  updated: number;
  error_count: number;
  /** The last row committed; a resumed job starts after it. */
  checkpoint_row: number;
}

/** An image a bulk import fetched, kept as a file: its source is not fetched again. */
export interface ImportedImageRow {
  source_url: string;
  file_id: string;
  created_at: number;
}

/** One fault of one row of an import. */
export interface ImportErrorRow {
  import_id: string;
  position: number;
  row: number;
  field: string;
  message: string;
}

/** A bulk export to a CSV file. */
export interface ExportRow extends BulkJobFields {
  kind: 'products' | 'customers' | 'orders';
  /** The CSV in the file storage once written. */
  storage_key: string | null;
}

/** Where a scan of the worker has got to (the abandoned checkouts: the last order id looked at). */
export interface NotificationScanRow {
  name: string;
  cursor: string;
  updated_at: number;
}

export interface BlogRow extends MetadataColumns, TranslationColumns {
  id: string;
  permalink: string;
  title: string;
  meta_title: string | null;
  meta_description: string | null;
  is_commentable: Flag;
  created_at: number;
  updated_at: number;
}

export interface PostRow extends MetadataColumns, TranslationColumns {
  id: string;
  blog_id: string;
  permalink: string;
  title: string;
  summary: string | null;
  /** HTML, stored as sent. */
  content: string | null;
  meta_title: string | null;
  meta_description: string | null;
  image_url: string | null;
  /** The uploaded file shown as the image, if it is one. */
  image_file_id: string | null;
  /** The author: by default the id of the API key that created the post. */
  user_id: string | null;
  is_published: Flag;
  /** Unix seconds; a published post always has one (in the future: scheduled). */
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PageRow extends MetadataColumns, TranslationColumns {
  id: string;
  permalink: string;
  title: string;
  content: string | null;
  meta_title: string | null;
  meta_description: string | null;
  is_published: Flag;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export type DiscountKind = 'percentage' | 'fixed_amount' | 'free_shipping';
export type DiscountScope = 'all' | 'collections' | 'products' | 'skus';

export interface DiscountRow extends MetadataColumns {
  id: string;
  /** Null for an automatic discount. */
  code: string | null;
  /** The code lower-cased (unique): codes compare without case. */
  code_key: string | null;
  title: string;
  kind: DiscountKind;
  /** Basis points (percentage), cents (fixed_amount), 0 (free_shipping). */
  value: number;
  applies_to_kind: DiscountScope;
  /** JSON array of the collection, product or sku ids of the scope. */
  applies_to_ids: string;
  minimum_subtotal: number | null;
  starts_at: number | null;
  ends_at: number | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  is_active: Flag;
  times_used: number;
  created_at: number;
  updated_at: number;
}

export interface DiscountRedemptionRow {
  id: string;
  discount_id: string;
  order_id: string;
  customer_id: string | null;
  /** The buyer's mailbox (customers/emails.ts mailboxKey), so aliases of one address count together. */
  email_key: string | null;
  created_at: number;
}

export interface GiftCardRow {
  id: string;
  /** SHA-256 (hex) of the normalised code (gift-cards/gift-card-codes.ts): the code itself is never kept. */
  code_hash: string;
  last_four: string;
  initial_value: number;
  /** Minor units of `currency`; never below 0 (moved only by conditional updates). */
  balance: number;
  currency: string;
  customer_id: string | null;
  expires_at: number | null;
  is_enabled: Flag;
  note: string | null;
  /** The order item a sold card was issued for, and which of its units (0-based); null for staff's cards. */
  order_item_id: string | null;
  order_item_unit: number | null;
  created_at: number;
  updated_at: number;
}

export type GiftCardMovementKind = 'issue' | 'redeem' | 'refund';

export interface GiftCardMovementRow {
  id: string;
  gift_card_id: string;
  kind: GiftCardMovementKind;
  /** Minor units, positive for issue and refund, negative for redeem. */
  amount: number;
  order_id: string | null;
  created_at: number;
}

/** The mails of one budget (notifications/mail-caps.ts) sent to one mailbox within its window. */
export interface MailQuotaRow {
  /** customers/emails.ts mailboxKey of the recipient. */
  recipient_key: string;
  budget: string;
  /** JSON array of the Unix seconds of the sends still inside the window, oldest first. */
  sent_at: string;
  last_sent_at: number;
}

/** A comment staff added to an order's timeline; the author as they were named when it was written. */
export interface OrderCommentRow {
  id: string;
  order_id: string;
  body: string;
  author_type: 'user' | 'api_key' | 'system';
  author_id: string | null;
  author_name: string | null;
  created_at: number;
}

/** One staff write (refused ones too), as audit/audit-recording.ts wrote it once the answer was sent. */
export interface AuditEntryRow {
  id: string;
  actor_type: 'user' | 'api_key';
  actor_id: string;
  /** The actor's name when the entry was written. */
  actor_name: string | null;
  /** The route's declared action, `order.cancel`. */
  action: string;
  method: string;
  /** The URL path, without its query string. */
  path: string;
  /** The record written: the one a 201 created, else the route's most specific id. */
  object_id: string | null;
  /** The HTTP status answered. */
  status: number;
  /** The client's address; null when it was gone before it could be read. */
  ip: string | null;
  created_at: number;
}

export interface MarketRow {
  id: string;
  name: string;
  currency: string;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  country_codes: string;
  /** JSON array of locales, the first the default. */
  locales: string;
  /** Store currency → market currency, a decimal string (null: fixed prices only). */
  exchange_rate: string | null;
  rounding: string;
  is_active: Flag;
  created_at: number;
  updated_at: number;
}

export interface MarketCountryRow {
  country_code: string;
  market_id: string;
}

export interface SkuPriceRow {
  sku_id: string;
  currency: string;
  price: number;
  compared_price: number | null;
}

/** The price a market sells a sku at, kept with the sku, its fixed prices and the market (market-prices.ts). */
export interface MarketPriceRow {
  market_id: string;
  sku_id: string;
  product_id: string;
  price: number;
  compared_price: number | null;
  is_fixed: Flag;
}

export interface CustomerGroupRow {
  id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface CustomerGroupMemberRow {
  customer_group_id: string;
  customer_id: string;
}

export interface PriceListRow {
  id: string;
  name: string;
  /** Unix seconds; null: from the start / without end. */
  starts_at: number | null;
  ends_at: number | null;
  is_active: Flag;
  created_at: number;
  updated_at: number;
}

export interface PriceListGroupRow {
  price_list_id: string;
  customer_group_id: string;
}

export interface PriceListPriceRow {
  price_list_id: string;
  sku_id: string;
  /** Null: the store's currency. */
  currency: string | null;
  price: number;
}

/** A translated permalink of a record: unique per kind of record and locale. */
export interface TranslatedPermalinkRow {
  /** The record's kind: product, sku, collection, category, blog, post, page. */
  kind: string;
  locale: string;
  permalink: string;
  object_id: string;
}

export interface Database {
  stores: StoreRow;
  channels: ChannelRow;
  api_keys: ApiKeyRow;
  idempotency_keys: IdempotencyKeyRow;
  server_secrets: ServerSecretRow;
  files: FileRow;
  vendors: VendorRow;
  tags: TagRow;
  products: ProductRow;
  product_tags: ProductTagRow;
  skus: SkuRow;
  sku_options: SkuOptionRow;
  product_facet_keys: ProductFacetKeyRow;
  facet_counts: FacetCountRow;
  product_documents: ProductDocumentRow;
  sku_documents: SkuDocumentRow;
  product_documents_due: ProductDocumentDueRow;
  collections: CollectionRow;
  collection_rules: CollectionRuleRow;
  collection_products: CollectionProductRow;
  collection_member_counts: CollectionMemberCountRow;
  categories: CategoryRow;
  product_categories: ProductCategoryRow;
  events: EventRow;
  customers: CustomerRow;
  customer_addresses: CustomerAddressRow;
  customer_tokens: CustomerTokenRow;
  users: UserRow;
  user_tokens: UserTokenRow;
  user_invitations: UserInvitationRow;
  user_recovery_codes: UserRecoveryCodeRow;
  sign_in_failures: SignInFailureRow;
  customer_verifications: CustomerVerificationRow;
  password_resets: PasswordResetRow;
  password_reset_requests: PasswordResetRequestRow;
  carts: CartRow;
  cart_items: CartItemRow;
  shipping_zones: ShippingZoneRow;
  shipping_rates: ShippingRateRow;
  tax_rates: TaxRateRow;
  gateways: GatewayRow;
  counters: CounterRow;
  orders: OrderRow;
  markets: MarketRow;
  market_countries: MarketCountryRow;
  sku_prices: SkuPriceRow;
  market_prices: MarketPriceRow;
  customer_groups: CustomerGroupRow;
  customer_group_members: CustomerGroupMemberRow;
  price_lists: PriceListRow;
  price_list_groups: PriceListGroupRow;
  price_list_prices: PriceListPriceRow;
  order_comments: OrderCommentRow;
  order_items: OrderItemRow;
  order_search_terms: OrderSearchTermRow;
  order_search_term_counts: OrderSearchTermCountRow;
  order_search_queue: OrderSearchQueueRow;
  transactions: TransactionRow;
  gateway_events: GatewayEventRow;
  fulfillments: FulfillmentRow;
  fulfillment_items: FulfillmentItemRow;
  returns: ReturnRow;
  return_items: ReturnItemRow;
  webhooks: WebhookRow;
  webhook_deliveries: WebhookDeliveryRow;
  webhook_attempts: WebhookAttemptRow;
  blogs: BlogRow;
  posts: PostRow;
  pages: PageRow;
  discounts: DiscountRow;
  discount_redemptions: DiscountRedemptionRow;
  gift_cards: GiftCardRow;
  gift_card_movements: GiftCardMovementRow;
  mail_quotas: MailQuotaRow;
  notifications: NotificationRow;
  notification_templates: NotificationTemplateRow;
  notification_template_locales: NotificationTemplateLocaleRow;
  notification_scans: NotificationScanRow;
  audit_entries: AuditEntryRow;
  translated_permalinks: TranslatedPermalinkRow;
  imports: ImportRow;
  import_errors: ImportErrorRow;
  imported_images: ImportedImageRow;
  exports: ExportRow;
}
