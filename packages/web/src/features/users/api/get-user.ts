import { useQuery } from '@tanstack/react-query';
import type { User } from '@console/shared/users';
import { http } from '@/lib/http.ts';
import { usersKey } from './get-users.ts';

export const getUser = (id: number) => http.get<User>(`/users/${id}`);

export const useUser = (id: number | undefined) =>
  useQuery({ queryKey: [...usersKey, 'detail', id], queryFn: () => getUser(id!), enabled: id !== undefined });
