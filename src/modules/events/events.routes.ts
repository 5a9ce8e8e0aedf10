import { IdParams, ok } from '../../http/common-schemas.js';
import { commaList, type App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { EventEnvelope, EventList, EventListQuery } from './events.schemas.js';
import { getEvent, listEvents } from './events.service.js';

const tags = ['Events'];

export async function eventsRoutes(app: App): Promise<void> {
  app.get('/v1/events', {
    config: { action: 'event.read' },
    schema: { tags, summary: 'List events, newest first', querystring: EventListQuery, response: ok(EventList) },
  }, async (request) => {
    const q = request.query;
    return listEvents(request.ctx, { ids: commaList(q.id), kind: q.kind, relatedId: q.related_object }, pageRequest(q), request.url);
  });

  app.get('/v1/events/:id', {
    config: { action: 'event.read' },
    schema: { tags, summary: 'Get an event', params: IdParams, response: ok(EventEnvelope) },
  }, async (request) => ({ data: await getEvent(request.ctx, request.params.id) }));
}
