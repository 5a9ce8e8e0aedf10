import { createLazyRoute } from '@tanstack/react-router';
import { NewPagePage } from './page-editor-page';

export const Route = createLazyRoute('/_shell/pages/new')({ component: NewPagePage });
