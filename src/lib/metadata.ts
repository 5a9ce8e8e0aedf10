import type { MetadataColumns } from '../db/types.js';
import { FieldErrors } from './problem.js';

// Metadata on records (DESIGN.md §10), with Stripe's limits. `metadata` is seen by every credential
// that sees its record; `private_metadata` by staff alone: storefront answers drop it and storefront
// writes that send it are refused, both in src/http/private-metadata.ts.

export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;

/** Metadata as a record holds it. */
export type Metadata = Record<string, string>;

/** What a write sends: a key set to a string is set, to `""` or null removed. */
export type MetadataWrite = Record<string, string | null>;

/** The members a create or an update takes. */
export interface MetadataInput {
  metadata?: MetadataWrite;
  private_metadata?: MetadataWrite;
}

const FIELDS = ['metadata', 'private_metadata'] as const;

/** The metadata members of a record's view, as staff see them. */
export interface MetadataView {
  metadata: Metadata;
  private_metadata: Metadata;
}

/** A record's metadata as its view shows it to staff. */
export function metadataView(row: MetadataColumns): MetadataView {
  return { metadata: JSON.parse(row.metadata) as Metadata, private_metadata: JSON.parse(row.private_metadata) as Metadata };
}

/** Why a key cannot be stored, if it cannot. Square brackets would make its bracket name (`metadata[key]`) ambiguous, as Stripe says. */
function keyFault(key: string): [code: string, message: string] | undefined {
  if (key.trim() === '') return ['blank', 'a key must not be blank'];
  if (key.length > MAX_METADATA_KEY_LENGTH) return ['invalid_length', `a key must be at most ${MAX_METADATA_KEY_LENGTH} characters long`];
  if (key.includes('[') || key.includes(']')) return ['invalid_format', 'a key must not hold [ or ]'];
  return undefined;
}

/** `current` with `sent` merged in, each fault added to `errors` under `field[key]`. */
function merge(field: string, current: Metadata, sent: MetadataWrite, errors: FieldErrors): Metadata {
  // A Map, not an object: a key such as "__proto__" is data like any other.
  const result = new Map(Object.entries(current));
  const added: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const fault = keyFault(key);
    if (fault) {
      errors.add(`${field}[${key}]`, ...fault);
    } else if (value === null || value === '') {
      result.delete(key);
    } else if (value.length > MAX_METADATA_VALUE_LENGTH) {
      errors.add(`${field}[${key}]`, 'invalid_length', `must be at most ${MAX_METADATA_VALUE_LENGTH} characters long`);
    } else {
      if (!result.has(key)) added.push(key);
      result.set(key, value);
    }
  }
  // The limit is on what the record would hold: the keys added past it are the ones at fault.
  const excess = result.size - MAX_METADATA_KEYS;
  if (excess > 0) {
    for (const key of added.slice(-excess)) errors.add(`${field}[${key}]`, 'too_many_keys', `would make more than ${MAX_METADATA_KEYS} keys`);
  }
  return Object.fromEntries(result);
}

/**
 * The metadata columns a write of `input` changes on a record holding `current`: sent keys set, keys
 * sent as `""` or null removed, others kept. Faults (keys over 40 characters or holding brackets,
 * values over 500, more than 50 keys in all) are added to `errors`, named `metadata[key]`; without
 * `errors`, they are thrown at once.
 * @throws Problem validation_failed, when no `errors` collects the faults.
 */
export function metadataChanges(input: MetadataInput, current: MetadataColumns, errors?: FieldErrors): Partial<MetadataColumns> {
  const faults = errors ?? new FieldErrors();
  const changes: Partial<MetadataColumns> = {};
  for (const field of FIELDS) {
    const sent = input[field];
    if (sent === undefined || Object.keys(sent).length === 0) continue;
    changes[field] = JSON.stringify(merge(field, JSON.parse(current[field]) as Metadata, sent, faults));
  }
  if (!errors) faults.throwIfAny();
  return changes;
}

/** A new record holds no metadata. */
export const NO_METADATA: MetadataColumns = { metadata: '{}', private_metadata: '{}' };

/** The metadata columns of a record created from `input`; faults are handled as by metadataChanges. */
export function newMetadata(input: MetadataInput, errors?: FieldErrors): MetadataColumns {
  return { ...NO_METADATA, ...metadataChanges(input, NO_METADATA, errors) };
}
