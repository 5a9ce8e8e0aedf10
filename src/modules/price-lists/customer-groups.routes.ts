import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { CustomerGroupEnvelope, CustomerGroupList, CustomerGroupListQuery, CustomerGroupWrite } from './customer-groups.schemas.js';
import * as service from './customer-groups.service.js';

const tags = ['Customer groups'];

/** Customer groups: who price lists sell to. Staff only. */
export async function customerGroupsRoutes(app: App): Promise<void> {
  app.get('/v1/customer_groups', {
    config: { action: 'customer_group.read' },
    schema: { tags, summary: 'List customer groups', querystring: CustomerGroupListQuery, response: ok(CustomerGroupList) },
  }, async (request) => service.listGroups(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/customer_groups/:id', {
    config: { action: 'customer_group.read' },
    schema: { tags, summary: 'Get a customer group', params: IdParams, response: ok(CustomerGroupEnvelope) },
  }, async (request) => ({ data: await service.getGroup(request.ctx, request.params.id) }));

  app.post('/v1/customer_groups', {
    config: { action: 'customer_group.create' },
    schema: { tags, summary: 'Create a customer group', body: CustomerGroupWrite, response: created(CustomerGroupEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createGroup(request.ctx, request.body) }));

  app.post('/v1/customer_groups/:id', {
    config: { action: 'customer_group.update' },
    schema: { tags, summary: 'Rename a customer group', params: IdParams, body: CustomerGroupWrite, response: ok(CustomerGroupEnvelope) },
  }, async (request) => ({ data: await service.updateGroup(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/customer_groups/:id', {
    config: { action: 'customer_group.delete' },
    schema: { tags, summary: 'Delete a customer group (its customers leave it; its price lists no longer name it)', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteGroup(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
