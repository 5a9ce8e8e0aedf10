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

/** Splits a comma-separated query value into its non-empty, trimmed members. */
export function commaList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}
