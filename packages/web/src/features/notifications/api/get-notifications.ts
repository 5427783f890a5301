import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@console/shared/notifications';
import { http } from '@/lib/http.ts';

export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications: the unread notifications of the signed-in user, newest first. */
export const getNotifications = () => http.get<Notification[]>('/notifications', { errorPage: false });

export const useNotifications = () => useQuery({ queryKey: notificationsKey, queryFn: getNotifications });
