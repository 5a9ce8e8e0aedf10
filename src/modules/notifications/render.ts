import { Liquid, type Context, type Template } from 'liquidjs';
import type { FieldError } from '../../lib/problem.js';
import { formatLocality } from './address-format.js';
import { currencyDecimals } from '../markets/money.js';
import { defaultTemplateLocale, type MessageTemplate } from './default-templates.js';
import { limitError, templateLimits, type TemplateLimit } from './template-limits.js';

/**
 * A formatter per locale and currency, made once: making an Intl.NumberFormat costs some 100 times
 * formatting with it (the money filter was 6 % of a purchase's server time, the mail worker rendering
 * each order confirmation).
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string, code: string): Intl.NumberFormat {
  const key = `${locale} ${code}`;
  let kept = formats.get(key);
  if (!kept) {
    // The currency's own decimals (ISO 4217, as its amounts are kept): ¥1,250 has none, 1.250 KWD three.
    const digits = currencyDecimals(code);
    const options = { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
    try {
      kept = new Intl.NumberFormat(locale, options);
    } catch {
      kept = new Intl.NumberFormat(defaultTemplateLocale, options);
    }
    formats.set(key, kept);
  }
  return kept;
}

/**
 * Amounts are integers in minor units: `{{ order.total_price | money: order.currency }}` shows `€12.50`,
 * or `12,50 €` in a French mail (the locale its message is rendered in: renderMessage).
 */
function money(this: { context: Context }, amount: unknown, currency: unknown): string {
  const code = typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : 'USD';
  const { locale } = this.context.globals as { locale?: string };
  return formatOf(locale ?? defaultTemplateLocale, code).format(Number(amount ?? 0) / 10 ** currencyDecimals(code));
}

// Templates are staff's, the data is the buyers': a template may not reach past the data it is
// given (ownPropertyOnly), nor run away with the thread that renders it (the limits).
const limits = {
  ownPropertyOnly: true, strictFilters: true, timezoneOffset: 0,
  parseLimit: templateLimits.sourceCharacters, renderLimit: templateLimits.renderMs, memoryLimit: templateLimits.memoryUnits,
};

/** HTML: every `{{ }}` is escaped, so a product or customer name is shown as text, never as markup. */
const htmlEngine = new Liquid({ ...limits, outputEscape: 'escape' });
/** Subject and plain text: nothing to escape, they are not markup. */
const textEngine = new Liquid(limits);
/**
 * Tags that read other templates from the server's files: `{% include 'package.json' %}` would put
 * a file of the server's folder in a mail. Left out, they are unknown tags, refused when saved.
 */
const fileTags = ['include', 'render', 'layout'];
for (const engine of [htmlEngine, textEngine]) {
  engine.registerFilter('money', money);
  // `{{ order.shipping.address | locality }}`: `New York, NY 10001`, `75002 Paris` (address-format.ts).
  engine.registerFilter('locality', formatLocality);
  for (const tag of fileTags) delete engine.tags[tag];
}

const parts = ['subject', 'html', 'text'] as const;
export type TemplatePart = (typeof parts)[number];

function engineOf(part: TemplatePart): Liquid {
  return part === 'html' ? htmlEngine : textEngine;
}

/** Where liquidjs says a template is wrong: its line and column, when it names them. */
function position(error: unknown): { line: number; column: number } | undefined {
  const token = (error as { token?: { getPosition?: () => [number, number] } }).token;
  const at = token?.getPosition?.();
  return at ? { line: at[0], column: at[1] } : undefined;
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/, line:\d+, col:\d+$/, '');
}

/**
 * The syntax errors of a template's parts, one field error each (`html`: "has a Liquid syntax error
 * on line 3, column 1: tag {% if %} not closed", or `limit_exceeded` for a source over the size
 * limit); empty when every given part parses. What parses is kept for its render.
 */
export function templateErrors(template: Partial<Record<TemplatePart, string | null>>, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  for (const part of parts) {
    const source = template[part];
    if (source === undefined || source === null) continue;
    try {
      parsedOf(engineOf(part), source);
    } catch (error) {
      if (exceededLimit(error) === 'source') {
        errors.push(limitError(`${prefix}${part}`, 'source'));
        continue;
      }
      const at = position(error);
      const where = at ? ` on line ${at.line}, column ${at.column}` : '';
      errors.push({ field: `${prefix}${part}`, code: 'invalid_template', message: `has a Liquid syntax error${where}: ${reason(error)}` });
    }
  }
  return errors;
}

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/** A message rendered, or why it could not be: one field error per part at fault. */
export type RenderOutcome = { ok: true; message: RenderedMessage } | { ok: false; errors: FieldError[] };

/**
 * Parsed templates by engine and source. Parsing was about 4 % of a purchase's server time (the
 * worker renders every confirmation from the same few sources); a changed template is a new source,
 * so nothing goes stale. Bounded in sources and in characters because previews parse whatever staff
 * type, and the render thread's heap is capped.
 */
const parsedSources = new Map<Liquid, { sources: Map<string, Template[]>; characters: number }>([
  [htmlEngine, { sources: new Map(), characters: 0 }],
  [textEngine, { sources: new Map(), characters: 0 }],
]);
const keptSourcesPerEngine = 64;
const keptCharactersPerEngine = 1_000_000;

function parsedOf(engine: Liquid, source: string): Template[] {
  const kept = parsedSources.get(engine)!;
  let parsed = kept.sources.get(source);
  if (!parsed) {
    parsed = engine.parse(source);
    if (kept.sources.size >= keptSourcesPerEngine || kept.characters + source.length > keptCharactersPerEngine) {
      kept.sources.clear();
      kept.characters = 0;
    }
    kept.sources.set(source, parsed);
    kept.characters += source.length;
  }
  return parsed;
}

/** The limit liquidjs (or V8, for a string past its longest) stopped a render at, if that is why it failed. */
function exceededLimit(error: unknown): TemplateLimit | undefined {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('template render limit exceeded')) return 'time';
  if (message.startsWith('memory alloc limit exceeded')) return 'memory';
  if (message.startsWith('parse length limit exceeded')) return 'source';
  if (/Invalid string length/.test(message)) return 'output';
  return undefined;
}

/** Whether a part's output is longer than the limit, without copying a long one to measure it. */
function isOutputTooLarge(output: string): boolean {
  // UTF-8 takes at least a byte a character: only a string short enough in characters needs counting.
  return output.length > templateLimits.outputBytes || Buffer.byteLength(output) > templateLimits.outputBytes;
}

// Synchronous: without the file tags nothing in a template waits, and liquidjs's asynchronous
// rendering took 1.7 times as long (420 µs against 250 µs for an order confirmation). Each part gets
// what is left of the message's time.
function renderPart(part: TemplatePart, source: string, data: Record<string, unknown>, locale: string, deadline: number): string {
  const engine = engineOf(part);
  return engine.renderSync(parsedOf(engine, source), data, { globals: { locale }, renderLimit: Math.max(0, deadline - performance.now()) }) as string;
}

/**
 * Renders a message from its template and data, within templateLimits. The subject is one line (a
 * line break in it could only break the header); its amounts are formatted for `locale`. Runs in the render thread (render-thread.ts): the
 * API's own thread renders nothing. A part that cannot be rendered, or exceeds a limit
 * (`limit_exceeded`, naming it), is a field error of that part.
 */
export function renderMessage(template: MessageTemplate, data: Record<string, unknown>, locale = defaultTemplateLocale): RenderOutcome {
  const deadline = performance.now() + templateLimits.renderMs;
  const rendered: Partial<Record<TemplatePart, string>> = {};
  for (const part of parts) {
    try {
      const output = renderPart(part, template[part], data, locale, deadline);
      // liquidjs looks at the clock between the steps of a template: its last step (a sort of a long
      // list) can end past the limit unseen.
      if (performance.now() > deadline) return { ok: false, errors: [limitError(part, 'time')] };
      if (isOutputTooLarge(output)) return { ok: false, errors: [limitError(part, 'output')] };
      rendered[part] = output;
    } catch (error) {
      const limit = exceededLimit(error);
      if (limit) return { ok: false, errors: [limitError(part, limit)] };
      return { ok: false, errors: [{ field: part, code: 'invalid_template', message: `could not be rendered: ${reason(error)}` }] };
    }
  }
  const { subject, html, text } = rendered as Record<TemplatePart, string>;
  return { ok: true, message: { subject: subject.replace(/\s+/g, ' ').trim(), html, text: text.replace(/\n{3,}/g, '\n\n').trim() + '\n' } };
}
