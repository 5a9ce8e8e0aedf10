import { createLazyRoute } from '@tanstack/react-router';
import { TeamPage } from './team-page';

export const Route = createLazyRoute('/_shell/settings/team')({ component: TeamPage });
