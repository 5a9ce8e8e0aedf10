import { createRoute } from '@tanstack/react-router';
import { shellRoute } from '../../app/shell-route';

// The user's own account; its own chunk, with the QR code drawing.
const profileRoute = createRoute({ getParentRoute: () => shellRoute, path: '/profile' }).lazy(() => import('./route').then((module) => module.Route));

export const profileRoutes = [profileRoute] as const;
