// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { RegistrationSetting } from '@console/shared/auth';
import type { User, UserCreateBody, UserUpdateBody } from '@console/shared/users';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const usersKey = ['users'] as const;

/** GET /api/users with _page, itemsPerPage and username. */
export const getUsers = (query: Query) => http.get<HydraCollection<User>>('/users', { query });

export const useUsers = (query: Query) =>
  useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export const getUser = (id: number) => http.get<User>(`/users/${id}`);

export const useUser = (id: number | undefined) =>
  useQuery({ queryKey: [...usersKey, 'detail', id], queryFn: () => getUser(id!), enabled: id !== undefined });

/** POST /api/users (201 with the user). 409/422 bodies reach the form's Validation Errors card. */
export const createUser = (input: UserCreateBody) => http.post<User>('/users', input);

export const useCreateUser = mutationHook(createUser, usersKey);

/** DELETE /api/users/{id} (204). */
export const deleteUser = (id: number) => http.delete(`/users/${id}`);

export const useDeleteUser = mutationHook(deleteUser, usersKey);

/** PUT /api/users/{id} with the whole user; an empty password keeps the current one. */
export const updateUser = ({ id, ...input }: UserUpdateBody & { id: number }) => http.put<User>(`/users/${id}`, input);

export const useUpdateUser = mutationHook(updateUser, usersKey);

/** GET /api/registration: whether visitors may sign up on the register page. */
export const getRegistration = () => http.get<RegistrationSetting>('/registration');

export const useRegistration = () => useQuery({ queryKey: [...usersKey, 'registration'], queryFn: getRegistration });

/** PUT /api/registration (administrators): turns self-registration on or off. */
export const setRegistration = (input: RegistrationSetting) => http.put<RegistrationSetting>('/registration', input);

export const useSetRegistration = mutationHook(setRegistration, usersKey);
