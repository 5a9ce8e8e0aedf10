import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type pg from 'pg';
import { isBusy } from '../db/sqlite-write-lock.js';

/**
 * A client span per database statement (database semantic conventions: `SELECT`, the system, the
 * SQL text; never the parameters, which hold customers' data), as a child of the span the statement
 * runs in. Statements outside any span (the delivery loop's polls, checkpoints) make none: each
 * would be a trace of its own, every few hundred milliseconds.
 */
function startStatement(tracer: Tracer, system: 'sqlite' | 'postgresql', sql: string): Span | undefined {
  if (!trace.getSpan(context.active())?.isRecording()) return undefined;
  const operation = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  return tracer.startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': sql },
  });
}

function fail(span: Span, error: unknown): void {
  span.recordException(error as Error);
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Runs one SQLite statement in its span. */
function runTraced<T>(tracer: Tracer, sql: string, run: () => T): T {
  const span = startStatement(tracer, 'sqlite', sql);
  if (!span) return run();
  try {
    const result = run();
    span.end();
    return result;
  } catch (error) {
    // A try refused for another process's lock is tried again (sqlite-write-lock.ts): only the try
    // that runs is the statement. An unended span is never sent.
    if (!isBusy(error)) fail(span, error);
    throw error;
  }
}

/** The connection, its statements run in spans (streamed reads untraced: nothing here streams). */
export function traceSqlite(database: SqliteDatabase, tracer: Tracer): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => runTraced(tracer, sql, () => statement.all(parameters)),
        run: (parameters) => runTraced(tracer, sql, () => statement.run(parameters)),
        iterate: (parameters) => statement.iterate(parameters),
      };
    },
  };
}

type Query = (...args: unknown[]) => unknown;

/**
 * Wraps a pooled client's `query(text, values)`, the form Kysely uses; the other forms (a callback,
 * a cursor) go through as they are.
 */
export function tracePostgresClient(client: pg.PoolClient, tracer: Tracer): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text] = args;
    const span = typeof text === 'string' && typeof args.at(-1) !== 'function' ? startStatement(tracer, 'postgresql', text) : undefined;
    if (!span) return query(...args);
    let pending: Promise<unknown>;
    try {
      pending = query(...args) as Promise<unknown>;
    } catch (error) {
      fail(span, error);
      throw error;
    }
    return pending.then((result) => {
      span.end();
      return result;
    }, (error: unknown) => {
      fail(span, error);
      throw error;
    });
  };
}
