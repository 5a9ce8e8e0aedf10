import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { TaxRateCreate, TaxRateEnvelope, TaxRateList, TaxRateListQuery, TaxRateUpdate } from './tax-rates.schemas.js';
import * as service from './tax-rates.service.js';

const tags = ['Taxes'];

/** Tax rates by country and state: store settings, so every route is for staff (admin keys). */
export async function taxRatesRoutes(app: App): Promise<void> {
  app.get('/v1/tax_rates', {
    config: { action: 'tax_rate.read' },
    schema: { tags, summary: "List tax rates by country, each country's own before its states'", querystring: TaxRateListQuery, response: ok(TaxRateList) },
  }, async (request) => service.listTaxRates(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/tax_rates/:id', {
    config: { action: 'tax_rate.read' },
    schema: { tags, summary: 'Get a tax rate', params: IdParams, response: ok(TaxRateEnvelope) },
  }, async (request) => ({ data: await service.getTaxRate(request.ctx, request.params.id) }));

  app.post('/v1/tax_rates', {
    config: { action: 'tax_rate.create' },
    schema: { tags, summary: 'Create the tax rate of a country or of one of its states', body: TaxRateCreate, response: created(TaxRateEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createTaxRate(request.ctx, request.body) }));

  app.post('/v1/tax_rates/:id', {
    config: { action: 'tax_rate.update' },
    schema: { tags, summary: 'Update a tax rate', params: IdParams, body: TaxRateUpdate, response: ok(TaxRateEnvelope) },
  }, async (request) => ({ data: await service.updateTaxRate(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/tax_rates/:id', {
    config: { action: 'tax_rate.delete' },
    schema: { tags, summary: 'Delete a tax rate', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteTaxRate(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
