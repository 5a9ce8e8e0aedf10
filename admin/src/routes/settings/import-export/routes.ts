import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../../app/shell-route';

export interface ImportExportSearch {
  /** The import started last, whose progress the screen follows (kept in the address, so a reload keeps it). */
  import?: string;
  page?: number;
}

// Bulk import of Shopify CSV exports and CSV exports of products, customers and orders: one screen.
const importExportRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/settings/import-export',
  validateSearch: (search: Record<string, unknown>): ImportExportSearch => {
    const page = Number(search.page);
    return {
      import: typeof search.import === 'string' && /^imp_[0-9a-z]{26}$/.test(search.import) ? search.import : undefined,
      page: Number.isInteger(page) && page > 1 ? page : undefined,
    };
  },
}).lazy(() => import('./route').then((module) => module.Route));

export const importExportRoutes = [importExportRoute] as const;
