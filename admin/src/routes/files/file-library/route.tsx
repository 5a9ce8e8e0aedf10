import { createLazyRoute } from '@tanstack/react-router';
import { FileLibraryPage } from './file-library-page';

export const Route = createLazyRoute('/_shell/files')({ component: FileLibraryPage });
