import { expect, it } from 'vitest';
import { ROLES, roleAllows } from '../../../src/modules/access/roles.js';
import { fillPath } from '../../helpers/routes.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { staffMember } from '../../helpers/staff.js';

interface DocumentedOperation {
  method: string;
  path: string;
  action: string | undefined;
  /** Whether a staff credential may call it at all (the document's `adminKey` scheme). */
  staff: boolean;
}

async function operations(t: { app: { inject(options: { method: 'GET'; url: string }): Promise<{ body: string }> } }): Promise<DocumentedOperation[]> {
  const document = JSON.parse((await t.app.inject({ method: 'GET', url: '/openapi.json' })).body) as { paths: Record<string, Record<string, any>> };
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item)
    .filter(([verb]) => ['get', 'post', 'put', 'delete', 'patch'].includes(verb))
    .map(([verb, operation]) => ({
      method: verb.toUpperCase(),
      path,
      action: operation['x-action'] as string | undefined,
      staff: ((operation.security ?? []) as Array<Record<string, unknown>>).some((alternative) => 'adminKey' in alternative),
    })));
}

describeEachDatabase('roles, walked over the route table', (t) => {
  it('gives every operation of the API an action', async () => {
    const all = await operations(t);
    expect(all.length).toBeGreaterThan(150);
    expect(all.filter((operation) => operation.path.startsWith('/v1/') && !operation.action).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('refuses each role every operation outside its rights with 403, and lets it reach the others', async () => {
    const staffOperations = (await operations(t)).filter((operation) => operation.staff && operation.action);
    for (const role of ROLES) {
      const key = (await t.admin.post('/v1/api_keys', { name: `${role} walker`, role })).body.data.token as string;
      const client = t.as({ authorization: `Bearer ${key}` });
      for (const operation of staffOperations) {
        const url = fillPath(operation.path);
        const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
        const response = method === 'get' || method === 'delete' ? await client[method](url) : await client[method](url, {});
        const label = `${role}: ${operation.method} ${operation.path} (${operation.action})`;
        if (roleAllows(role, operation.action!)) {
          // Reached: whatever the missing record or the empty body then says, it is not the role's refusal.
          if (!operation.action!.startsWith('profile.')) expect(response.status, `${label} ${response.text}`).not.toBe(403);
        } else {
          expect(response.status, label).toBe(403);
          expect(response.body.detail, label).toMatch(/role may not/);
        }
      }
    }
  });

  it('holds a user to their role as it holds a key: a fulfillment user ships but cannot refund, cancel or edit the catalogue', async () => {
    const packer = await staffMember(t, 'fulfillment');
    const orders = await packer.client.get('/v1/orders');
    expect(orders.status).toBe(200);
    for (const [method, url] of [
      ['post', '/v1/orders/ord_00000000000000000000000000/transactions'],
      ['post', '/v1/orders/ord_00000000000000000000000000/cancel'],
      ['post', '/v1/products'],
      ['get', '/v1/products'],
      ['post', '/v1/api_keys'],
      ['get', '/v1/audit_log'],
    ] as const) {
      const response = method === 'get' ? await packer.client.get(url) : await packer.client.post(url, {});
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    expect((await packer.client.post('/v1/orders/ord_00000000000000000000000000/fulfillments', {})).status).toBe(404);
    const access = (await packer.client.get('/v1/access')).body.data;
    expect(access).toMatchObject({ object: 'access', role: 'fulfillment', actor: { type: 'user', id: packer.id }, must_set_up_two_factor: false });
    expect(access.actions).toContain('fulfillment.create');
    expect(access.actions).not.toContain('transaction.create');
  });

  it('keeps keys to their role: read_only stays an rk_ key, a catalog key cannot make keys, and keys made before roles act as owners', async () => {
    const reader = (await t.admin.post('/v1/api_keys', { role: 'read_only' })).body.data;
    expect(reader).toMatchObject({ role: 'read_only', read_only: true });
    expect(reader.token).toMatch(/^rk_/);
    expect((await t.admin.post('/v1/api_keys', { read_only: true, role: 'admin' })).status).toBe(422);
    const catalog = (await t.admin.post('/v1/api_keys', { role: 'catalog' })).body.data;
    expect(catalog.token).toMatch(/^sk_/);
    expect((await t.as({ authorization: `Bearer ${catalog.token}` }).post('/v1/api_keys', {})).status).toBe(403);
    const list = (await t.admin.get('/v1/api_keys?per_page=100')).body.data as Array<{ id: string; is_current: boolean; role: string }>;
    const current = list.find((key) => key.is_current)!;
    expect(current.role).toBe('owner');
    // The last key acting as an owner stays while no owner user could sign in instead; others may go.
    for (const key of list.filter((other) => other.role === 'owner' && !other.is_current)) expect((await t.admin.delete(`/v1/api_keys/${key.id}`)).status).toBe(204);
    expect((await t.admin.delete(`/v1/api_keys/${current.id}`)).status).toBe(409);
    expect((await t.admin.delete(`/v1/api_keys/${catalog.id}`)).status).toBe(204);
  });
});
