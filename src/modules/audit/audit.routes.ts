import { ok } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { AuditLog, AuditLogQuery } from './audit.schemas.js';
import { listAuditEntries } from './audit.service.js';

const tags = ['Audit log'];

export async function auditRoutes(app: App): Promise<void> {
  app.get('/v1/audit_log', {
    config: { action: 'audit_log.read' },
    schema: { tags, summary: 'List what staff wrote, refused writes too, newest first', querystring: AuditLogQuery, response: ok(AuditLog) },
  }, async (request) => {
    const q = request.query;
    return listAuditEntries(request.ctx, { actorId: q.actor_id, objectId: q.object_id, action: q.action }, pageRequest(q), request.url);
  });
}
