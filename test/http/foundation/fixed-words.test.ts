import { expect, it } from 'vitest';
import { expectProblem } from '../../helpers/expect.js';
import { fillPath, openApiOperations, type Operation } from '../../helpers/routes.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
const isParam = (segment: string) => segment.startsWith('{');

/**
 * The paths of the route table with a fixed word where another path has a parameter, their
 * prefixes alike: `/v1/customers/token` beside `/v1/customers/{id}`. Each with its own methods
 * (HEAD with GET, as the server answers it).
 */
function fixedWords(operations: Operation[]): Map<string, string[]> {
  const methodsByPath = new Map<string, string[]>();
  for (const operation of operations) methodsByPath.set(operation.path, [...(methodsByPath.get(operation.path) ?? []), operation.method]);
  const words = new Map<string, string[]>();
  for (const [path, methods] of methodsByPath) {
    const segments = path.split('/');
    const shadows = [...methodsByPath.keys()].some((other) => {
      const others = other.split('/');
      if (other === path || others.length !== segments.length) return false;
      return segments.every((segment, i) => segment === others[i] || isParam(others[i]!))
        && segments.some((segment, i) => !isParam(segment) && isParam(others[i]!));
    });
    if (shadows) words.set(path, [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort());
  }
  return words;
}

const allowOf = (headers: Record<string, unknown>) => String(headers.allow ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort();

async function send(t: TestContext, method: string, url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: { ...headers, 'content-type': 'application/json' }, payload: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined, text: res.body };
}

describeEachDatabase('fixed words beside an {id}', (t) => {
  it('finds the fixed words of the route table', async () => {
    const words = fixedWords(await openApiOperations(t.app));
    // The walk below is only as good as this list: these are known to sit beside an {id}.
    for (const word of ['/v1/customers/token', '/v1/categories/tree', '/v1/collections/preview', '/v1/collections/{id}/products/order']) {
      expect([...words.keys()]).toContain(word);
    }
  });

  it('answers every fixed word asked with a method it lacks 405, with its own methods in Allow, never as an {id} route', async () => {
    const words = fixedWords(await openApiOperations(t.app));
    const credentials: Array<Record<string, string>> = [{ authorization: `Bearer ${t.adminKey}` }, { 'channel-key': t.channelKey }, {}];
    for (const [path, allowed] of words) {
      const url = fillPath(path);
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        for (const headers of credentials) {
          const res = await send(t, method, url, headers);
          const label = `${method} ${url} (${Object.keys(headers).join(', ') || 'anonymous'})`;
          expect(res.status, `${label}: ${res.text}`).toBe(405);
          expect(allowOf(res.headers), label).toEqual(allowed);
          if (method !== 'HEAD') {
            expectProblem(res, 405, 'method_not_allowed');
            expect(res.body.detail, label).not.toMatch(/with id/i);
          }
        }
      }
    }
  });

  it('answers the examples of the review: GET /v1/customers/token, POST /v1/categories/tree, GET /v1/collections/preview', async () => {
    const token = await t.admin.get('/v1/customers/token');
    expectProblem(token, 405, 'method_not_allowed');
    expect(allowOf(token.headers)).toEqual(['DELETE', 'POST']);
    const tree = await t.admin.post('/v1/categories/tree', { name: 'Not a category' });
    expectProblem(tree, 405, 'method_not_allowed');
    expect(allowOf(tree.headers)).toEqual(['GET', 'HEAD']);
    const preview = await t.admin.get('/v1/collections/preview');
    expectProblem(preview, 405, 'method_not_allowed');
    expect(allowOf(preview.headers)).toEqual(['POST']);
  });

  it('still answers a fixed word with its own methods, and an {id} beside it as before', async () => {
    expect((await t.admin.get('/v1/categories/tree')).status).toBe(200);
    // Sign-in belongs to a sales channel: an admin key is refused by the route itself, not by a 405.
    expectProblem(await t.admin.post('/v1/customers/token', { email: 'a@example.com', password: 'x' }), 403, 'forbidden');
    const created = await t.admin.post('/v1/customers', { email: `fixed-${Date.now()}@example.com`, first_name: 'Fixed', last_name: 'Word' });
    expect(created.status, created.text).toBe(201);
    expect((await t.admin.get(`/v1/customers/${created.body.data.id}`)).status).toBe(200);
    expectProblem(await t.admin.get('/v1/customers/cus_00000000000000000000000000'), 404, 'not_found');
  });
});
