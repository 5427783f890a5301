import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@console/shared/notifications';
import { request } from '@/lib/http.ts';
import { notificationsKey } from './get-notifications.ts';

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
