// @ts-nocheck
import { useQueryClient } from '@tanstack/react-query';
import type { EmailList, EmailListPage } from '@console/shared/email-lists';
import type { EmailListUploadEvent } from '@console/shared/hub';
import { useLiveEvent } from '@/lib/live.ts';
import { emailListKey, emailListPagesKey, emailListsKey } from '../api/email-lists.ts';

/** A job that is not a number means the list is idle again (spec §4, email list upload). */
export const isUploading = (job: unknown): job is number => typeof job === 'number';

const applyTo = (e: EmailListUploadEvent) => (l: EmailList) =>
  l.id === e.emailListId ? { ...l, job: e.jobId, completion: e.completion } : l;

/**
 * Keeps every cached email list (table rows, the manage page) in step with the 'email-list-upload' topic:
 * percent and job live; at the end everything about the lists is fetched again (counters, failures file,
 * e-mails), since only the server knows what the import did.
 */
export function useUploadLive() {
  const client = useQueryClient();
  useLiveEvent('email-list-upload', (e) => {
    const apply = applyTo(e);
    client.setQueriesData<EmailListPage>({ queryKey: emailListPagesKey }, (page) =>
      page ? { ...page, items: page.items.map(apply) } : page,
    );
    client.setQueryData<EmailList>(emailListKey(e.emailListId), (l) => (l ? apply(l) : l));
    if (!isUploading(e.jobId)) void client.invalidateQueries({ queryKey: emailListsKey });
  });
}
