import { ok, Problem } from '../../http/common-schemas.js';
import type { App } from '../../http/types.js';
import { SalesQuery, SalesReportEnvelope } from './reports.schemas.js';
import { salesReport } from './reports.service.js';

const tags = ['Reports'];

export async function reportsRoutes(app: App): Promise<void> {
  app.get('/v1/reports/sales', {
    config: { action: 'report.read' },
    // 422: a date of the right shape that is no calendar date (2026-02-30), or a range too long or reversed.
    schema: {
      tags, summary: "Sales per day in the store's time zone, net of the refunds made each day, with the period's top products and customers", querystring: SalesQuery, response: { ...ok(SalesReportEnvelope), 422: Problem },
    },
  }, async (request) => ({ data: await salesReport(request.ctx, request.query) }));
}
