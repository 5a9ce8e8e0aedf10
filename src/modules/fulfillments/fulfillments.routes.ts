import { created, IdParams, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import {
  FulfillmentCreate, FulfillmentEnvelope, FulfillmentList, FulfillmentListQuery, FulfillmentParams, FulfillmentUpdate,
} from './fulfillments.schemas.js';
import * as service from './fulfillments.service.js';

const tags = ['Fulfillments'];

export async function fulfillmentsRoutes(app: App): Promise<void> {
  app.get('/v1/orders/:id/fulfillments', {
    config: { action: 'fulfillment.read' },
    schema: { tags, summary: "List an order's fulfillments", params: IdParams, querystring: FulfillmentListQuery, response: ok(FulfillmentList) },
  }, async (request) => service.listFulfillments(request.ctx, request.params.id, request.query.metadata, pageRequest(request.query), request.url));

  app.get('/v1/orders/:id/fulfillments/:fulfillmentId', {
    config: { action: 'fulfillment.read' },
    schema: { tags, summary: 'Get a fulfillment', params: FulfillmentParams, response: ok(FulfillmentEnvelope) },
  }, async (request) => ({ data: await service.getFulfillment(request.ctx, request.params.id, request.params.fulfillmentId) }));

  app.post('/v1/orders/:id/fulfillments', {
    config: { action: 'fulfillment.create' },
    schema: {
      tags,
      summary: 'Ship items: all that is left, or the listed ones (a quantity makes it partial)',
      params: IdParams,
      body: FulfillmentCreate,
      response: created(FulfillmentEnvelope),
    },
  }, async (request, reply) => reply.code(201).send({ data: await service.createFulfillment(request.ctx, request.params.id, request.body) }));

  app.post('/v1/orders/:id/fulfillments/:fulfillmentId', {
    config: { action: 'fulfillment.update' },
    schema: { tags, summary: 'Update a fulfillment', params: FulfillmentParams, body: FulfillmentUpdate, response: ok(FulfillmentEnvelope) },
  }, async (request) => ({
    data: await service.updateFulfillment(request.ctx, request.params.id, request.params.fulfillmentId, request.body),
  }));

  app.post('/v1/orders/:id/fulfillments/:fulfillmentId/cancel', {
    config: { action: 'fulfillment.cancel' },
    schema: { tags, summary: 'Cancel a fulfillment (its units go back to be shipped)', params: FulfillmentParams, response: ok(FulfillmentEnvelope) },
  }, async (request) => ({ data: await service.cancelFulfillment(request.ctx, request.params.id, request.params.fulfillmentId) }));
}
