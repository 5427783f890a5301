import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

/** DELETE /api/users/{id} (204). */
export const deleteUser = (id: number) => http.delete(`/users/${id}`);

export const useDeleteUser = mutationHook(deleteUser, usersKey);
