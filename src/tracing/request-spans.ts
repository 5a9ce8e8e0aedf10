import { context, propagation, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import type { App } from '../http/types.js';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per request (HTTP semantic conventions: `GET /v1/products/:id`, method, route, path,
 * status), continuing the caller's trace when it sends `traceparent`. The rest of the request runs in
 * the span's context, so what it does (its database statements) makes child spans.
 */
export function traceRequests(app: App, tracer: Tracer): void {
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(route ? `${request.method} ${route}` : request.method, {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': request.method,
        'url.path': request.url.split('?', 1)[0],
        'url.scheme': request.protocol,
        ...(route ? { 'http.route': route } : {}),
        'storefront.request_id': request.id,
      },
    }, parent);
    spans.set(request, span);
    const inSpan = trace.setSpan(parent, span);
    // The body is read from the raw request's events, which would otherwise run in the connection's
    // context: bound to the span's, the handlers they lead to stay in it.
    context.bind(inSpan, request.raw);
    // 'close' comes once the answer is sent or the client went away: the span ends either way.
    reply.raw.once('close', () => {
      if (reply.raw.headersSent) span.setAttribute('http.response.status_code', reply.raw.statusCode);
      if (reply.raw.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(inSpan, done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.recordException(error);
    done();
  });
}
