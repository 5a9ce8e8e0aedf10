import { created, IdParams, noContent, ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import {
  ShippingZoneCreate, ShippingZoneEnvelope, ShippingZoneList, ShippingZoneListQuery, ShippingZoneUpdate,
} from './shipping-zones.schemas.js';
import { LocaleQuery } from '../translations/translations.schemas.js';
import * as service from './shipping-zones.service.js';

const tags = ['Shipping'];

/** Shipping zones and their rates: store settings, so every route is for staff (admin keys). */
export async function shippingZonesRoutes(app: App): Promise<void> {
  app.get('/v1/shipping_zones', {
    config: { action: 'shipping_zone.read', translated: true },
    schema: { tags, summary: 'List shipping zones with their rates, in creation order', querystring: ShippingZoneListQuery, response: ok(ShippingZoneList) },
  }, async (request) => service.listShippingZones(request.ctx, pageRequest(request.query), request.url));

  app.get('/v1/shipping_zones/:id', {
    config: { action: 'shipping_zone.read', translated: true },
    schema: { tags, summary: 'Get a shipping zone with its rates', params: IdParams, querystring: LocaleQuery, response: ok(ShippingZoneEnvelope) },
  }, async (request) => ({ data: await service.getShippingZone(request.ctx, request.params.id) }));

  app.post('/v1/shipping_zones', {
    config: { action: 'shipping_zone.create' },
    schema: { tags, summary: 'Create a shipping zone with its rates', body: ShippingZoneCreate, response: created(ShippingZoneEnvelope) },
  }, async (request, reply) => reply.code(201).send({ data: await service.createShippingZone(request.ctx, request.body) }));

  app.post('/v1/shipping_zones/:id', {
    config: { action: 'shipping_zone.update' },
    schema: {
      tags, summary: 'Update a shipping zone; a rates list replaces its rates (a rate sent with its id keeps it)',
      params: IdParams, body: ShippingZoneUpdate, response: ok(ShippingZoneEnvelope),
    },
  }, async (request) => ({ data: await service.updateShippingZone(request.ctx, request.params.id, request.body) }));

  app.delete('/v1/shipping_zones/:id', {
    config: { action: 'shipping_zone.delete' },
    schema: { tags, summary: 'Delete a shipping zone and its rates', params: IdParams, response: noContent },
  }, async (request, reply) => {
    await service.deleteShippingZone(request.ctx, request.params.id);
    return reply.code(204).send(null);
  });
}
