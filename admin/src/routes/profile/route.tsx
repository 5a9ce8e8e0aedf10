import { createLazyRoute } from '@tanstack/react-router';
import { ProfilePage } from './profile-page';

export const Route = createLazyRoute('/_shell/profile')({ component: ProfilePage });
