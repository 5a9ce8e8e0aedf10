import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import {
  ApiKeyCreate, ApiKeyEnvelope, ApiKeyList, ChannelCreate, ChannelEnvelope, ChannelKeyEnvelope, ChannelKeyParams,
  ChannelList, ChannelUpdate, ListQuery,
} from './api-keys.schemas.js';
import * as service from './api-keys.service.js';

export async function apiKeysRoutes(app: App): Promise<void> {
  const tags = ['API keys'];
  app.get('/v1/api_keys', {
    config: { action: 'api_key.read' },
    schema: { tags, summary: 'List admin and read-only keys', querystring: ListQuery, response: ok(ApiKeyList) },
  }, async (request) => service.listApiKeys(request.ctx, pageRequest(request.query), request.url));

  app.post('/v1/api_keys', {
    config: { action: 'api_key.create' },
    schema: { tags, summary: 'Create an admin key (or a read-only one); the token is shown once', body: ApiKeyCreate, response: created(ApiKeyEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createApiKey(request.ctx, request.body) }));

  app.delete('/v1/api_keys/:id', {
    config: { action: 'api_key.delete' },
    schema: { tags, summary: 'Revoke a key', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.revokeApiKey(request.ctx, request.params.id);
    app.credentials.forget();
    return reply.code(204).send(null);
  });
}

export async function channelsRoutes(app: App): Promise<void> {
  const tags = ['Channels'];
  app.get('/v1/channels', {
    config: { action: 'channel.read' },
    schema: { tags, summary: 'List sales channels', querystring: ListQuery, response: ok(ChannelList) },
  }, async (request) => service.listChannels(request.ctx, pageRequest(request.query), request.url));

  app.post('/v1/channels', {
    config: { action: 'channel.create' },
    schema: { tags, summary: 'Create a sales channel', body: ChannelCreate, response: created(ChannelEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createChannel(request.ctx, request.body) }));

  app.get('/v1/channels/:id', {
    config: { action: 'channel.read' },
    schema: { tags, summary: 'Get a sales channel', params: IdParams, response: ok(ChannelEnvelope) },
  }, async (request) => ({ data: await service.getChannel(request.ctx, request.params.id) }));

  app.post('/v1/channels/:id', {
    config: { action: 'channel.update' },
    schema: { tags, summary: 'Rename a sales channel', params: IdParams, body: ChannelUpdate, response: ok(ChannelEnvelope) },
  }, async (request) => ({ data: await service.renameChannel(request.ctx, request.params.id, request.body) }));

  app.post('/v1/channels/:id/keys', {
    config: { action: 'api_key.create' },
    schema: { tags, summary: 'Issue a channel key (ck_…); the token is shown once', params: IdParams, response: created(ChannelKeyEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createChannelKey(request.ctx, request.params.id) }));

  app.delete('/v1/channels/:id/keys/:keyId', {
    config: { action: 'api_key.delete' },
    schema: { tags, summary: 'Revoke a channel key', params: ChannelKeyParams, response: noContent },
  }, async (request, reply) => {
    await service.revokeChannelKey(request.ctx, request.params.id, request.params.keyId);
    app.credentials.forget();
    return reply.code(204).send(null);
  });
}
