import { useMutation } from '@tanstack/react-query';
import type { Register } from '@console/shared/auth';
import { request } from '@/lib/http.ts';

export interface RegisterAnswer {
  id: number;
  isActive: boolean;
  message: string;
}

/** POST /api/register, form-encoded as the spec says. */
export const register = (input: Register) =>
  request<RegisterAnswer>('/register', { method: 'POST', form: { ...input }, auth: false });

export const useRegister = () => useMutation({ mutationFn: register });
