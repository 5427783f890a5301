import type { User, UserUpdateBody } from '@console/shared/users';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

/** PUT /api/users/{id} with the whole user; an empty password keeps the current one. */
export const updateUser = ({ id, ...input }: UserUpdateBody & { id: number }) => http.put<User>(`/users/${id}`, input);

export const useUpdateUser = mutationHook(updateUser, usersKey);
