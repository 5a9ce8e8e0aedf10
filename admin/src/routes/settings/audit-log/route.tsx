import { createLazyRoute } from '@tanstack/react-router';
import { AuditLogPage } from './audit-log-page';

export const Route = createLazyRoute('/_shell/settings/audit-log')({ component: AuditLogPage });
