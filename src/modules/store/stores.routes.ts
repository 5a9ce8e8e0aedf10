import { ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { StoreEnvelope, StoreUpdate } from './stores.schemas.js';
import { getStore, updateStore } from './stores.service.js';

const tags = ['Store'];

export async function storesRoutes(app: App): Promise<void> {
  app.get('/v1/store', {
    config: { access: 'storefront' },
    schema: { tags, summary: 'Get the store', response: ok(StoreEnvelope) },
  }, async (request) => ({ data: await getStore(request.ctx) }));

  app.post('/v1/store', {
    schema: { tags, summary: 'Update the store', body: StoreUpdate, response: ok(StoreEnvelope) },
  }, async (request) => ({ data: await updateStore(request.ctx, request.body) }));
}
