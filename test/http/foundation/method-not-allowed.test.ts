import { expect, it } from 'vitest';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const allowOf = (headers: Record<string, unknown>) => String(headers.allow ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort();

describeEachDatabase('405 method not allowed', (t) => {
  it('answers a known path with an unknown method 405, listing the path\'s methods in Allow (HEAD with GET)', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['PATCH', '/v1/products/prd_00000000000000000000000000', ['DELETE', 'GET', 'HEAD', 'POST']],
      ['DELETE', '/v1/store', ['GET', 'HEAD', 'POST']],
      ['PUT', '/v1/orders', ['GET', 'HEAD']],
      ['GET', '/v1/carts', ['POST']],
      ['POST', '/v1/checkouts/ord_00000000000000000000000000', ['GET', 'HEAD', 'PUT']],
      ['PUT', '/v1/events/evn_00000000000000000000000000/redeliver/', ['POST']],
      ['OPTIONS', '/v1/products', ['GET', 'HEAD', 'POST']],
      ['PUT', '/health', ['GET', 'HEAD']],
    ];
    for (const [method, url, allowed] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${t.adminKey}` } });
      const answer = { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined, text: res.body };
      expectProblem(answer, 405, 'method_not_allowed');
      expect(allowOf(res.headers), `${method} ${url}`).toEqual(allowed);
      expect(answer.body.detail, `${method} ${url}`).toContain(method);
    }
  });

  it('answers 405 before asking for a credential: the methods of a path are public, as in /openapi.json', async () => {
    const res = await t.anonymous.delete('/v1/store');
    expectProblem(res, 405, 'method_not_allowed');
    expect(allowOf(res.headers)).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('keeps 404 for a path no route has, whatever the method', async () => {
    for (const [method, url] of [['GET', '/v1/nowhere'], ['PATCH', '/v1/nowhere'], ['DELETE', '/v1/products/prd_00000000000000000000000000/nothing'], ['POST', '/nowhere']]) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${t.adminKey}` } });
      expectProblem({ status: res.statusCode, headers: res.headers, body: JSON.parse(res.body), text: res.body }, 404, 'not_found');
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('still answers the allowed methods as before', async () => {
    expect((await t.admin.get('/v1/store')).status).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/v1/store', headers: { authorization: `Bearer ${t.adminKey}` } })).statusCode).toBe(200);
  });
});
