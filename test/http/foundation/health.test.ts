import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('health', (t) => {
  it('answers /health and /ready without a credential', async () => {
    const health = await t.anonymous.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await t.anonymous.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('answers the store to the admin key', async () => {
    const res = await t.admin.get('/v1/store');
    expect(res.status).toBe(200);
    expect(res.body.data.object).toBe('store');
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});
