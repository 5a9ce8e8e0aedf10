import type { FastifyRequest } from 'fastify';
import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import { toProblem } from '../../http/error-handler.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import type { FieldError } from '../../lib/problem.js';
import { GatewayCreate, GatewayDriverList, GatewayDriverListQuery, GatewayEnvelope, GatewayList, GatewayListQuery, GatewayUpdate } from './gateways.schemas.js';
import * as service from './gateways.service.js';

const tags = ['Gateways'];

/**
 * The body's schema errors, for the service to report together with its own checks (errors[] lists
 * every invalid field). Anything that is not a field error (a body that is not an object, an unknown
 * id) is thrown as it is.
 */
function schemaErrors(request: FastifyRequest): FieldError[] {
  if (!request.validationError) return [];
  const problem = toProblem(request.validationError);
  if (problem.code !== 'validation_failed' || !problem.errors) throw problem;
  return problem.errors;
}

export async function gatewaysRoutes(app: App): Promise<void> {
  app.get('/v1/gateway_drivers', {
    config: { action: 'gateway.read' },
    schema: {
      tags, summary: 'List the drivers a gateway may have, with the settings each takes and which are secrets',
      querystring: GatewayDriverListQuery, response: ok(GatewayDriverList),
    },
  }, async (request) => service.listGatewayDrivers(pageRequest(request.query), request.url));

  app.get('/v1/gateways', {
    config: { access: 'storefront', action: 'gateway.read' },
    schema: {
      tags, summary: 'List payment gateways; the storefront sees only enabled ones, without secrets',
      querystring: GatewayListQuery, response: ok(GatewayList),
    },
  }, async (request) => service.listGateways(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/gateways/:id', {
    config: { access: 'storefront', action: 'gateway.read' },
    schema: { tags, summary: 'Get a payment gateway', params: IdParams, response: ok(GatewayEnvelope) },
  }, async (request) => ({ data: await service.getGateway(request.ctx, request.params.id) }));

  app.post('/v1/gateways', {
    config: { action: 'gateway.create' },
    attachValidation: true,
    schema: { tags, summary: 'Create a payment gateway', body: GatewayCreate, response: created(GatewayEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createGateway(request.ctx, request.body, schemaErrors(request)) }));

  app.post('/v1/gateways/:id', {
    config: { action: 'gateway.update' },
    attachValidation: true,
    schema: {
      tags, summary: 'Update a payment gateway; settings are merged over the stored ones, the driver cannot change',
      params: IdParams, body: GatewayUpdate, response: ok(GatewayEnvelope),
    },
  }, async (request) => ({
    data: await service.updateGateway(request.ctx, request.params.id, request.body, schemaErrors(request)),
  }));

  app.delete('/v1/gateways/:id', {
    config: { action: 'gateway.delete' },
    schema: { tags, summary: 'Delete a payment gateway', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteGateway(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
