import { Type, type TSchema } from 'typebox';

/**
 * A value or null. Written as a type list rather than `anyOf` so the response serialiser stays on
 * its fast path and OpenAPI 3.1 reads it as-is.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type } = schema as unknown as { type?: string | string[] };
  if (typeof type !== 'string') return Type.Union([schema, Type.Null()]);
  return Type.Unsafe<import('typebox').Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/** Integer Unix seconds. */
export const Timestamp = Type.Integer({ description: 'Unix seconds' });

export const Id = (prefix: string) => Type.String({ pattern: `^${prefix}_[0-9a-z]{26}$`, description: `id with prefix ${prefix}_` });

export const Pagination = Type.Object({
  current_page: Type.Integer(),
  previous_page: Nullable(Type.Integer()),
  next_page: Nullable(Type.Integer()),
  per_page: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  total_pages: Type.Integer(),
  total_items: Type.Integer(),
  links: Type.Object({
    previous_page: Nullable(Type.String()),
    next_page: Nullable(Type.String()),
  }),
}, { title: 'Pagination' });

/** `{ data: T }`: every single-resource answer. */
export function DataEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: schema });
}

/** `{ data: T[], meta: { pagination } }`: every list answer. */
export function ListEnvelope<T extends TSchema>(schema: T) {
  return Type.Object({ data: Type.Array(schema), meta: Type.Object({ pagination: Pagination }) });
}

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 50 })),
};

/** A comma-separated list in a query string (`id=a,b,c`). */
/** A name or title staff type: at least one character that is not a space (an empty one is refused as blank too). */
export const NonBlank = (maxLength: number) => Type.String({ maxLength, pattern: '\\S' });

export const CommaList = Type.String({ maxLength: 10_000, description: 'comma-separated list' });

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({ field: Type.String(), code: Type.String(), message: Type.String() }, { title: 'FieldError', additionalProperties: true }),
      ),
    ),
  },
  { title: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details' },
);

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
/** A record read by its id or by its permalink (`/v1/products/summer-hat`), as a shop's URLs name it. */
export const IdOrPermalinkParams = Type.Object({ id: Type.String({ maxLength: 120, description: 'the id, or the permalink' }) });

/** Response schemas of a read or an update: the body on 200, problems otherwise. */
export function ok<T extends TSchema>(body: T) {
  return { 200: body, '4xx': Problem, '5xx': Problem };
}

/** Response schemas of a create: the body on 201, problems otherwise. */
export function created<T extends TSchema>(body: T) {
  return { 201: body, '4xx': Problem, '5xx': Problem };
}

/** Response schemas of a request taken to be done later (a mail to send): the body on 202, problems otherwise. */
export function accepted<T extends TSchema>(body: T) {
  return { 202: body, '4xx': Problem, '5xx': Problem };
}

export const noContent = { 204: Type.Null({ description: 'No content' }), '4xx': Problem, '5xx': Problem };

/** One of a list of strings, as a plain JSON Schema `enum` (clear errors, clear OpenAPI). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** A member of staff as records name them (an order comment's author, an audit entry's actor). */
export const StaffRef = Type.Object({
  type: StringEnum(['user', 'api_key'] as const),
  id: Type.String({ description: 'the user (usr_) or the API key (key_)' }),
  name: Nullable(Type.String({ description: "as it was named when the record was written: a user's name or email, a key's name" })),
}, { title: 'StaffRef' });

/**
 * Metadata (DESIGN.md §10): string values under keys of up to 40 characters, at most 50 keys, values
 * of up to 500 characters. A write merges: a key sent with a string is set, with `""` or null
 * removed, and keys not sent stay. The limits are checked on the merged result (src/lib/metadata.ts).
 */
export const Metadata = Type.Record(Type.String(), Nullable(Type.String()), {
  title: 'Metadata',
  // 50 keys set and 50 removed at most in one write; the service names any key past the 50 kept.
  maxProperties: 100,
  description: 'string values under keys of up to 40 characters (no [ or ]), at most 50 keys, values of up to 500 characters; '
    + 'a write merges: a key sent as "" or null is removed, keys not sent stay. private_metadata is for staff alone: '
    + 'absent from storefront answers, and a storefront sending it is refused (403 forbidden)',
});

/** Metadata as answers hold it: never a null value (the same schema, so the document names one `Metadata`). */
const StoredMetadata = Type.Unsafe<Record<string, string>>(Metadata);

/** The metadata members of a record's view; a storefront's answers lack `private_metadata`. */
export const metadataFields = { metadata: StoredMetadata, private_metadata: Type.Optional(StoredMetadata) };

/** The metadata members a record's create and update take. */
export const metadataInput = { metadata: Type.Optional(Metadata), private_metadata: Type.Optional(Metadata) };

/** `metadata[key]=value` in a list's query string: the records whose metadata holds each such key with that value. */
export const metadataQuery = {
  metadata: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
    maxProperties: 10,
    propertyNames: { maxLength: 40 },
    description: 'metadata[key]=value: records whose metadata holds the value under the key (each of up to 10 keys)',
  })),
};
