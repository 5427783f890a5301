import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreate } from '@console/shared/users';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

/** POST /api/users (201 with the user). 409/422 bodies reach the form's Validation Errors card. */
export const createUser = (input: UserCreate) => http.post<User>('/users', input);

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => client.invalidateQueries({ queryKey: usersKey }) });
}
