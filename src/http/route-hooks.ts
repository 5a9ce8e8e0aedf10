import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'preSerialization' | 'onSend';

/**
 * Adds a hook to one route from an `onRoute` hook, after the route's own. Route-level hooks run
 * after the app-wide ones (authentication), and routes that do not need a hook do not pay for it.
 */
export function appendRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const current = route[name] as unknown;
  const list = current === undefined ? [] : Array.isArray(current) ? current : [current];
  (route as unknown as Record<HookName, unknown[]>)[name] = [...list, hook];
}
