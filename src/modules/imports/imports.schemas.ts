import { Type } from 'typebox';
import { DataEnvelope, Id, Nullable, StringEnum, Timestamp } from '../../http/common-schemas.js';

export const importKinds = ['products', 'customers'] as const;
export const bulkJobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;

export const ImportError = Type.Object({
  row: Type.Integer({ description: 'the row as a spreadsheet numbers it: the header is row 1' }),
  field: Type.String({ description: "the file's column" }),
  message: Type.String(),
}, { title: 'ImportError' });

export const Import = Type.Object({
  id: Id('imp'),
  object: Type.Literal('import'),
  kind: StringEnum(importKinds),
  status: StringEnum(bulkJobStatuses, { description: 'queued: waiting for a worker; running; succeeded: every row imported or reported in errors; failed: the file was refused whole (failure says why)' }),
  filename: Type.String(),
  total_rows: Nullable(Type.Integer({ description: 'rows below the header; null until counted' })),
  processed_rows: Type.Integer(),
  created: Type.Integer({ description: 'products (or customers) made' }),
  updated: Type.Integer({ description: 'products (or customers) found by Handle (or email) and updated' }),
  error_count: Type.Integer(),
  errors: Type.Array(ImportError, { description: 'the first 100 faults of rows not imported, in the order found' }),
  failure: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  finished_at: Nullable(Timestamp),
}, { title: 'Import' });

export const ImportUpload = Type.Object({
  kind: StringEnum(importKinds),
  file: Type.String({ format: 'binary', description: "a CSV file in Shopify's export columns, at most STOREFRONT_FILE_MAX_BYTES" }),
});

export const ImportEnvelope = DataEnvelope(Import);
