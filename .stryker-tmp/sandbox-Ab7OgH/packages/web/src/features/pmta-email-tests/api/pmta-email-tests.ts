// @ts-nocheck
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { PmtaEmailTestEvent } from '@console/shared/hub';
import type { PmtaEmailTest, PmtaEmailTestBody } from '@console/shared/pmta-email-tests';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const emailTestsKey = ['pmta_email_tests'] as const;

/** GET /api/pmta_email_tests: _page, itemsPerPage, pmtaRelay.smtpHost, status, user.id, order[field]. */
export const usePmtaEmailTests = (query: Query) =>
  useQuery({
    queryKey: [...emailTestsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<PmtaEmailTest>>('/pmta_email_tests', { query }),
    placeholderData: keepPreviousData,
  });

/** GET /api/pmta_email_tests/{id}: the test a clone starts from. */
export const usePmtaEmailTest = (id: number | undefined) =>
  useQuery({
    queryKey: [...emailTestsKey, 'detail', id],
    queryFn: () => http.get<PmtaEmailTest>(`/pmta_email_tests/${id}`),
    enabled: id !== undefined,
  });

/** GET /api/pmta-email-test/statuses: the labels, a status being its index. */
export const useEmailTestStatuses = () =>
  useQuery({
    queryKey: [...emailTestsKey, 'statuses'],
    queryFn: () => http.get<{ statuses: string[] }>('/pmta-email-test/statuses'),
    select: (a) => a.statuses,
    staleTime: Infinity,
  });

/** POST /api/pmta-email-test (JSON): saved and sent at once; the answer says queued or failed. */
const createEmailTest = (body: PmtaEmailTestBody) => http.post<PmtaEmailTest>('/pmta-email-test', body);
export const useCreateEmailTest = mutationHook(createEmailTest, emailTestsKey);

/** Applies a live `pmta-email-test` message to the cached rows: the status and its reason change in place. */
export function useApplyEmailTestEvent() {
  const client = useQueryClient();
  return (e: PmtaEmailTestEvent) => {
    const patch = (row: PmtaEmailTest) => (row.id === e.id ? { ...row, status: e.status, reason: e.reason } : row);
    client.setQueriesData<HydraCollection<PmtaEmailTest>>({ queryKey: [...emailTestsKey, 'list'] }, (page) =>
      page ? { ...page, 'hydra:member': page['hydra:member'].map(patch) } : page,
    );
    client.setQueryData<PmtaEmailTest>([...emailTestsKey, 'detail', e.id], (row) => row && patch(row));
  };
}
