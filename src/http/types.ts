import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

/** The Fastify instance routes are declared on: request types come from the TypeBox schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * Splits a comma-separated query value into its non-empty, trimmed members. A value with no members
 * (`id=`, `id=,`) is no filter, as an empty `kind=` is: undefined, never an empty list (an empty
 * `IN ()` is an SQL error on PostgreSQL).
 */
export function commaList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const members = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  return members.length > 0 ? members : undefined;
}
