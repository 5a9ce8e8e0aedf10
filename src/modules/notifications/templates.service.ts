import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { NotificationTemplateLocaleRow, NotificationTemplateRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { Problem } from '../../lib/problem.js';
import { defaultTemplateLocale, shippedTemplates, type MessageTemplate } from './default-templates.js';
import { notificationKinds, type NotificationKind } from './kinds.js';
import { forgetDisabledKinds } from './queue.js';
import { renderMessageInThread, templateErrorsInThread } from './render-thread.js';
import type { RenderedMessage, TemplatePart } from './render.js';
import { sampleData } from './sample-data.js';
import * as repo from './templates.repo.js';

export interface TemplateView extends MessageTemplate {
  object: 'notification_template';
  kind: NotificationKind;
  /** The locale these parts are the template of (mails in it are written with them). */
  locale: string;
  /** The locales the kind has a template in: the default first, then the shipped and staff's. */
  locales: string[];
  is_enabled: boolean;
  /** The parts staff changed in this locale; the others are the shipped default. */
  customized: TemplatePart[];
  updated_at: number | null;
}

type Parts = Partial<Record<TemplatePart, string | null>>;
export type TemplateInput = Parts & { is_enabled?: boolean };

const templateParts = ['subject', 'html', 'text'] as const;

/** What staff saved of a kind: its default template (and whether it is sent), and its other locales. */
interface SavedTemplates {
  base: NotificationTemplateRow | undefined;
  locales: NotificationTemplateLocaleRow[];
}

async function savedTemplates(db: Executor, kind: NotificationKind): Promise<SavedTemplates> {
  const [base, locales] = await Promise.all([repo.findTemplate(db, kind), repo.listLocaleTemplates(db, kind)]);
  return { base, locales };
}

function savedIn(saved: SavedTemplates, locale: string): (Parts & { updated_at: number }) | undefined {
  return locale === defaultTemplateLocale ? saved.base : saved.locales.find((row) => row.locale === locale);
}

/** Where a template in `locale` is looked up, in order: the locale, its language (`fr-CH`: `fr`), then the default. */
function lookupOrder(locale: string): string[] {
  return [...new Set([locale, locale.slice(0, 2), defaultTemplateLocale])];
}

/** The first locale of the lookup that has a template, shipped or saved: the language a mail in `locale` is written in. */
function templateLocale(saved: SavedTemplates, locale: string): string {
  return lookupOrder(locale).find((candidate) => shippedTemplates[candidate] || savedIn(saved, candidate)) ?? defaultTemplateLocale;
}

/**
 * A kind's template in a locale, part by part: staff's part in that locale (or the draft's, when it
 * names one; null: none), else the shipped part in that locale, else the same in its language, then
 * in the default locale.
 */
function resolveTemplate(kind: NotificationKind, saved: SavedTemplates, locale: string, draft: Parts = {}): MessageTemplate {
  const part = (name: TemplatePart): string => {
    for (const candidate of lookupOrder(locale)) {
      const own = candidate === locale && draft[name] !== undefined ? draft[name] : savedIn(saved, candidate)?.[name];
      const found = own ?? shippedTemplates[candidate]?.[kind][name];
      if (found != null) return found;
    }
    return shippedTemplates[defaultTemplateLocale]![kind][name];
  };
  return { subject: part('subject'), html: part('html'), text: part('text') };
}

function view(kind: NotificationKind, saved: SavedTemplates, locale: string): TemplateView {
  const own = savedIn(saved, locale);
  const others = new Set([...Object.keys(shippedTemplates), ...saved.locales.map((row) => row.locale)]);
  others.delete(defaultTemplateLocale);
  return {
    object: 'notification_template',
    kind,
    locale,
    locales: [defaultTemplateLocale, ...[...others].sort()],
    ...resolveTemplate(kind, saved, locale),
    is_enabled: saved.base ? saved.base.is_enabled === 1 : true,
    customized: templateParts.filter((part) => own?.[part] != null),
    updated_at: own?.updated_at ?? null,
  };
}

/**
 * The locale a message's amounts are formatted in: the mail's own when its template is in its
 * language (`fr-CH` written with `fr`), else the template's (`de` written in English).
 */
function formatLocale(locale: string, written: string): string {
  return locale.slice(0, 2) === written.slice(0, 2) ? locale : written;
}

/** A template to render a kind's message in a locale with, and the locale its amounts are formatted in. */
export interface LocalizedTemplate {
  template: MessageTemplate;
  locale: string;
}

/** The template a kind's messages in `locale` are rendered with (resolveTemplate). */
export async function effectiveTemplate(db: Executor, kind: NotificationKind, locale: string): Promise<LocalizedTemplate> {
  const saved = await savedTemplates(db, kind);
  return { template: resolveTemplate(kind, saved, locale), locale: formatLocale(locale, templateLocale(saved, locale)) };
}

/** A kind's template in a locale (the default when none is named) as staff see it. */
export async function getTemplate(ctx: Ctx, kind: NotificationKind, locale = defaultTemplateLocale): Promise<TemplateView> {
  return view(kind, await savedTemplates(ctx.db, kind), locale);
}

/** Every kind's template in a locale (the default when none is named). */
export async function listTemplates(ctx: Ctx, locale = defaultTemplateLocale): Promise<TemplateView[]> {
  const [bases, locales] = await Promise.all([repo.listTemplates(ctx.db), repo.listLocaleTemplates(ctx.db)]);
  return notificationKinds.map((kind) => view(kind, {
    base: bases.find((row) => row.kind === kind),
    locales: locales.filter((row) => row.kind === kind),
  }, locale));
}

/**
 * Parses the parts given, then renders the template they make in the locale with the kind's sample
 * data, both in the render thread.
 * @throws Problem validation_failed naming each part with a syntax error, then the part that does
 * not render or exceeds a limit of templateLimits (`limit_exceeded`, naming the limit).
 */
async function renderChecked(ctx: Ctx, config: Pick<Config, 'shopUrl'>, kind: NotificationKind, locale: string, input: Parts): Promise<RenderedMessage> {
  const errors = await templateErrorsInThread(input);
  if (errors.length > 0) throw Problem.invalid(errors);
  const saved = await savedTemplates(ctx.db, kind);
  const template = resolveTemplate(kind, saved, locale, input);
  const written = Object.values(input).some((part) => part != null) ? locale : templateLocale(saved, locale);
  const outcome = await renderMessageInThread(template, await sampleData(ctx.db, config, kind), formatLocale(locale, written));
  if (!outcome.ok) throw Problem.invalid(outcome.errors);
  return outcome.message;
}

const partsOf = (row: Parts | undefined, input: Parts) => ({
  subject: input.subject !== undefined ? input.subject : row?.subject ?? null,
  html: input.html !== undefined ? input.html : row?.html ?? null,
  text: input.text !== undefined ? input.text : row?.text ?? null,
});

/**
 * Saves the parts given of a kind's template in a locale (null: back to the shipped part, or the one
 * looked up after it) and whether the kind is sent at all, in any locale. A locale other than the
 * default whose parts are all null again has no template of its own. The template they make is first
 * parsed and rendered with the preview's sample data: nothing is saved while a part has a syntax
 * error, does not render or exceeds a limit.
 * @throws Problem validation_failed naming each part with a syntax error, and its line; or the part
 * that does not render or exceeds a limit (`limit_exceeded`, naming the limit).
 */
export async function saveTemplate(ctx: Ctx, config: Pick<Config, 'shopUrl'>, kind: NotificationKind, locale: string, input: TemplateInput): Promise<TemplateView> {
  const parts: Parts = { subject: input.subject, html: input.html, text: input.text };
  const changesParts = Object.values(parts).some((part) => part !== undefined);
  if (changesParts) await renderChecked(ctx, config, kind, locale, parts);
  const isDefault = locale === defaultTemplateLocale;
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const current = await savedTemplates(tx, kind);
    if (isDefault || input.is_enabled !== undefined) {
      await repo.saveTemplate(tx, {
        kind,
        ...partsOf(current.base, isDefault ? parts : {}),
        is_enabled: input.is_enabled !== undefined ? boolFlag(input.is_enabled) : current.base?.is_enabled ?? 1,
        updated_at: now,
      });
    }
    if (!isDefault && changesParts) {
      const row = { kind, locale, ...partsOf(savedIn(current, locale), parts), updated_at: now };
      if (row.subject === null && row.html === null && row.text === null) await repo.deleteLocaleTemplate(tx, kind, locale);
      else await repo.saveLocaleTemplate(tx, row);
    }
    return savedTemplates(tx, kind);
  });
  forgetDisabledKinds(ctx.db);
  return view(kind, saved, locale);
}

/**
 * Renders a kind's template in a locale with sample data: the saved one, with the parts given in
 * `input` in place of its own (a draft tried before it is saved).
 * @throws Problem validation_failed naming a part that does not parse or render, or exceeds a limit
 * (`limit_exceeded`, naming the limit).
 */
export async function previewTemplate(ctx: Ctx, config: Pick<Config, 'shopUrl'>, kind: NotificationKind, locale: string, input: Partial<Record<TemplatePart, string>>): Promise<RenderedMessage> {
  return renderChecked(ctx, config, kind, locale, input);
}
