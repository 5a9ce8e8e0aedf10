import type { SqliteDatabase } from 'kysely';
import type pg from 'pg';
import type { App } from '../http/types.js';

/**
 * OpenTelemetry traces, on when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set: a span per request, and a span per database statement run inside one. The SDK is imported
 * only then (./sdk.ts), so a server without the variable loads none of it and runs nothing extra per
 * request or statement. The switch is process-wide, as OpenTelemetry's own global provider is.
 */
export interface Tracing {
  /** Adds the request span to every request of `app`; called before its other hooks and routes. */
  traceRequests(app: App): void;
  /** An SQLite connection whose statements make spans. */
  traceSqlite(database: SqliteDatabase): SqliteDatabase;
  /** Makes a pooled PostgreSQL client's queries make spans. */
  tracePostgresClient(client: pg.PoolClient): void;
  /** Sends the spans not yet sent and stops. */
  shutdown(): Promise<void>;
}

let active: Tracing | undefined;

/** The tracing this process started, if any. */
export function activeTracing(): Tracing | undefined {
  return active;
}

/**
 * Starts tracing when the environment asks for it (before the database is opened and the app built,
 * which look for it); otherwise does nothing. Service name `storefront` unless OTEL_SERVICE_NAME.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> {
  if (active || env.OTEL_SDK_DISABLED === 'true') return active;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  const { startOpenTelemetry } = await import('./sdk.js');
  active = startOpenTelemetry();
  return active;
}
