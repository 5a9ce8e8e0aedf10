import { createLazyRoute } from '@tanstack/react-router';
import { ImportExportPage } from './import-export-page';

export const Route = createLazyRoute('/_shell/settings/import-export')({ component: ImportExportPage });
