import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/** POST /api/forgot-password: the administrators are asked to reset the password. */
export const forgotPassword = (email: string) =>
  http.post<{ message: string }>('/forgot-password', { email }, { auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
