import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Problem, problemBody } from '../lib/problem.js';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/**
 * A known path asked with a method it does not take is `405 method_not_allowed` with the path's
 * methods in `Allow` (RFC 9110 §15.5.5); a path no route has stays 404. Fastify's router answers
 * both 404, so every route is also kept in a router of its own (the same library, with the app's
 * router options, so both match a path alike), which is asked only once a request has found no route.
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
      router.on(method, route.url, () => undefined);
      methods.add(method);
    }
  });

  return (request, reply, done) => {
    if (!request.is404) return done();
    const allowed = [...methods].filter((method) => router.find(method, request.url) !== null).sort();
    if (allowed.length === 0) return done();
    const path = request.url.split('?')[0];
    const problem = new Problem('method_not_allowed', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}`);
    void reply.code(405).header('allow', allowed.join(', ')).type('application/problem+json').send(problemBody(problem));
  };
}
