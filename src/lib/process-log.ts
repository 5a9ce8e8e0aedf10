type Level = 'info' | 'warn' | 'error';

function write(level: Level, object: unknown, message: string): void {
  const fields = object && typeof object === 'object' ? { ...object } as Record<string, unknown> : {};
  if (fields.err instanceof Error) fields.err = { message: fields.err.message, stack: fields.err.stack };
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg: message, ...fields })}\n`);
}

/**
 * JSON log lines, shaped like the HTTP server's, for processes that have no Fastify logger: the
 * cluster's primary and `storefront worker`.
 */
export const processLog = {
  info: (object: unknown, message: string) => write('info', object, message),
  warn: (object: unknown, message: string) => write('warn', object, message),
  error: (object: unknown, message: string) => write('error', object, message),
};
