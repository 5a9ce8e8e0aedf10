import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { created, IdParams, ok } from '../../http/common-schemas.js';
import { assertQuery } from '../../http/request-validation.js';
import type { App } from '../../http/types.js';
import { Problem } from '../../lib/problem.js';
import type { FilesSettings } from '../files/files.service.js';
import { ImportEnvelope, importKinds, ImportUpload } from './imports.schemas.js';
import * as service from './imports.service.js';

const tags = ['Imports'];

/** A file and its kind, and nothing else. */
const PART_LIMITS = { files: 1, fields: 1, fieldSize: 1024, parts: 2, headerPairs: 100 };
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

type Kind = (typeof importKinds)[number];

/**
 * The parts of an import upload, in either order. Each fault is named by its part; the parser's own
 * errors (no boundary, a body cut short) are the client's malformed body.
 */
async function readImportUpload(request: FastifyRequest, maxBytes: number): Promise<{ kind: Kind; bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new Problem('unsupported_media_type', 'Send the import as multipart/form-data: a part "kind" and a part "file"');
  const tooLarge = () => new Problem('payload_too_large', `Import files may be at most ${maxBytes} bytes`);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes + FRAMING_BYTES) throw tooLarge();
  let kind: string | undefined;
  let file: { bytes: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { ...PART_LIMITS, fileSize: maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw Problem.invalid([{ field: part.fieldname, code: 'unknown', message: 'is not a field of this endpoint' }]);
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else if (part.fieldname === 'kind') {
        kind = String(part.value);
      } else {
        throw Problem.invalid([{ field: part.fieldname, code: 'unknown', message: 'is not a field of this endpoint' }]);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw Problem.invalid([{ field: 'file', code: 'invalid', message: 'must be a single file' }]);
    if (error instanceof Problem || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new Problem('invalid_request', `The multipart body could not be read: ${(error as Error).message}`);
  }
  const errors = [];
  if (kind === undefined) errors.push({ field: 'kind', code: 'required', message: 'is required' });
  else if (!(importKinds as readonly string[]).includes(kind)) errors.push({ field: 'kind', code: 'invalid_value', message: `must be one of: ${importKinds.join(', ')}` });
  if (!file) errors.push({ field: 'file', code: 'required', message: 'is required: a multipart part named "file" holding the CSV file' });
  if (errors.length > 0) throw Problem.invalid(errors);
  return { kind: kind as Kind, ...file! };
}

/** Bulk imports of Shopify CSV exports (DESIGN.md §10): queued here, run by the worker. */
export function importsRoutes(settings: FilesSettings) {
  return async function routes(app: App): Promise<void> {
    // Multipart bodies are parsed in this plugin only, as in the files' own.
    await app.register(multipart, { limits: { ...PART_LIMITS, fileSize: settings.maxBytes } });

    app.post('/v1/imports', {
      config: { action: 'import.create' },
      // The schema documents the upload; the handler reads the parts and names what is wrong.
      attachValidation: true,
      schema: {
        tags, summary: 'Import a Shopify product or customer CSV export as a background job (multipart/form-data: parts "kind" and "file")',
        consumes: ['multipart/form-data'], body: ImportUpload, response: created(ImportEnvelope),
      },
    }, async (request, reply) => {
      assertQuery(request);
      const upload = await readImportUpload(request, settings.maxBytes);
      return reply.code(201).send({ data: await service.queueImport(request.ctx, settings.storage, upload) });
    });

    app.get('/v1/imports/:id', {
      config: { action: 'import.read' },
      schema: { tags, summary: "Get an import job: its progress and the first faults of the rows it did not import", params: IdParams, response: ok(ImportEnvelope) },
    }, async (request) => ({ data: await service.getImport(request.ctx, request.params.id) }));
  };
}
