import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdate } from '@console/shared/users';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

/** PUT /api/users/{id} with the whole user; an empty password keeps the current one. */
export const updateUser = ({ id, ...input }: UserUpdate & { id: number }) => http.put<User>(`/users/${id}`, input);

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => client.invalidateQueries({ queryKey: usersKey }) });
}
