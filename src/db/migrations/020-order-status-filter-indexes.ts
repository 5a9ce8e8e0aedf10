import type { Kysely } from 'kysely';

// Staff filter the orders by payment or shipment status (the order list, newest first by id) and
// Home counts the placed orders waiting to ship: without these, each such page and its total scan
// every order — half a second on a million orders, even for a status no order has.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_fulfillment_status').on('orders').columns(['fulfillment_status', 'id']).execute();
  await db.schema.createIndex('orders_financial_status').on('orders').columns(['financial_status', 'id']).execute();
  await db.schema.createIndex('orders_status_fulfillment_status').on('orders').columns(['status', 'fulfillment_status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_status_fulfillment_status').execute();
  await db.schema.dropIndex('orders_financial_status').execute();
  await db.schema.dropIndex('orders_fulfillment_status').execute();
}
