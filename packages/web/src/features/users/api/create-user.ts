import type { User, UserCreateBody } from '@console/shared/users';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

/** POST /api/users (201 with the user). 409/422 bodies reach the form's Validation Errors card. */
export const createUser = (input: UserCreateBody) => http.post<User>('/users', input);

export const useCreateUser = mutationHook(createUser, usersKey);
