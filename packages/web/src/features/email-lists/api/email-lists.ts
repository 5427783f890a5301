import { keepPreviousData, replaceEqualDeep, useQuery, useMutation } from '@tanstack/react-query';
import type {
  EmailListPage,
  EmailList,
  EmailsPage,
  EmailsDeleted,
  CloneEmailList,
  EmailListBody,
} from '@console/shared/email-lists';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import type { EmailHistory } from '@console/shared/address-history';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

/** Every email-list query (lists, one list, its e-mails) lives under this key. */
export const emailListsKey = ['email-lists'] as const;
export const emailListPagesKey = [...emailListsKey, 'list'] as const;

/** GET /api/email_lists with _page, itemsPerPage, name and category: {items, totalItems}. */
export const getEmailLists = (query: Query) => http.get<EmailListPage>('/email_lists', { query });

/** A job that is not a number means the list is idle again (spec §4, email list upload). */
export const isUploading = (job: unknown): job is number => typeof job === 'number';

/**
 * A list as fetched, keeping the percent a live event of the same running upload already showed: a fetch that
 * read the row before that progress was written must not take the bar back (a journey saw 5, 0, 11 %).
 */
export function keepLiveCompletion(old: EmailList | undefined, fresh: EmailList): EmailList {
  const sameUpload = old?.id === fresh.id && isUploading(fresh.job) && old.job === fresh.job;
  return sameUpload && old.completion > fresh.completion ? { ...fresh, completion: old.completion } : fresh;
}

const keepPageCompletions = (old: unknown, fresh: unknown) => {
  const before = new Map((old as EmailListPage | undefined)?.items.map((l) => [l.id, l]));
  const page = fresh as EmailListPage;
  return replaceEqualDeep(old, { ...page, items: page.items.map((l) => keepLiveCompletion(before.get(l.id), l)) });
};

export const useEmailLists = (query: Query) =>
  useQuery({
    queryKey: [...emailListPagesKey, query],
    queryFn: () => getEmailLists(query),
    placeholderData: keepPreviousData,
    structuralSharing: keepPageCompletions,
  });

export const emailListKey = (id: number | undefined) => [...emailListsKey, 'detail', id] as const;

export const getEmailList = (id: number) => http.get<EmailList>(`/email_lists/${id}`);

export const useEmailList = (id: number | undefined) =>
  useQuery({
    queryKey: emailListKey(id),
    queryFn: () => getEmailList(id!),
    enabled: id !== undefined,
    structuralSharing: (old, fresh) =>
      replaceEqualDeep(old, keepLiveCompletion(old as EmailList | undefined, fresh as EmailList)),
  });

export const emailsKey = (emailListId: number) => [...emailListsKey, 'emails', emailListId] as const;

/** GET /api/get-emails-list/{id} with _page, itemsPerPage and email: {items, totalItems, emailListUsername}. */
export const getEmails = (emailListId: number, query: Query) =>
  http.get<EmailsPage>(`/get-emails-list/${emailListId}`, { query });

export const useEmails = (emailListId: number, query: Query) =>
  useQuery({
    queryKey: [...emailsKey(emailListId), query],
    queryFn: () => getEmails(emailListId, query),
    placeholderData: keepPreviousData,
    enabled: emailListId > 0,
  });

/** GET /api/email_lists/{id}/emails/{emailId}/history: the address's history as the caller may see it (decision 1480). */
export const getEmailHistory = (emailListId: number, emailId: number) =>
  http.get<EmailHistory>(`/email_lists/${emailListId}/emails/${emailId}/history`);

export const useEmailHistory = (emailListId: number, emailId: number | undefined) =>
  useQuery({
    queryKey: [...emailsKey(emailListId), 'history', emailId],
    queryFn: () => getEmailHistory(emailListId, emailId!),
    enabled: emailId !== undefined,
  });

/** GET /api/mail_providers?groups[]=select&pagination=false&order[name]=asc: one table column each. */
export const getMailProviders = () =>
  http.get<HydraCollection<SelectItem>>('/mail_providers', {
    query: { 'groups[]': 'select', pagination: 'false', 'order[name]': 'asc' },
  });

export const useMailProviders = () =>
  useQuery({
    queryKey: ['mail-providers', 'select'],
    queryFn: getMailProviders,
    select: (c) => c['hydra:member'],
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/email_lists/failed/{id}: the failures of the list's latest upload (CSV `row,email,reason`).
 * A plain link would carry no bearer token, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadUploadFailures(emailListId: number): Promise<void> {
  const blob = await http.get<Blob>(`/email_lists/failed/${emailListId}`, { responseType: 'blob', errorPage: false });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `email-list-${emailListId}-failures.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; free it once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useUploadFailures = () => useMutation({ mutationFn: downloadUploadFailures });

/** POST /api/batch-delete-emails, form idsToDelete ("1,2,3") and emailListId. */
export const batchDeleteEmails = ({ ids, emailListId }: { ids: number[]; emailListId: number }) =>
  http.post<EmailsDeleted>('/batch-delete-emails', undefined, {
    form: { idsToDelete: ids.join(','), emailListId: String(emailListId) },
  });

export const useBatchDeleteEmails = mutationHook(batchDeleteEmails, emailListsKey);

/** POST /api/clone-email-list {emailListId} (201 with the copy, named '<name> (copy)'). */
export const cloneEmailList = (emailListId: number) =>
  http.post<EmailList>('/clone-email-list', { emailListId } satisfies CloneEmailList);

export const useCloneEmailList = mutationHook(cloneEmailList, emailListsKey);

/** The body of POST /api/email_lists and PUT /api/email_lists/{id}: the shared schema's input. */
export type { EmailListBody };

/** POST /api/email_lists (administrators; 201 with the list). */
export const createEmailList = (body: EmailListBody) => http.post<EmailList>('/email_lists', body);

export const useCreateEmailList = mutationHook(createEmailList, emailListsKey);

/** POST /api/delete-emails-list/{emailId}, form emailListId. */
export const deleteEmail = ({ emailId, emailListId }: { emailId: number; emailListId: number }) =>
  http.post<EmailsDeleted>(`/delete-emails-list/${emailId}`, undefined, { form: { emailListId: String(emailListId) } });

/** Refreshes the e-mails and the lists (their counters change too). */
export const useDeleteEmail = mutationHook(deleteEmail, emailListsKey);

/** DELETE /api/email_lists/{id} (204): the list and its e-mails. */
export const deleteEmailList = (id: number) => http.delete(`/email_lists/${id}`);

export const useDeleteEmailList = mutationHook(deleteEmailList, emailListsKey);

/** PUT /api/email_lists/{id}: name, category and the assigned users (administrators). */
export const updateEmailList = ({ id, ...body }: EmailListBody & { id: number }) =>
  http.put<EmailList>(`/email_lists/${id}`, body);

export const useUpdateEmailList = mutationHook(updateEmailList, emailListsKey);
