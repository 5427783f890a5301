// @ts-nocheck
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@console/shared/notifications';
import { http, request } from '@/lib/http.ts';

export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications: the unread notifications of the signed-in user, newest first. */
export const getNotifications = () => http.get<Notification[]>('/notifications', { errorPage: false });

export const useNotifications = () => useQuery({ queryKey: notificationsKey, queryFn: getNotifications });

/** PUT /api/notifications/{id}; a 204 means it is read and leaves the dropdown. */
export const markNotificationRead = (id: number) => request<void>(`/notifications/${id}`, { method: 'PUT' });

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_, id) =>
      client.setQueryData<Notification[]>(notificationsKey, (list) => list?.filter((n) => n.id !== id)),
  });
}
