// @ts-nocheck
import { saveBlob } from '@/lib/download.ts';
import { http } from '@/lib/http.ts';
import type { Filters } from '@/hooks/use-collection-params.ts';

export const BOUNCED_EMAILS_FILE = 'bounced-emails.csv';

/** GET /api/bounced_emails/export with the screen's filters: every matching row as bounced-emails.csv. */
export async function exportBouncedEmails(filters: Filters): Promise<void> {
  const blob = await http.get<Blob>('/bounced_emails/export', {
    query: filters,
    responseType: 'blob',
    errorPage: false,
  });
  saveBlob(blob, BOUNCED_EMAILS_FILE);
}
