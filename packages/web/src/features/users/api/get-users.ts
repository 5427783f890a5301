import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { User } from '@console/shared/users';
import { http, type Query } from '@/lib/http.ts';

export const usersKey = ['users'] as const;

/** GET /api/users with _page, itemsPerPage and username. */
export const getUsers = (query: Query) => http.get<HydraCollection<User>>('/users', { query });

export const useUsers = (query: Query) =>
  useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });
