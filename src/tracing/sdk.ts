import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { traceRequests } from './request-spans.js';
import { tracePostgresClient, traceSqlite } from './statement-spans.js';
import type { Tracing } from './tracing.js';

/**
 * The OpenTelemetry SDK for traces alone: a Node tracer provider (AsyncLocalStorage context, W3C
 * trace-context propagation) batching spans to the OTLP/HTTP exporter, which posts JSON to
 * `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. Not @opentelemetry/sdk-node: it brings the metrics and
 * logs SDKs, gRPC and every other exporter, and auto-instrumentation hooks, none of which this needs.
 * The standard OTEL_* variables (sampler, batch sizes, headers, resource attributes) apply.
 */
export function startOpenTelemetry(): Tracing {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the environment detector) win over the default name.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'storefront' }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  provider.register();
  const tracer = trace.getTracer('storefront');
  return {
    traceRequests: (app) => traceRequests(app, tracer),
    traceSqlite: (database) => traceSqlite(database, tracer),
    tracePostgresClient: (client) => tracePostgresClient(client, tracer),
    shutdown: () => provider.shutdown(),
  };
}
