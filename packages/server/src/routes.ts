import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './features/auth/auth.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { mailProvidersRoutes } from './features/mail-providers/mail-providers.routes.ts';
import { offersRoutes } from './features/offers/offers.routes.ts';
import { emailListsRoutes } from './features/email-lists/email-lists.routes.ts';

/** Every route plugin of the API, in one place. Each is mounted under /api. */
export const routes: FastifyPluginAsync[] = [
  authRoutes,
  usersRoutes,
  notificationsRoutes,
  dashboardRoutes,
  eventsRoutes,
  categoriesRoutes,
  mailProvidersRoutes,
  offersRoutes,
  emailListsRoutes,
];
