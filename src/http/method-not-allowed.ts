import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, problemBody } from '../lib/problem.js';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/** How specific a route's path segment is, as the router ranks them: a fixed word, a parameter, a wildcard. */
function segmentRank(segment: string): number {
  if (segment.includes('*')) return 0;
  return segment.includes(':') ? 1 : 2;
}

/**
 * Of two route paths that match the same request path, which one names it more exactly: the one
 * with a fixed word where the other has a parameter, at the first segment where they differ (the
 * order in which the router itself tries them). Positive when `a` is more specific.
 */
export function compareSpecificity(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const difference = segmentRank(as[i] ?? '*') - segmentRank(bs[i] ?? '*');
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The route paths some path could find while another route names it more specifically: those with a
 * parameter (or wildcard) at a segment where another route, alike before that segment, has a fixed
 * word (or a parameter). `/v1/customers/:id` is one (beside `/v1/customers/token`); `/v1/products/:id`
 * is not, so a request it finds needs no second look.
 */
function shadowedRoutes(urls: Iterable<string>): Set<string> {
  const shape = (segments: string[]) => segments.map((segment) => (segmentRank(segment) === 2 ? segment : ':')).join('/');
  const split = [...urls].map((url) => ({ url, segments: url.split('/') }));
  const shadowed = new Set<string>();
  for (const route of split) {
    route.segments.forEach((segment, i) => {
      if (segmentRank(segment) === 2) return;
      const prefix = shape(route.segments.slice(0, i));
      const outranked = split.some((other) => other.segments.length > i && segmentRank(other.segments[i]!) > segmentRank(segment)
        && shape(other.segments.slice(0, i)) === prefix);
      if (outranked) shadowed.add(route.url);
    });
  }
  return shadowed;
}

/**
 * A known path asked with a method it does not take is `405 method_not_allowed` with the path's
 * methods in `Allow` (RFC 9110 §15.5.5); a path no route has stays 404. Fastify's router answers
 * both 404, so every route is also kept in a router of its own (the same library, with the app's
 * router options, so both match a path alike), which is asked when a request has found no route or
 * has found one with a parameter.
 *
 * The second case is a fixed word beside a parameter: `/v1/customers/token` (POST, DELETE) sits
 * beside `/v1/customers/{id}` (GET, POST, DELETE), so Fastify routes `GET /v1/customers/token` to
 * the `{id}` route, which would look for a customer whose id is "token". A path names the resource
 * of its most specific route, whatever the method: `GET /v1/customers/token` is 405 with
 * `Allow: DELETE, POST`, never the `{id}` route's answer.
 *
 * Call it before any route is added; it returns the hook that answers, to run as an `onRequest` hook
 * after rate limiting (a 405 counts as any other request) and before the body is read.
 */
export function registerMethodNotAllowed(app: FastifyInstance): Hook {
  const { ignoreTrailingSlash, ignoreDuplicateSlashes, maxParamLength, caseSensitive } = app.initialConfig.routerOptions ?? {};
  const router = FindMyWay({ ignoreTrailingSlash, ignoreDuplicateSlashes, maxParamLength, caseSensitive });
  const methods = new Set<HTTPMethod>();
  const urls = new Set<string>();
  app.addHook('onRoute', (route) => {
    urls.add(route.url);
    for (const method of [route.method].flat() as HTTPMethod[]) {
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined, { url: route.url });
      methods.add(method);
    }
  });
  // Made once every route is added, before the first request.
  let shadowed = new Set<string>();
  app.addHook('onReady', (done) => {
    shadowed = shadowedRoutes(urls);
    done();
  });

  /** The route path each method finds for this request path. */
  const routesFor = (url: string): Array<[HTTPMethod, string]> => {
    const found: Array<[HTTPMethod, string]> = [];
    for (const method of methods) {
      const match = router.find(method, url);
      if (match) found.push([method, (match.store as { url: string }).url]);
    }
    return found;
  };

  return (request, reply, done) => {
    const matched = request.is404 ? undefined : request.routeOptions.url;
    // A route that no other could outrank for a path is the one that names it: nothing to ask (most requests).
    shadowed ??= shadowedRoutes(urls);
    if (matched !== undefined && !shadowed.has(matched)) return done();
    const found = routesFor(request.url);
    if (found.length === 0) return done();
    const named = found.reduce((best, [, url]) => (compareSpecificity(url, best) > 0 ? url : best), found[0]![1]);
    const own = found.find(([method]) => method === request.method)?.[1];
    // Routes as specific as each other name the same resource, whatever their parameters are called.
    if (matched !== undefined && own !== undefined && compareSpecificity(own, named) === 0) return done();
    const allowed = found.filter(([, url]) => compareSpecificity(url, named) === 0).map(([method]) => method).sort();
    const path = request.url.split('?')[0];
    const problem = new Problem('method_not_allowed', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`);
    void reply.code(405).header('allow', allowed.join(', ')).type('application/problem+json').send(problemBody(problem));
  };
}
