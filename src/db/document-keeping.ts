import { Kysely, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type TransactionBuilder, type UnknownRow } from 'kysely';
import { writeDueProductDocuments } from '../modules/catalog/product-documents.js';
import type { Database } from './types.js';

/**
 * The tables whose rows the product documents show or follow (migration 050's triggers), and those
 * whose deletions cascade into them (a category's, a collection's memberships).
 */
const SOURCES = new Set(['products', 'skus', 'sku_prices', 'vendors', 'tags', 'product_tags', 'product_categories', 'collection_products', 'collections', 'categories', 'stores']);
/** What a sale changes of a sku: no document shows it (product-documents.ts lays it over). */
const STOCK_COLUMNS = new Set(['in_stock', 'updated_at']);
const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;

function tableName(node: OperationNode | undefined): string | undefined {
  if (node?.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node?.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

/** Whether a query may change what a product document shows. */
function writesSource(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return SOURCES.has(tableName(node.into) ?? '');
    case 'DeleteQueryNode':
      return node.from.froms.some((from) => SOURCES.has(tableName(from) ?? ''));
    case 'UpdateQueryNode': {
      const table = tableName(node.table);
      if (!SOURCES.has(table ?? '')) return false;
      return table !== 'skus' || (node.updates ?? []).some((update) => !STOCK_COLUMNS.has((update.column as unknown as { column: { name: string } }).column.name));
    }
    case 'RawNode':
      return [...node.sqlFragments.join('?').matchAll(WRITE)].some((match) => SOURCES.has(match[1]!.toLowerCase()));
    default:
      return false;
  }
}

/** Notes whether a transaction's queries may have changed what a product document shows. */
class SourceWatcher implements KyselyPlugin {
  wrote = false;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (!this.wrote && writesSource(args.node)) this.wrote = true;
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

function keepingDocuments(builder: TransactionBuilder<Database>): TransactionBuilder<Database> {
  return {
    setAccessMode: (mode) => keepingDocuments(builder.setAccessMode(mode)),
    setIsolationLevel: (level) => keepingDocuments(builder.setIsolationLevel(level)),
    execute: (callback) => builder.execute(async (transaction) => {
      const watcher = new SourceWatcher();
      const watched = transaction.withPlugin(watcher);
      const result = await callback(watched);
      if (watcher.wrote) await writeDueProductDocuments(watched);
      return result;
    }),
  } as TransactionBuilder<Database>;
}

/**
 * The store's database: a transaction that changed what a product document shows writes the
 * documents its changes queued (migration 050) before it commits, so they commit with their sources.
 * Which transactions may have changed one is told from their queries, without asking the database;
 * what this misses (a statement compiled ahead, db/compiled.ts, or a write outside a transaction)
 * stays queued for the next transaction or the worker, and reads build those products' views meanwhile.
 */
export class DocumentKeepingKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    return keepingDocuments(super.transaction());
  }
}
