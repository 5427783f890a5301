import { useMutation } from '@tanstack/react-query';
import { http, logoutLocally } from '@/lib/http.ts';
import { getSession } from '@/lib/session.ts';
import { queryClient } from '@/lib/query-client.ts';

/** POST /api/logout revokes the refresh token; the local session ends whatever the answer. */
export const logout = async () => {
  const refreshToken = getSession()?.refreshToken;
  try {
    if (refreshToken) await http.post('/logout', { refresh_token: refreshToken }, { auth: false });
  } finally {
    logoutLocally();
    queryClient.clear();
  }
};

export const useLogout = () => useMutation({ mutationFn: logout });
