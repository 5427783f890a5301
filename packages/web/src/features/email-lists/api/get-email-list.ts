import { useQuery } from '@tanstack/react-query';
import type { EmailList } from '@console/shared/email-lists';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

export const emailListKey = (id: number | undefined) => [...emailListsKey, 'detail', id] as const;

export const getEmailList = (id: number) => http.get<EmailList>(`/email_lists/${id}`);

export const useEmailList = (id: number | undefined) =>
  useQuery({ queryKey: emailListKey(id), queryFn: () => getEmailList(id!), enabled: id !== undefined });
