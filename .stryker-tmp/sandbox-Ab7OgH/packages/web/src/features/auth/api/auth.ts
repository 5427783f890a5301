// @ts-nocheck
import { useQuery, useMutation } from '@tanstack/react-query';
import type { Profile, Login, TokenPair, Register, RegistrationSetting } from '@console/shared/auth';
import { HttpError, http, logoutLocally, request } from '@/lib/http.ts';
import { startSession, getSession } from '@/lib/session.ts';
import { queryClient } from '@/lib/query-client.ts';

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

/** POST /api/forgot-password: the administrators are asked to reset the password. */
export const forgotPassword = (email: string) =>
  http.post<{ message: string }>('/forgot-password', { email }, { auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

export interface LoginInput extends Login {
  remember: boolean;
}

/** POST /api/login_check; a 200 starts the session. */
export const login = async ({ remember, ...credentials }: LoginInput) => {
  const pair = await http.post<TokenPair>('/login_check', credentials, { auth: false });
  startSession(pair, remember);
  return pair;
};

export const useLogin = () => useMutation({ mutationFn: login });

/**
 * The local session ends at once; POST /api/logout then revokes the refresh token (with `all`, every
 * session of the user, on every device). Waiting for the answer first would leave a user on a slow or
 * unreachable server signed in on screen.
 */
export const logout = async (all: boolean = false) => {
  const refreshToken = getSession()?.refreshToken;
  logoutLocally();
  queryClient.clear();
  if (refreshToken)
    await http
      .post('/logout', { refresh_token: refreshToken, ...(all ? { all } : {}) }, { auth: false })
      .catch(() => undefined);
};

export const useLogout = () => useMutation({ mutationFn: (all: boolean = false) => logout(all) });

export interface RegisterAnswer {
  id: number;
  isActive: boolean;
  message: string;
}

/** POST /api/register, form-encoded as the spec says. */
export const register = (input: Register) =>
  request<RegisterAnswer>('/register', { method: 'POST', form: { ...input }, auth: false });

export const useRegister = () => useMutation({ mutationFn: register });

/** GET /api/registration: whether visitors may sign up (an administrator can turn it off). */
export const getRegistration = () => http.get<RegistrationSetting>('/registration', { auth: false });

export const useRegistration = () => useQuery({ queryKey: ['registration'], queryFn: getRegistration });
