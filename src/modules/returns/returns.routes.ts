import { created, IdParams, ok, Problem } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { ReturnCreate, ReturnEnvelope, ReturnList, ReturnListQuery, ReturnParams, ReturnRefund } from './returns.schemas.js';
import * as service from './returns.service.js';

const tags = ['Returns'];

export async function returnsRoutes(app: App): Promise<void> {
  app.get('/v1/orders/:id/returns', {
    config: { action: 'return.read' },
    schema: { tags, summary: "List an order's returns", params: IdParams, querystring: ReturnListQuery, response: ok(ReturnList) },
  }, async (request) => service.listReturns(request.ctx, request.params.id, request.query.metadata, pageRequest(request.query), request.url));

  app.get('/v1/orders/:id/returns/:returnId', {
    config: { action: 'return.read' },
    schema: { tags, summary: 'Get a return', params: ReturnParams, response: ok(ReturnEnvelope) },
  }, async (request) => ({ data: await service.getReturn(request.ctx, request.params.id, request.params.returnId) }));

  app.post('/v1/orders/:id/returns', {
    config: { action: 'return.create' },
    schema: {
      tags, summary: 'Record a return of shipped items, with a reason for each', params: IdParams, body: ReturnCreate, response: created(ReturnEnvelope),
    },
  }, async (request, reply) => reply.code(201).send({ data: await service.createReturn(request.ctx, request.params.id, request.body) }));

  app.post('/v1/orders/:id/returns/:returnId/receive', {
    config: { action: 'return.receive' },
    schema: { tags, summary: 'Receive the returned items (back in stock when the return restocks)', params: ReturnParams, response: ok(ReturnEnvelope) },
  }, async (request) => ({ data: await service.receiveReturn(request.ctx, request.params.id, request.params.returnId) }));

  app.post('/v1/orders/:id/returns/:returnId/refund', {
    config: { action: 'return.refund' },
    // 402: the gateway refused the refund.
    schema: {
      tags, summary: 'Refund a received return through the order’s gateway', params: ReturnParams, body: ReturnRefund, response: { ...ok(ReturnEnvelope), 402: Problem },
    },
  }, async (request) => ({ data: await service.refundReturn(request.ctx, request.params.id, request.params.returnId, request.body ?? {}) }));

  app.post('/v1/orders/:id/returns/:returnId/cancel', {
    config: { action: 'return.cancel' },
    schema: { tags, summary: 'Cancel a return not received yet', params: ReturnParams, response: ok(ReturnEnvelope) },
  }, async (request) => ({ data: await service.cancelReturn(request.ctx, request.params.id, request.params.returnId) }));
}
