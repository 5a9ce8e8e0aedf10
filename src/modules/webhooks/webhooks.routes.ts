import { accepted, created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { EventEnvelope } from '../events/events.schemas.js';
import {
  AttemptList, AttemptListQuery, RedeliverBody, WebhookCreate, WebhookEnvelope, WebhookList, WebhookListQuery, WebhookUpdate,
} from './webhooks.schemas.js';
import * as service from './webhooks.service.js';

const tags = ['Webhooks'];

/** Webhook endpoints; `allowPrivate` lets them point at private addresses (development and tests). */
export function webhooksRoutes(allowPrivate: boolean) {
  return async (app: App): Promise<void> => {
    app.get('/v1/webhooks', {
      config: { action: 'webhook.read' },
      schema: { tags, summary: 'List webhook endpoints', querystring: WebhookListQuery, response: ok(WebhookList) },
    }, async (request) => service.listWebhooks(request.ctx, { failing: request.query.failing }, pageRequest(request.query), request.url));

    app.post('/v1/webhooks', {
      config: { action: 'webhook.create' },
      schema: { tags, summary: 'Register an endpoint; the answer carries its secret, shown once', body: WebhookCreate, response: created(WebhookEnvelope) },
    }, async (request, reply) => reply.code(201).send({ data: await service.createWebhook(request.ctx, request.body, allowPrivate) }));

    app.get('/v1/webhooks/:id', {
      config: { action: 'webhook.read' },
      schema: { tags, summary: 'Get an endpoint', params: IdParams, response: ok(WebhookEnvelope) },
    }, async (request) => ({ data: await service.getWebhook(request.ctx, request.params.id) }));

    app.post('/v1/webhooks/:id', {
      config: { action: 'webhook.update' },
      schema: { tags, summary: 'Update an endpoint', params: IdParams, body: WebhookUpdate, response: ok(WebhookEnvelope) },
    }, async (request) => ({ data: await service.updateWebhook(request.ctx, request.params.id, request.body, allowPrivate) }));

    app.delete('/v1/webhooks/:id', {
      config: { action: 'webhook.delete' },
      schema: { tags, summary: 'Delete an endpoint', params: IdParams, response: noContent },
    }, async (request, reply) => {
      await service.deleteWebhook(request.ctx, request.params.id);
      return reply.code(204).send(null);
    });

    app.post('/v1/webhooks/:id/rotate_secret', {
      config: { action: 'webhook.rotate_secret' },
      schema: { tags, summary: 'Rotate the signing secret (the old one signs too for 24 hours)', params: IdParams, response: ok(WebhookEnvelope) },
    }, async (request) => ({ data: await service.rotateSecret(request.ctx, request.params.id) }));

    app.post('/v1/webhooks/:id/test', {
      config: { action: 'webhook.test' },
      // 409: the endpoint is disabled.
      schema: { tags, summary: 'Send a webhook.test event to this endpoint alone, signed and delivered like any event', params: IdParams, response: accepted(EventEnvelope) },
    }, async (request, reply) => reply.code(202).send({ data: await service.sendTestEvent(request.ctx, request.params.id) }));

    app.get('/v1/webhooks/:id/deliveries', {
      config: { action: 'webhook.read' },
      schema: { tags, summary: 'Delivery attempts to an endpoint, newest first', params: IdParams, querystring: AttemptListQuery, response: ok(AttemptList) },
    }, async (request) => service.listAttempts(request.ctx, request.params.id, pageRequest(request.query), request.url));

    app.post('/v1/events/:id/redeliver', {
      config: { action: 'webhook.redeliver' },
      schema: { tags: ['Events'], summary: 'Send an event again to its endpoints', params: IdParams, body: RedeliverBody, response: ok(EventEnvelope) },
    }, async (request) => ({ data: await service.redeliverEvent(request.ctx, request.params.id, request.body.webhook_id) }));
  };
}
