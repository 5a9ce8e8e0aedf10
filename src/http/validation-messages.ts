import type { FieldError } from '../lib/problem.js';
import { FACETS_PATTERN } from '../modules/catalog/facets.schemas.js';
import { PERMALINK_PATTERN } from '../modules/catalog/permalinks.js';
import { GIFT_CARD_CODE_PATTERN } from '../modules/gift-cards/gift-card-codes.js';
import { EXCHANGE_RATE_PATTERN } from '../modules/markets/money.js';

/** One error of the schema validator (Ajv). */
export interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Which part of the request an error is about, as Fastify names it. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers' | string | undefined;

/** `/shipping/postcode` → `shipping[postcode]`, the spec's bracket names. */
export function bracketName(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  const [head = '', ...rest] = parts;
  return head + rest.map((p) => `[${p}]`).join('');
}

/** What each request-side `pattern` asks for, in words: a regular expression tells a person nothing. */
const patternWords: Record<string, string> = {
  [PERMALINK_PATTERN]: 'must be lowercase letters and digits, in words joined by single hyphens (summer-hat-2)',
  '^[A-Z]{3}$': 'must be a three-letter currency code in capitals (USD)',
  '^[a-z]{2}(-[A-Z]{2})?$': 'must be a language code such as en or en-US',
  '^[A-Za-z]{2}$': 'must be a two-letter country code (FR)',
  [EXCHANGE_RATE_PATTERN]: 'must be a decimal number such as 0.92, at most 9 digits before the point and 12 after',
  '^[a-z0-9_-]+$': 'may hold only lowercase letters, digits, _ and -',
  '^\\d{4}-\\d{2}-\\d{2}$': 'must be a date such as 2026-05-01',
  '\\S': 'must not be blank',
  [GIFT_CARD_CODE_PATTERN]: 'may hold only letters, digits, spaces and dashes',
  [FACETS_PATTERN]: 'must name facets from vendor, tags, options and price, joined by commas',
  '^\\s*[A-Za-z0-9_-]+\\s*$': 'may hold only letters, digits, - and _ (a discount code such as SUMMER-10)',
};

/** The words for a `pattern`: an id pattern (`^ord_[0-9a-z]{26}$`) names its prefix; unknown ones say no regex. */
export function wordsForPattern(pattern: string): string | undefined {
  const words = patternWords[pattern];
  if (words) return words;
  const id = /^\^([a-z]+)_\[0-9a-z\]\{26\}\$$/.exec(pattern);
  return id ? `must be an id starting with ${id[1]}_` : undefined;
}

const formatWords: Record<string, string> = {
  email: 'is not an email address',
  uri: 'is not a URL',
  url: 'is not a URL',
  'date-time': 'is not a date and time (2024-05-01T12:00:00Z)',
  date: 'is not a date (2024-05-01)',
  uuid: 'is not a UUID',
};

const typeWords: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

function typeMessage(type: unknown): string {
  const names = String(type).split(',').map((name) => typeWords[name] ?? name);
  return `must be ${names.join(' or ')}`;
}

/** An unknown member: of the endpoint at the top level, else of the object it was sent in. */
function unknownMessage(parent: string, part: RequestPart): string {
  if (parent !== '') return `is not a field of ${parent}`;
  return part === 'querystring' ? 'is not a parameter of this endpoint' : 'is not a field of this endpoint';
}

/** A bound in words, not the validator's symbols (`must be >= 0`): the dashboard shows these to staff. */
const rangeWords: Record<string, string> = {
  minimum: 'must be at least',
  maximum: 'must be at most',
  exclusiveMinimum: 'must be more than',
  exclusiveMaximum: 'must be less than',
};
const lengthWords: Record<string, [string, string]> = {
  minLength: ['must be at least', 'characters long'],
  maxLength: ['must be at most', 'characters long'],
  minItems: ['must hold at least', 'items'],
  maxItems: ['must hold at most', 'items'],
  minProperties: ['must hold at least', 'members'],
  maxProperties: ['must hold at most', 'members'],
};

/** One schema error as a field error with its bracket name and a message a person can act on. */
export function fieldError(error: AjvError, part: RequestPart): FieldError {
  const field = bracketName(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return { field: bracketName(error.instancePath, String(error.params.missingProperty)), code: 'required', message: 'is required' };
    case 'additionalProperties':
      return { field: bracketName(error.instancePath, String(error.params.additionalProperty)), code: 'unknown', message: unknownMessage(field, part) };
    case 'type':
      return { field, code: 'invalid_type', message: typeMessage(error.params.type) };
    case 'enum':
      return { field, code: 'invalid_value', message: `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}` };
    case 'pattern':
      return { field, code: 'invalid_format', message: wordsForPattern(String(error.params.pattern)) ?? 'is not in the expected format' };
    case 'format':
      return { field, code: 'invalid_format', message: formatWords[String(error.params.format)] ?? 'is not in the expected format' };
    case 'minimum': case 'maximum': case 'exclusiveMinimum': case 'exclusiveMaximum':
      return { field, code: 'out_of_range', message: `${rangeWords[error.keyword]} ${String(error.params.limit)}` };
    case 'minLength': case 'maxLength': case 'minItems': case 'maxItems': case 'minProperties': case 'maxProperties': {
      const [bound, unit] = lengthWords[error.keyword]!;
      return { field, code: 'invalid_length', message: `${bound} ${String(error.params.limit)} ${unit}` };
    }
    default:
      return { field, code: 'invalid', message: error.message ?? 'is invalid' };
  }
}

/**
 * How many field errors a problem lists at most: a body of 60,000 unknown members is 60,000 faults,
 * and listing each would take the API's thread for long and answer megabytes, where the first
 * hundred say what to fix.
 */
export const MAX_LISTED_ERRORS = 100;

/** The schema errors of a request as field errors, each reported once, the first MAX_LISTED_ERRORS of them. */
export function validationFieldErrors(validation: readonly AjvError[], part: RequestPart): FieldError[] {
  const listed: FieldError[] = [];
  // anyOf branches report the same field several times: each field and code is listed once.
  const seen = new Set<string>();
  for (const error of validation) {
    if (listed.length === MAX_LISTED_ERRORS) break;
    const found = fieldError(error, part);
    const key = `${found.code} ${found.field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    listed.push(found);
  }
  return listed;
}
