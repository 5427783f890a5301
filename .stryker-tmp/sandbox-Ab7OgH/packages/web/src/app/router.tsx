// @ts-nocheck
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigate } from '@/lib/http.ts';
import { LoginPage } from '@/features/auth/pages/login-page.tsx';
import { RegisterPage } from '@/features/auth/pages/register-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { ErrorPage } from './pages/error-page.tsx';
import { RouteError } from './pages/route-error.tsx';
import { Root } from './root.tsx';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards.tsx';
import { isAdminRoute, routes, type RouteName } from '@/lib/routes.ts';
import { screenFor } from './screens.tsx';

// Routes drawn outside the signed-in shell.
const standalone = new Set<RouteName>(['login', 'register', 'error403', 'error404', 'error500']);
const shellRoutes = (Object.keys(routes) as RouteName[]).filter((n) => !standalone.has(n));

const toRoute = (name: RouteName): RouteObject => ({
  path: routes[name].path,
  element: screenFor(name),
  handle: { title: routes[name].title },
});

const tree: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to={routes.home.path} replace /> },
      {
        element: <GuestOnly />,
        children: [
          { path: routes.login.path, element: <LoginPage />, handle: { title: routes.login.title } },
          { path: routes.register.path, element: <RegisterPage />, handle: { title: routes.register.title } },
        ],
      },
      { path: routes.error403.path, element: <ErrorPage code={403} />, handle: { title: routes.error403.title } },
      { path: routes.error404.path, element: <ErrorPage code={404} />, handle: { title: routes.error404.title } },
      { path: routes.error500.path, element: <ErrorPage code={500} />, handle: { title: routes.error500.title } },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            errorElement: <RouteError />,
            children: [
              ...shellRoutes.filter((n) => !isAdminRoute(n)).map(toRoute),
              { element: <RequireAdmin />, children: shellRoutes.filter(isAdminRoute).map(toRoute) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(tree);

// Redirects decided outside React (error pages, session end) stay inside the single-page app.
setNavigate((to) => void router.navigate(to));
