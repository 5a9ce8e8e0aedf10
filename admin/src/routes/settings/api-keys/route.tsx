import { createLazyRoute } from '@tanstack/react-router';
import { ApiKeysPage } from './api-keys-page';

export const Route = createLazyRoute('/_shell/settings/api-keys')({ component: ApiKeysPage });
