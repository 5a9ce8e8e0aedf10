import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { accepted, IdParams, ok, Problem as ProblemSchema } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import type { FileStorage } from '../files/storage.js';
import { ExportCreate, ExportEnvelope, ExportFile, ExportList, ExportListQuery } from './exports.schemas.js';
import * as service from './exports.service.js';

const tags = ['Exports'];

/** CSV exports of products, customers and orders (DESIGN.md §10): queued here, written by the worker. */
export function exportsRoutes(storage: FileStorage) {
  return async function routes(app: App): Promise<void> {
    app.get('/v1/exports', {
      config: { action: 'export.read' },
      schema: { tags, summary: 'List exports of the kinds the credential reads, newest first', querystring: ExportListQuery, response: ok(ExportList) },
    }, async (request) => service.listExports(request.ctx, pageRequest(request.query), request.url));

    app.post('/v1/exports', {
      config: { action: 'export.create' },
      schema: {
        tags, summary: "Export every product, customer or placed order as a CSV file in Shopify's columns, as a background job",
        body: ExportCreate, response: accepted(ExportEnvelope),
      },
    }, async (request, reply) => reply.code(202).send({ data: await service.queueExport(request.ctx, request.body.kind) }));

    app.get('/v1/exports/:id', {
      config: { action: 'export.read' },
      schema: { tags, summary: 'Get an export job: its progress, and its url once written', params: IdParams, response: ok(ExportEnvelope) },
    }, async (request) => ({ data: await service.getExport(request.ctx, request.params.id) }));

    app.get('/v1/exports/:id/file', {
      config: { action: 'export.read' },
      schema: {
        tags, summary: "Download an export's CSV file (its url) with a staff credential",
        params: IdParams, produces: ['text/csv'], response: { 200: ExportFile, '4xx': ProblemSchema, '5xx': ProblemSchema },
      },
    }, async (request, typedReply) => {
      // The answer is the stored file streamed as it is, not a body the schema serialises.
      const reply = typedReply as FastifyReply;
      const file = await service.openExportFile(request.ctx, storage, request.params.id);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      return reply.send(file.bytes);
    });
  };
}
