import type { FieldError } from '../../lib/problem.js';
import type { MessageTemplate } from './default-templates.js';
import { renderMessage, templateErrors, type RenderOutcome, type TemplatePart } from './render.js';

/** What the render thread is asked: the syntax errors of some parts, or a message rendered from its data. */
export type RenderJob =
  | { check: Partial<Record<TemplatePart, string | null>> }
  | { render: MessageTemplate; data: Record<string, unknown>; locale: string };

/** Runs one job; called in the render thread only (render-thread.ts loads this module there). */
export function runRenderJob(job: RenderJob): FieldError[] | RenderOutcome {
  return 'check' in job ? templateErrors(job.check) : renderMessage(job.render, job.data, job.locale);
}
