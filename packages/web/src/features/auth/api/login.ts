import { useMutation } from '@tanstack/react-query';
import type { Login, TokenPair } from '@console/shared/auth';
import { http } from '@/lib/http.ts';
import { startSession } from '@/lib/session.ts';

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
