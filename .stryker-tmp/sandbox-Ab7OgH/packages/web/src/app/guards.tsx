// @ts-nocheck
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session.ts';
import { href } from '@/lib/routes.ts';

/** Signed-in users only; others go to /login (and come back here afterwards). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={href('login')} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Administrators only; others go to /home. */
export function RequireAdmin() {
  const session = useSession();
  return session?.isAdmin ? <Outlet /> : <Navigate to={href('home')} replace />;
}

/** Login and register: a signed-in user goes to where they were headed, or home. */
export function GuestOnly() {
  const session = useSession();
  const from = (useLocation().state as { from?: string } | null)?.from;
  return session ? <Navigate to={from ?? href('home')} replace /> : <Outlet />;
}
