import { sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { SkuRow } from '../../db/types.js';
import { isConstraintRace } from '../../db/write-races.js';
import { Problem } from '../../lib/problem.js';
import { createProductIn, updateProductIn } from '../catalog/products.service.js';
import { findSkusOfProducts } from '../catalog/skus.repo.js';
import { createSkuIn, updateSkuIn } from '../catalog/skus.service.js';
import type { CustomerCreateInput } from '../customers/customers.schemas.js';
import { saveCustomerByEmailIn } from '../customers/customers.service.js';
import { lockProductByPermalink } from './imports.repo.js';
import { columnOfCustomerField } from './shopify-customers.js';
import { columnOfProductField, columnOfSkuField, type ImportedProduct, type RowError } from './shopify-products.js';

// The writes of one imported product or customer, inside its batch's transaction, through the
// catalogue's and the customers' own services: the same rules, events and kept read models
// (market prices, collection counts, search words) as the API's writes.

/** The faults of rows the services refused, by the file's rows and columns. */
export class RowFault extends Error {
  constructor(readonly errors: RowError[]) {
    super(errors[0]?.message ?? 'refused');
  }
}

/** A write that lost a race with a concurrent one (the same product or email made meanwhile): worth one more try. */
class LostRace extends Error {}

/** A service's refusal as row errors; anything else (the database failing) goes on up. */
function asRowFault(error: unknown, row: number, columnOf: (field: string) => string): unknown {
  if (!(error instanceof Problem) || error.code === 'unavailable' || error.code === 'internal') return error;
  if (!error.errors?.length) return new RowFault([{ row, field: 'Handle', message: error.message }]);
  return new RowFault(error.errors.map((fault) => ({ row, field: columnOf(fault.field), message: fault.message })));
}

/**
 * Runs one item's writes in a savepoint: refused, they are undone and the batch goes on. A write that
 * lost a race (a unique violation, or a permalink taken meanwhile) is tried once more, finding then
 * what the other made.
 */
export async function writeWhole<T>(tx: Tx, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    await sql`savepoint import_item`.execute(tx);
    try {
      const result = await write();
      await sql`release savepoint import_item`.execute(tx);
      return result;
    } catch (error) {
      await sql`rollback to savepoint import_item`.execute(tx);
      await sql`release savepoint import_item`.execute(tx);
      if (attempt === 1 && (error instanceof LostRace || isConstraintRace(error))) continue;
      if (error instanceof LostRace) throw error.cause;
      throw error;
    }
  }
}

/** The value of each option of a sku, in the product's order: how a variant without a code is found. */
const optionKey = (names: string[], options: Record<string, string> | undefined) => JSON.stringify(names.map((name) => options?.[name] ?? null));

/**
 * The sku a variant of the file updates: the one of its code, else the one of its option values,
 * else a sku without options or code (the default sku a new product is made with).
 */
function matchingSku(skus: SkuRow[], names: string[], code: string | undefined, options: Record<string, string> | undefined): SkuRow | undefined {
  const byCode = code === undefined ? undefined : skus.find((sku) => sku.code === code);
  if (byCode) return byCode;
  const key = optionKey(names, options);
  return skus.find((sku) => optionKey(names, JSON.parse(sku.modifiers) as Record<string, string>) === key)
    ?? skus.find((sku) => sku.code === null && sku.modifiers === '{}');
}

/**
 * Makes or updates a product found by its Handle (its permalink) and its skus found by code, else
 * by option values; skus the file does not name are kept. `fileOf` gives the file an image URL was
 * imported as.
 * @throws RowFault naming the row and column the services refused.
 */
export async function saveImportedProduct(tx: Tx, now: number, imported: ImportedProduct, fileOf: (url: string) => string): Promise<'created' | 'updated'> {
  const { images, ...fields } = imported.product;
  const product = { ...fields, images: images?.map((image) => ({ id: fileOf(image.url!) })) };
  let productId = await lockProductByPermalink(tx, imported.handle);
  const outcome = productId ? 'updated' : 'created';
  try {
    if (productId) {
      await updateProductIn(tx, now, productId, product);
    } else {
      const first = imported.skus[0]?.sku;
      productId = (await createProductIn(tx, now, { ...product, price: first?.price ?? 0, compared_price: first?.compared_price ?? null })).id;
    }
  } catch (error) {
    const taken = error instanceof Problem && error.errors?.some((fault) => fault.field === 'permalink' && fault.code === 'taken');
    // Made by a concurrent import since it was looked for: the next try updates it.
    if (outcome === 'created' && taken) throw new LostRace(undefined, { cause: asRowFault(error, imported.row, columnOfProductField) });
    throw asRowFault(error, imported.row, columnOfProductField);
  }
  const unmatched = await findSkusOfProducts(tx, [productId]);
  for (const { row, sku } of imported.skus) {
    const match = matchingSku(unmatched, imported.product.modifiers, sku.code ?? undefined, sku.modifiers);
    const input = { ...sku, image: sku.image?.url === undefined ? sku.image : { id: fileOf(sku.image.url) } };
    try {
      if (match) {
        unmatched.splice(unmatched.indexOf(match), 1);
        await updateSkuIn(tx, now, match.id, input);
      } else {
        await createSkuIn(tx, now, { ...input, product_id: productId });
      }
    } catch (error) {
      throw asRowFault(error, row, (field) => columnOfSkuField(field, imported.product.modifiers));
    }
  }
  return outcome;
}

/**
 * Makes or updates a customer found by email (saveCustomerByEmailIn).
 * @throws RowFault naming the row the service refused.
 */
export async function saveImportedCustomer(tx: Tx, now: number, row: number, customer: CustomerCreateInput): Promise<'created' | 'updated'> {
  try {
    return await saveCustomerByEmailIn(tx, now, customer);
  } catch (error) {
    throw asRowFault(error, row, columnOfCustomerField);
  }
}
