import { createLazyRoute } from '@tanstack/react-router';
import { HomePage } from './home-page';

export const Route = createLazyRoute('/_shell/home')({ component: HomePage });
