import { useQueryClient } from '@tanstack/react-query';
import type { EmailList, EmailListPage } from '@console/shared/email-lists';
import type { EmailListUploadEvent } from '@console/shared/hub';
import { useLiveEvent } from '@/lib/live.ts';
import { emailListKey, emailListPagesKey, emailListsKey, isUploading } from '../api/email-lists.ts';

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
