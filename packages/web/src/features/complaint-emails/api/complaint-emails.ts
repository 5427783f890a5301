import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { ComplaintEmail, ComplaintLiftBody } from '@console/shared/complaint-emails';
import { saveBlob } from '@/lib/download.ts';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';
import type { Filters } from '@/hooks/use-collection-params.ts';

export const complaintEmailsKey = ['complaint_emails'] as const;
export const COMPLAINTS_FILE = 'complaints.csv';

/** GET /api/complaint_emails: `email.email` (contains), `source`, `user.id`, paging and `order[...]`. */
export const getComplaintEmails = (query: Query) =>
  http.get<HydraCollection<ComplaintEmail>>('/complaint_emails', { query });

export const useComplaintEmails = (query: Query) =>
  useQuery({
    queryKey: [...complaintEmailsKey, 'list', query],
    queryFn: () => getComplaintEmails(query),
    placeholderData: keepPreviousData,
  });

/** GET /api/complaint_emails/export with the screen's filters: every matching row as complaints.csv. */
export async function exportComplaintEmails(filters: Filters): Promise<void> {
  const blob = await http.get<Blob>('/complaint_emails/export', {
    query: filters,
    responseType: 'blob',
    errorPage: false,
  });
  saveBlob(blob, COMPLAINTS_FILE);
}

// A lift changes the lists' valid counts too.
/** DELETE /api/complaint_emails/{id}: lifts one address for its owner. */
export const useLiftComplaintEmail = mutationHook(
  (id: number) => http.delete<void>(`/complaint_emails/${id}`),
  complaintEmailsKey,
  ['email_lists'],
);
/** POST /api/complaint_emails/bulk_delete: lifts the selected addresses, all or none. */
export const useLiftComplaintEmails = mutationHook(
  (body: ComplaintLiftBody) => http.post<{ lifted: number }>('/complaint_emails/bulk_delete', body),
  complaintEmailsKey,
  ['email_lists'],
);
