import { createLazyRoute } from '@tanstack/react-router';
import { PageEditorPage } from './page-editor-page';

export const Route = createLazyRoute('/_shell/pages/$pageId')({ component: PageEditorPage });
