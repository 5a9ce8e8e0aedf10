import type { FieldError } from '../../lib/problem.js';

/**
 * What rendering one message may cost (docs/api.md, Templates). A shipped template renders in well
 * under a millisecond and builds a few thousand characters: these stop only a template that runs away.
 */
export const templateLimits = {
  /** Characters of one part's source (the API refuses longer ones before this). */
  sourceCharacters: 100_000,
  /** Milliseconds to render the three parts of a message, together. */
  renderMs: 250,
  /** liquidjs's count of what a render builds: the characters of new strings and the items of new lists. */
  memoryUnits: 2_000_000,
  /** UTF-8 bytes of one rendered part. */
  outputBytes: 512 * 1024,
};

export type TemplateLimit = 'source' | 'time' | 'memory' | 'output';

const thousands = new Intl.NumberFormat('en');

const exceeded: Record<TemplateLimit, string> = {
  source: `exceeds the template size limit of ${thousands.format(templateLimits.sourceCharacters)} characters`,
  time: `exceeds the render time limit of ${templateLimits.renderMs} ms`,
  memory: `exceeds the render memory limit of ${thousands.format(templateLimits.memoryUnits)} characters and list items built`,
  output: `exceeds the output size limit of ${templateLimits.outputBytes / 1024} KiB`,
};

/** The field error of a part (or of the whole `template`) that exceeded a limit, naming the limit. */
export function limitError(field: string, limit: TemplateLimit): FieldError {
  return { field, code: 'limit_exceeded', message: exceeded[limit] };
}
