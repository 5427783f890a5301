import { z } from 'zod';
import { refItem, userRefItem } from './hydra.ts';
import { idField } from './ids.ts';

/*
 * Complaints (issue 39 section 3, decision 1390): addresses that complained about an owner's mail (a PMTA
 * `f` record or an ARF report), suppressed for every list of that owner. Administrators see, search, export
 * and lift them, as they do the Bounced Emails (decision 1393).
 */

export const ComplaintEmailMessages = {
  empty: 'Complaints list is empty!',
  notFound: 'Complaint not found.',
  idsNotFound: (ids: number[]) => `Not found: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', ...' : ''}.`,
  idsRequired: 'Select at least one e-mail.',
  idsMax: (max: number) => `At most ${max} e-mails at once.`,
  liftConfirm: (n: number) =>
    n === 1
      ? "Lift the suppression of this e-mail? It counts valid again in its owner's lists unless another rule holds it."
      : `Lift the suppression of ${n} e-mails? They count valid again in their owners' lists unless another rule holds them.`,
  lifted: (n: number) => (n === 1 ? 'Lifted successfully!' : `${n} e-mails lifted successfully!`),
} as const;
const M = ComplaintEmailMessages;

export const COMPLAINT_EMAILS_PAGE_SIZE = 30;
export const COMPLAINT_LIFT_MAX = 1000;

/** Who reported the complaint: a PMTA accounting `f` record or an ARF report read from a mailbox. */
export const ComplaintSources = ['pmta', 'report'] as const;
export type ComplaintSourceName = (typeof ComplaintSources)[number];

/** POST /api/complaint_emails/bulk_delete: the rows to lift, all found or none lifted. */
export const complaintLiftSchema = z.object({
  ids: z
    .array(idField(M.notFound), { error: M.idsRequired })
    .min(1, M.idsRequired)
    .max(COMPLAINT_LIFT_MAX, M.idsMax(COMPLAINT_LIFT_MAX)),
});
export type ComplaintLiftBody = z.input<typeof complaintLiftSchema>;
export const complaintLiftAnswer = z.object({ lifted: z.number() });

export const complaintEmailItem = z.object({
  id: z.number(),
  email: z.string(),
  /** The owner whose lists the address is suppressed in. */
  user: userRefItem,
  /** The last complaint's source. */
  source: z.string(),
  firstComplaintAt: z.string(),
  lastComplaintAt: z.string(),
  count: z.number(),
  /** The campaign and relay of the last complaint, while they exist. */
  campaign: refItem.nullable(),
  relay: refItem.nullable(),
});
export type ComplaintEmail = z.infer<typeof complaintEmailItem>;
