import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { LOCALE_PATTERN } from '../markets/locales.js';
import { notificationKinds, notificationStatuses } from './kinds.js';

const text = Nullable(Type.String());
const Kind = StringEnum(notificationKinds, { description: 'order_confirmation, shipping_confirmation, order_canceled, refund, password_reset, email_verification, abandoned_checkout, staff_invitation, gift_card_issued' });

export const Notification = Type.Object({
  id: Id('ntf'),
  object: Type.Literal('notification'),
  kind: Kind,
  recipient: Type.String({ description: 'the email it is sent to' }),
  status: StringEnum(notificationStatuses, {
    description: 'pending (waiting for the worker: not tried yet, or due again), sent (accepted by the SMTP server), failed (given up after the retry horizon, or it could not be rendered), not_sent (rendered and recorded; no SMTP server is configured)',
  }),
  attempts: Type.Integer({ description: 'SMTP attempts made' }),
  last_error: Nullable(Type.String({ description: "the last failure: the SMTP server's answer, or why it could not be rendered" })),
  subject: Nullable(Type.String({ description: 'null until rendered' })),
  html: Nullable(Type.String({ description: 'null until rendered, and never shown for password_reset, email_verification and staff_invitation (they carry a secret link) nor for gift_card_issued (it carries whole gift card codes)' })),
  text: Nullable(Type.String({ description: 'as html' })),
  data: Nullable(Type.Object({}, { additionalProperties: true, description: 'what the change that queued it snapshotted (the rest is loaded when rendered); null for password_reset, email_verification, staff_invitation and gift_card_issued' })),
  order_id: text,
  customer_id: text,
  checkout_id: text,
  resent_from: Nullable(Type.String({ description: 'the message this one sends again' })),
  next_attempt_at: Nullable(Type.Integer({ description: 'Unix seconds of the next attempt while pending' })),
  sent_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Notification' });

export const NotificationListQuery = Type.Object({
  ...PageQuery,
  kind: Type.Optional(Kind),
  status: Type.Optional(StringEnum(notificationStatuses)),
  order_id: Type.Optional(Type.String({ maxLength: 64 })),
  customer_id: Type.Optional(Type.String({ maxLength: 64 })),
  checkout_id: Type.Optional(Type.String({ maxLength: 64 })),
});

const Source = (part: string) => Type.String({ maxLength: 100_000, description: `the ${part} in Liquid` });

export const NotificationTemplate = Type.Object({
  object: Type.Literal('notification_template'),
  kind: Kind,
  locale: Type.String({ description: 'the locale these parts are the template of: mails in it are written with them' }),
  locales: Type.Array(Type.String(), { description: 'the locales the kind has a template in: the default (en) first, then the shipped (es, fr) and those staff wrote' }),
  subject: Source('subject'),
  html: Source('HTML body: every {{ }} output is HTML-escaped'),
  text: Source('plain-text body'),
  is_enabled: Type.Boolean({ description: 'false: this kind is not sent (nothing is queued)' }),
  customized: Type.Array(StringEnum(['subject', 'html', 'text'] as const), { description: 'the parts staff changed in this locale; the others are looked up: the shipped part in this locale, then in its language, then in the default' }),
  updated_at: Nullable(Timestamp),
}, { title: 'NotificationTemplate' });

export const TemplateParams = Type.Object({ kind: Type.String({ maxLength: 64 }) });

const TemplateLocale = Type.Optional(Type.String({ pattern: LOCALE_PATTERN, description: 'the locale of the template (default en); a mail in fr-CH uses fr-CH, else fr, else en' }));
export const TemplateQuery = Type.Object({ locale: TemplateLocale });

export const TemplateUpdate = Type.Object({
  locale: TemplateLocale,
  subject: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'null: back to the shipped subject' }))),
  html: Type.Optional(Nullable(Type.String({ maxLength: 100_000, description: 'null: back to the shipped HTML' }))),
  text: Type.Optional(Nullable(Type.String({ maxLength: 100_000, description: 'null: back to the shipped text' }))),
  is_enabled: Type.Optional(Type.Boolean()),
});

export const TemplatePreviewInput = Type.Object({
  locale: TemplateLocale,
  subject: Type.Optional(Type.String({ maxLength: 1000, description: 'a draft to render instead of the saved subject' })),
  html: Type.Optional(Type.String({ maxLength: 100_000, description: 'a draft to render instead of the saved HTML' })),
  text: Type.Optional(Type.String({ maxLength: 100_000, description: 'a draft to render instead of the saved text' })),
});

export const RenderedPreview = Type.Object({
  object: Type.Literal('notification_preview'),
  kind: Kind,
  locale: Type.String(),
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
}, { title: 'NotificationPreview' });

export const NotificationEnvelope = DataEnvelope(Notification);
export const NotificationList = ListEnvelope(Notification);
export const TemplateEnvelope = DataEnvelope(NotificationTemplate);
export const TemplateList = Type.Object({ data: Type.Array(NotificationTemplate) });
export const PreviewEnvelope = DataEnvelope(RenderedPreview);

export const Mailer = Type.Object({
  object: Type.Literal('mailer'),
  is_configured: Type.Boolean({ description: 'an SMTP server is configured (STOREFRONT_SMTP_URL); without one every message is recorded as not_sent' }),
  host: Nullable(Type.String({ description: "the SMTP server's host and port, never its user or password" })),
  is_secure: Type.Boolean({ description: 'smtps:// (TLS from the first byte)' }),
  from: Type.String({ description: 'the From of every message: STOREFRONT_MAIL_FROM, else the store name and email' }),
  is_logged: Type.Boolean({ description: 'STOREFRONT_MAIL=log: every message is printed to the log too' }),
  not_sent_count: Type.Integer({ description: 'messages recorded as not_sent (rendered while no SMTP server was configured)' }),
}, { title: 'Mailer' });
export const MailerEnvelope = DataEnvelope(Mailer);

export const MailTestInput = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 254, description: "where to send it; default the store's email" })),
});

export const MailTest = Type.Object({
  object: Type.Literal('mail_test'),
  status: StringEnum(['sent', 'failed'] as const, { description: 'sent: the SMTP server accepted it; failed: it refused it or could not be reached (error says why)' }),
  to: Type.String(),
  from: Type.String(),
  host: Type.String(),
  error: Nullable(Type.String({ description: "the SMTP server's answer, or why it could not be reached" })),
  created_at: Timestamp,
}, { title: 'MailTest' });
export const MailTestEnvelope = DataEnvelope(MailTest);
