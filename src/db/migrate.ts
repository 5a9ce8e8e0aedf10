import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { ConfigError } from '../config.js';
import type { Db } from './database.js';
import * as foundationAndCatalog from './migrations/001-foundation-and-catalog.js';
import * as customers from './migrations/002-customers.js';
import * as commerce from './migrations/003-commerce.js';
import * as fulfillments from './migrations/004-fulfillments.js';
import * as webhooks from './migrations/005-webhooks.js';
import * as content from './migrations/006-content.js';
import * as fileStorage from './migrations/007-file-storage.js';
import * as orderSearch from './migrations/008-order-search.js';
import * as eventAgeIndex from './migrations/009-event-age-index.js';
import * as orderSearchCounts from './migrations/010-order-search-counts.js';
import * as dropOrderLastNameIndex from './migrations/011-drop-order-last-name-index.js';
import * as productTextIndex from './migrations/012-product-text-index.js';
import * as collectionMemberCounts from './migrations/013-collection-member-counts.js';
import * as collectionOnSaleCounts from './migrations/014-collection-on-sale-counts.js';
import * as productVendorIndex from './migrations/015-product-vendor-index.js';
import * as idempotencyScope from './migrations/016-idempotency-scope.js';
import * as customerVerification from './migrations/017-customer-verification.js';
import * as checkoutExpiry from './migrations/018-checkout-expiry.js';
import * as orderPlacementIndex from './migrations/019-order-placement-index.js';
import * as orderStatusFilterIndexes from './migrations/020-order-status-filter-indexes.js';
import * as discounts from './migrations/021-discounts.js';
import * as returns from './migrations/022-returns.js';
import * as orderSearchWords from './migrations/023-order-search-words.js';
import * as notifications from './migrations/024-notifications.js';
import * as passwordResets from './migrations/025-password-resets.js';
import * as gatewayEvents from './migrations/026-gateway-events.js';
import * as orderSearchQueue from './migrations/027-order-search-queue.js';
import * as listingOrderIndexes from './migrations/028-listing-order-indexes.js';
import * as paymentReservations from './migrations/029-payment-reservations.js';
import * as unpaidOrdersIndex from './migrations/030-unpaid-orders-index.js';
import * as mailQuotas from './migrations/031-mail-quotas.js';
import * as exactTaxRates from './migrations/032-exact-tax-rates.js';
import * as refundReportIndex from './migrations/033-refund-report-index.js';
import * as orderComments from './migrations/034-order-comments.js';
import * as fileAlt from './migrations/035-file-alt.js';
import * as staffUsers from './migrations/036-staff-users.js';
import * as metadata from './migrations/037-metadata.js';
import * as auditLog from './migrations/038-audit-log.js';
import * as markets from './migrations/039-markets.js';
import * as translations from './migrations/040-translations.js';
import * as templateLocales from './migrations/041-template-locales.js';
import * as priceLists from './migrations/042-price-lists.js';
import * as giftCards from './migrations/043-gift-cards.js';
import * as imports from './migrations/044-imports.js';
import * as orderGiftCards from './migrations/045-order-gift-cards.js';
import * as giftCardProducts from './migrations/046-gift-card-products.js';
import * as importRunner from './migrations/047-import-runner.js';
import * as facetCounts from './migrations/049-facet-counts.js';
import * as productDocuments from './migrations/050-product-documents.js';
import * as exactTextIndex from './migrations/051-exact-text-index.js';

// Migrations are imported, not read from a folder, so the compiled build and tsx run the same list.
const migrations: Record<string, Migration> = {
  '001-foundation-and-catalog': foundationAndCatalog,
  '002-customers': customers,
  '003-commerce': commerce,
  '004-fulfillments': fulfillments,
  '005-webhooks': webhooks,
  '006-content': content,
  '007-file-storage': fileStorage,
  '008-order-search': orderSearch,
  '009-event-age-index': eventAgeIndex,
  '010-order-search-counts': orderSearchCounts,
  '011-drop-order-last-name-index': dropOrderLastNameIndex,
  '012-product-text-index': productTextIndex,
  '013-collection-member-counts': collectionMemberCounts,
  '014-collection-on-sale-counts': collectionOnSaleCounts,
  '015-product-vendor-index': productVendorIndex,
  '016-idempotency-scope': idempotencyScope,
  '017-customer-verification': customerVerification,
  '018-checkout-expiry': checkoutExpiry,
  '019-order-placement-index': orderPlacementIndex,
  '020-order-status-filter-indexes': orderStatusFilterIndexes,
  '021-discounts': discounts,
  '022-returns': returns,
  '023-order-search-words': orderSearchWords,
  '024-notifications': notifications,
  '025-password-resets': passwordResets,
  '026-gateway-events': gatewayEvents,
  '027-order-search-queue': orderSearchQueue,
  '028-listing-order-indexes': listingOrderIndexes,
  '029-payment-reservations': paymentReservations,
  '030-unpaid-orders-index': unpaidOrdersIndex,
  '031-mail-quotas': mailQuotas,
  '032-exact-tax-rates': exactTaxRates,
  '033-refund-report-index': refundReportIndex,
  '034-order-comments': orderComments,
  '035-file-alt': fileAlt,
  '036-staff-users': staffUsers,
  '037-metadata': metadata,
  '038-audit-log': auditLog,
  '039-markets': markets,
  '040-translations': translations,
  '041-template-locales': templateLocales,
  '042-price-lists': priceLists,
  '043-gift-cards': giftCards,
  '044-imports': imports,
  '045-order-gift-cards': orderGiftCards,
  '046-gift-card-products': giftCardProducts,
  '047-import-runner': importRunner,
  '049-facet-counts': facetCounts,
  '050-product-documents': productDocuments,
  '051-exact-text-index': exactTextIndex,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations' names, oldest first. */
export const migrationNames = Object.keys(migrations);

// Kysely's migrator takes a session advisory lock (pg_advisory_lock) by itself, runs the migrations in
// a transaction, then unlocks: three steps that a transaction-pooling pooler would hand to three server
// connections, leaving the lock held for good on the first. Callers run these on a direct connection
// (DatabaseHandle.withDirectConnection).

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  await refuseNewerSchema(db);
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}

/**
 * Brings the schema to the state after migration `target`: undoes the later ones (newest first), or
 * runs the missing ones up to it. Undoing lets an older release run again after an upgrade is rolled
 * back. Throws when a migration fails; the ones before it stay done or undone.
 * @throws ConfigError when no migration is named `target`.
 */
export async function migrateTo(db: Db, target: string): Promise<void> {
  if (!migrationNames.includes(target)) throw new ConfigError(`No migration is named "${target}"; they are: ${migrationNames.join(', ')}`);
  await refuseNewerSchema(db);
  const { error } = await new Migrator({ db, provider }).migrateTo(target);
  if (error) throw error;
}

/**
 * A database a newer release has migrated is not this release's to serve or change: it says so, and
 * how to go back, rather than fail on a table it does not know.
 * @throws ConfigError naming the migrations this release does not know.
 */
async function refuseNewerSchema(db: Db): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const unknown = rows.map((row) => row.name).filter((name) => !migrationNames.includes(name));
  if (unknown.length === 0) return;
  throw new ConfigError(
    `The database has run migrations this release does not know (${unknown.join(', ')}): a newer release made them. ` +
      `Run that release, or undo them with it first: storefront migrate --to ${migrationNames.at(-1)}`,
  );
}
