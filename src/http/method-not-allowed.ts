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
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat() as HTTPMethod[]) {
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, () => undefined, { url: route.url });
      methods.add(method);
    }
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
    // A route of fixed words only is the most specific there is: nothing to ask (most requests).
    if (matched !== undefined && !matched.includes(':') && !matched.includes('*')) return done();
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
