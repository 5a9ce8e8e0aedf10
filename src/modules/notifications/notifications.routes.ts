import { created, IdParams, ok, Problem as ProblemSchema } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import type { Config } from '../../config.js';
import { pageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { defaultTemplateLocale } from './default-templates.js';
import { isNotificationKind, notificationKinds, type NotificationKind } from './kinds.js';
import { describeMailer, sendTestMail, type MailSetup } from './mail-setup.js';
import {
  MailerEnvelope, MailTestEnvelope, MailTestInput, NotificationEnvelope, NotificationList, NotificationListQuery, PreviewEnvelope, TemplateEnvelope, TemplateList, TemplateParams, TemplatePreviewInput, TemplateQuery, TemplateUpdate,
} from './notifications.schemas.js';
import * as service from './notifications.service.js';
import * as templates from './templates.service.js';

const tags = ['Notifications'];

function kindOf(raw: string): NotificationKind {
  if (!isNotificationKind(raw)) throw new Problem('not_found', `No notification kind ${raw}: the kinds are ${notificationKinds.join(', ')}`);
  return raw;
}

/** The outbox of customer emails and the templates they are rendered with (staff only). */
export function notificationsRoutes(config: Pick<Config, 'shopUrl'> & MailSetup) {
  return async (app: App): Promise<void> => {
    app.get('/v1/notifications/mailer', {
      config: { action: 'notification.read' },
      schema: { tags, summary: 'How mail is sent: whether an SMTP server is configured, which, from whom, and how many messages were recorded unsent', response: ok(MailerEnvelope) },
    }, async (request) => ({ data: await describeMailer(request.ctx, config) }));

    app.post('/v1/notifications/test', {
      config: { action: 'notification.test' },
      // 409: no SMTP server is configured. 422: `to` is no email, or none is given and the store has no email.
      schema: {
        tags, summary: "Send a test message now through the configured SMTP server, to `to` or the store's email, and answer whether it was accepted", body: MailTestInput,
        response: { ...ok(MailTestEnvelope), 409: ProblemSchema, 422: ProblemSchema },
      },
    }, async (request) => ({ data: await sendTestMail(request.ctx, config, request.body ?? {}) }));

    app.get('/v1/notifications', {
      config: { action: 'notification.read' },
      schema: { tags, summary: 'List the emails sent and to send, newest first', querystring: NotificationListQuery, response: ok(NotificationList) },
    }, async (request) => {
      const q = request.query;
      return service.listNotifications(request.ctx, { kind: q.kind, status: q.status, orderId: q.order_id, customerId: q.customer_id, checkoutId: q.checkout_id }, pageRequest(q), request.url);
    });

    // The templates are documented at /v1/notification_templates. DESIGN.md §9 named them
    // /v1/notifications/templates/{kind}, which OpenAPI tools read as ambiguous beside
    // /v1/notifications/{id}/resend (Redocly's no-ambiguous-paths): those paths keep working, undocumented.
    for (const [prefix, hide] of [['/v1/notification_templates', false], ['/v1/notifications/templates', true]] as const) {
      app.get(prefix, {
        config: { action: 'notification_template.read' },
        schema: { hide, tags, summary: 'List the template of every kind in a locale', querystring: TemplateQuery, response: ok(TemplateList) },
      }, async (request) => ({ data: await templates.listTemplates(request.ctx, request.query.locale) }));

      app.get(`${prefix}/:kind`, {
        config: { action: 'notification_template.read' },
        schema: { hide, tags, summary: "Get a kind's template in a locale", params: TemplateParams, querystring: TemplateQuery, response: ok(TemplateEnvelope) },
      }, async (request) => ({ data: await templates.getTemplate(request.ctx, kindOf(request.params.kind), request.query.locale) }));

      app.post(`${prefix}/:kind`, {
        config: { action: 'notification_template.update' },
        schema: { hide, tags, summary: "Change a kind's template in a locale, or switch the kind off (a syntax error is refused)", params: TemplateParams, body: TemplateUpdate, response: ok(TemplateEnvelope) },
      }, async (request) => {
        const { locale = defaultTemplateLocale, ...input } = request.body;
        return { data: await templates.saveTemplate(request.ctx, config, kindOf(request.params.kind), locale, input) };
      });

      app.post(`${prefix}/:kind/preview`, {
        config: { action: 'notification_template.preview' },
        schema: { hide, tags, summary: "Render a kind's template in a locale (the saved one, or drafts sent in the body) with sample data", params: TemplateParams, body: TemplatePreviewInput, response: ok(PreviewEnvelope) },
      }, async (request) => {
        const kind = kindOf(request.params.kind);
        const { locale = defaultTemplateLocale, ...drafts } = request.body ?? {};
        const rendered = await templates.previewTemplate(request.ctx, config, kind, locale, drafts);
        return { data: { object: 'notification_preview' as const, kind, locale, ...rendered } };
      });
    }

    app.get('/v1/notifications/:id', {
      config: { action: 'notification.read' },
      schema: { tags, summary: 'Get an email of the outbox', params: IdParams, response: ok(NotificationEnvelope) },
    }, async (request) => ({ data: await service.getNotification(request.ctx, request.params.id) }));

    app.post('/v1/notifications/:id/resend', {
      config: { action: 'notification.resend' },
      schema: { tags, summary: 'Send an email again: a new message with the same content, queued now', params: IdParams, response: created(NotificationEnvelope) },
    }, async (request, reply) => reply.code(201).send({ data: await service.resendNotification(request.ctx, request.params.id) }));
  };
}
