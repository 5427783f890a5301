// @ts-nocheck
import type { BouncedLiftBody } from '@console/shared/bounced-emails';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';
import { bouncedEmailsKey } from './get-bounced-emails.ts';

// A lift changes the lists' valid counts too.
/** DELETE /api/bounced_emails/{id}: lifts one address. */
export const useLiftBouncedEmail = mutationHook(
  (id: number) => http.delete<void>(`/bounced_emails/${id}`),
  bouncedEmailsKey,
  ['email_lists'],
);
/** POST /api/bounced_emails/bulk_delete: lifts the selected addresses, all or none. */
export const useLiftBouncedEmails = mutationHook(
  (body: BouncedLiftBody) => http.post<{ lifted: number }>('/bounced_emails/bulk_delete', body),
  bouncedEmailsKey,
  ['email_lists'],
);
