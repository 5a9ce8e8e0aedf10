import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { NotificationTemplateRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { Problem } from '../../lib/problem.js';
import { defaultTemplates, type MessageTemplate } from './default-templates.js';
import type { NotificationKind } from './kinds.js';
import { forgetDisabledKinds } from './queue.js';
import { renderMessageInThread, templateErrorsInThread } from './render-thread.js';
import type { RenderedMessage, TemplatePart } from './render.js';
import { sampleData } from './sample-data.js';
import * as repo from './templates.repo.js';

export interface TemplateView extends MessageTemplate {
  object: 'notification_template';
  kind: NotificationKind;
  is_enabled: boolean;
  /** The parts staff changed; the others are the shipped default. */
  customized: TemplatePart[];
  updated_at: number | null;
}

export type TemplateInput = Partial<Record<TemplatePart, string | null>> & { is_enabled?: boolean };

function view(kind: NotificationKind, row: NotificationTemplateRow | undefined): TemplateView {
  const shipped = defaultTemplates[kind];
  return {
    object: 'notification_template',
    kind,
    subject: row?.subject ?? shipped.subject,
    html: row?.html ?? shipped.html,
    text: row?.text ?? shipped.text,
    is_enabled: row ? row.is_enabled === 1 : true,
    customized: (['subject', 'html', 'text'] as const).filter((part) => row?.[part] != null),
    updated_at: row?.updated_at ?? null,
  };
}

/** The template a kind's messages are rendered with: staff's parts, the shipped ones for the rest. */
export async function effectiveTemplate(db: Executor, kind: NotificationKind): Promise<MessageTemplate> {
  const { subject, html, text } = view(kind, await repo.findTemplate(db, kind));
  return { subject, html, text };
}

/** A kind's template as staff see it. */
export async function getTemplate(ctx: Ctx, kind: NotificationKind): Promise<TemplateView> {
  return view(kind, await repo.findTemplate(ctx.db, kind));
}

/** The saved template of a kind with the parts given in place of its own (null: the shipped part). */
async function withParts(ctx: Ctx, kind: NotificationKind, input: Partial<Record<TemplatePart, string | null>>): Promise<MessageTemplate> {
  const saved = await effectiveTemplate(ctx.db, kind);
  const shipped = defaultTemplates[kind];
  const part = (name: TemplatePart) => (input[name] === undefined ? saved[name] : input[name] ?? shipped[name]);
  return { subject: part('subject'), html: part('html'), text: part('text') };
}

/**
 * Parses the parts given, then renders the template they make with the kind's sample data, both in
 * the render thread.
 * @throws Problem validation_failed naming each part with a syntax error, then the part that does
 * not render or exceeds a limit of templateLimits (`limit_exceeded`, naming the limit).
 */
async function renderChecked(ctx: Ctx, config: Pick<Config, 'shopUrl'>, kind: NotificationKind, input: Partial<Record<TemplatePart, string | null>>): Promise<RenderedMessage> {
  const errors = await templateErrorsInThread(input);
  if (errors.length > 0) throw Problem.invalid(errors);
  const outcome = await renderMessageInThread(await withParts(ctx, kind, input), await sampleData(ctx.db, config, kind));
  if (!outcome.ok) throw Problem.invalid(outcome.errors);
  return outcome.message;
}

/**
 * Saves the parts given of a kind's template (null: back to the shipped part) and whether the kind
 * is sent at all. The template they make is first parsed and rendered with the preview's sample
 * data: nothing is saved while a part has a syntax error, does not render or exceeds a limit.
 * @throws Problem validation_failed naming each part with a syntax error, and its line; or the part
 * that does not render or exceeds a limit (`limit_exceeded`, naming the limit).
 */
export async function saveTemplate(ctx: Ctx, config: Pick<Config, 'shopUrl'>, kind: NotificationKind, input: TemplateInput): Promise<TemplateView> {
  const parts = { subject: input.subject, html: input.html, text: input.text };
  if (Object.values(parts).some((part) => part !== undefined)) await renderChecked(ctx, config, kind, parts);
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const current = await repo.findTemplate(tx, kind);
    const row: NotificationTemplateRow = {
      kind,
      subject: input.subject !== undefined ? input.subject : current?.subject ?? null,
      html: input.html !== undefined ? input.html : current?.html ?? null,
      text: input.text !== undefined ? input.text : current?.text ?? null,
      is_enabled: input.is_enabled !== undefined ? boolFlag(input.is_enabled) : current?.is_enabled ?? 1,
      updated_at: ctx.now(),
    };
    await repo.saveTemplate(tx, row);
    return row;
  });
  forgetDisabledKinds(ctx.db);
  return view(kind, saved);
}

/**
 * Renders a kind's template with sample data: the saved one, with the parts given in `input` in
 * place of its own (a draft tried before it is saved).
 * @throws Problem validation_failed naming a part that does not parse or render, or exceeds a limit
 * (`limit_exceeded`, naming the limit).
 */
export async function previewTemplate(ctx: Ctx, config: Pick<Config, 'shopUrl'>, kind: NotificationKind, input: Partial<Record<TemplatePart, string>>): Promise<RenderedMessage> {
  return renderChecked(ctx, config, kind, input);
}
