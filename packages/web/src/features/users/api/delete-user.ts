import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

/** DELETE /api/users/{id} (204). */
export const deleteUser = (id: number) => http.delete(`/users/${id}`);

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => client.invalidateQueries({ queryKey: usersKey }) });
}
