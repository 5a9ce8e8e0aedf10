import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { bulkJobStatuses } from '../imports/imports.schemas.js';

export const exportKinds = ['products', 'customers', 'orders'] as const;
export type ExportKind = (typeof exportKinds)[number];

export const Export = Type.Object({
  id: Id('exp'),
  object: Type.Literal('export'),
  kind: StringEnum(exportKinds),
  status: StringEnum(bulkJobStatuses, { description: 'queued: waiting for a worker; running; succeeded: the file is written (url downloads it); failed: failure says why' }),
  total_rows: Nullable(Type.Integer({ description: 'the products (customers, placed orders) to write, counted when the job starts; null until then. A product spans a row per variant and image, an order a row per line item' })),
  processed_rows: Type.Integer({ description: 'the products (customers, orders) written so far' }),
  filename: Type.String({ description: 'the name the download is saved under' }),
  url: Nullable(Type.String({ description: 'where the CSV downloads with a staff credential; null until the job succeeds' })),
  failure: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
}, { title: 'Export' });

export const ExportCreate = Type.Object({
  kind: StringEnum(exportKinds, { description: "products: Shopify's product CSV columns; customers: its customer columns; orders: the core of its order export, a row per line item" }),
});

export const ExportListQuery = Type.Object({ ...PageQuery });

export const ExportEnvelope = DataEnvelope(Export);
export const ExportList = ListEnvelope(Export);
export const ExportFile = Type.String({ format: 'binary', description: 'the CSV file (text/csv; charset=utf-8)' });
