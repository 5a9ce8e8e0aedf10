import { JobThread, JobThreadError } from '../../lib/job-thread.js';
import type { FieldError } from '../../lib/problem.js';
import { SERVER_ROOT } from '../../server-root.js';
import type { MessageTemplate } from './default-templates.js';
import type { RenderJob } from './render-job.js';
import type { RenderOutcome, TemplatePart } from './render.js';
import { limitError, templateLimits, type TemplateLimit } from './template-limits.js';

/**
 * Where mail templates are parsed and rendered: a thread of its own, so a template that uses its
 * whole time budget holds neither API requests nor the mail loop's other work. liquidjs stops a
 * render at its time limit between two steps of the template; a single step that runs long (a
 * filter over a long list) is stopped by the deadline, which ends the thread. Its heap is capped
 * (a render that fills it ends the thread too), and the parsed templates it keeps stay with it.
 */
const renderThread = new JobThread<RenderJob, unknown>({
  module: new URL('modules/notifications/render-job.js', SERVER_ROOT),
  handler: 'runRenderJob',
  deadlineMs: templateLimits.renderMs * 4,
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
});

/** The limit a render the thread gave up on exceeded: JobThreadErrors otherwise are the thread's, not the template's. */
function limitOf(error: unknown): TemplateLimit | undefined {
  if (!(error instanceof JobThreadError)) return undefined;
  if (error.reason === 'deadline') return 'time';
  if (error.reason === 'crashed' && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'memory';
  return undefined;
}

/**
 * The syntax errors of a template's parts (render.ts templateErrors), found in the render thread.
 * @throws JobThreadError when the thread could not start or died for a reason not the template's.
 */
export async function templateErrorsInThread(template: Partial<Record<TemplatePart, string | null>>): Promise<FieldError[]> {
  try {
    return (await renderThread.run({ check: template })) as FieldError[];
  } catch (error) {
    const limit = limitOf(error);
    if (limit) return [limitError('template', limit)];
    throw error;
  }
}

/**
 * Renders a message in the render thread (render.ts renderMessage, amounts formatted for `locale`): the message, or the field errors
 * of the parts that could not be rendered or exceeded a limit (`template` when the thread was ended).
 * @throws JobThreadError when the thread could not start or died for a reason not the template's.
 */
export async function renderMessageInThread(template: MessageTemplate, data: Record<string, unknown>, locale: string): Promise<RenderOutcome> {
  try {
    return (await renderThread.run({ render: template, data, locale })) as RenderOutcome;
  } catch (error) {
    const limit = limitOf(error);
    if (limit) return { ok: false, errors: [limitError('template', limit)] };
    throw error;
  }
}
