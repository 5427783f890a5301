import type { Profile } from '@console/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { HttpError, http } from '@/lib/http.ts';

export type { Profile };

const RELOADED = 'profile-403-reloaded';

/**
 * GET /api/profile when the shell opens. As the spec says, a 403 while loading it reloads the current
 * route (a session that changed under the tab, e.g. roles edited); only once, so it cannot loop.
 */
export const getProfile = async (): Promise<Profile> => {
  try {
    const profile = await http.get<Profile>('/profile', { errorPage: false });
    sessionStorage.removeItem(RELOADED);
    return profile;
  } catch (e) {
    if (e instanceof HttpError && e.status === 403 && !sessionStorage.getItem(RELOADED)) {
      sessionStorage.setItem(RELOADED, '1');
      window.location.reload();
    }
    throw e;
  }
};

export const useProfile = () => useQuery({ queryKey: ['profile'], queryFn: getProfile, staleTime: 5 * 60_000 });
