import { ok } from '../../http/common-schemas.js';
import { toProblem } from '../../http/error-handler.js';
import type { App } from '../../http/types.js';
import { Problem } from '../../lib/problem.js';
import { StoreEnvelope, StoreUpdate } from './stores.schemas.js';
import { getStore, storeUpdateErrors, updateStore } from './stores.service.js';

const tags = ['Store'];

export async function storesRoutes(app: App): Promise<void> {
  app.get('/v1/store', {
    config: { access: 'storefront', action: 'store.read' },
    schema: { tags, summary: 'Get the store', response: ok(StoreEnvelope) },
  }, async (request) => ({ data: await getStore(request.ctx) }));

  app.post('/v1/store', {
    config: { action: 'store.update' },
    // Validation failures come to the handler, so the schema's errors and the service's own checks
    // (currency, time zone, country code) are reported together, as errors[] must list every field.
    attachValidation: true,
    schema: { tags, summary: 'Update the store', body: StoreUpdate, response: ok(StoreEnvelope) },
  }, async (request) => {
    if (request.validationError) {
      const problem = toProblem(request.validationError);
      if (problem.code !== 'validation_failed' || !problem.errors) throw problem;
      const named = new Set(problem.errors.map((e) => e.field));
      const more = storeUpdateErrors(request.body as Record<string, unknown>).filter((e) => !named.has(e.field));
      throw Problem.invalid([...problem.errors, ...more]);
    }
    return { data: await updateStore(request.ctx, request.body) };
  });
}
