// @ts-nocheck
import { z } from 'zod';
import { SENDER_MAX } from './campaigns.ts';
import { emailField, reference, requiredString, tooLong } from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';

/*
 * PMTA e-mail tests (spec 3, decision 0912): one rendered message sent to one address through one PMTA
 * relay's VMTA; its status follows the server's accounting records.
 */

/** The stored status is the index into PMTA_EMAIL_TEST_STATUSES (GET /api/pmta-email-test/statuses). */
export const PmtaEmailTestStatus = {
  /** Injected: the PMTA server took it and its accounting has not said more yet. */
  queued: 0,
  delivered: 1,
  bounced: 2,
  /** A transient failure (`t` record): PMTA retries; a later delivery or bounce replaces it. */
  deferred: 3,
  /** Never injected: the relay has no VMTA, the server refused it or could not be reached. */
  failed: 4,
} as const;
export type PmtaEmailTestStatusValue = (typeof PmtaEmailTestStatus)[keyof typeof PmtaEmailTestStatus];
export const PMTA_EMAIL_TEST_STATUSES = ['Queued', 'Delivered', 'Bounced', 'Deferred', 'Failed'] as const;

export const PMTA_EMAIL_TESTS_PAGE_SIZE = 30;

export const PmtaEmailTestMessages = {
  emailRequired: 'Email is required.',
  senderRequired: 'Sender is required.',
  messageRequired: 'Message is required.',
  offerRequired: 'Offer is required.',
  /** Ours, in the spec's style: the spec lists the relay as required without its message. */
  relayRequired: 'Relay is required.',
  emailInvalid: 'Invalid email.',
  senderTooLong: tooLong('Sender', SENDER_MAX),
  invalidStatus: 'Invalid status.',
  empty: 'No e-mail tests found.',
} as const;
const M = PmtaEmailTestMessages;

/** POST /api/pmta-email-test (JSON). References are ids, IRIs or {id}; the caller owns the test. */
export const pmtaEmailTestSchema = z.object({
  email: emailField(M.emailRequired, M.emailInvalid),
  sender: requiredString(M.senderRequired).max(SENDER_MAX, M.senderTooLong),
  message: reference(M.messageRequired),
  pmtaRelay: reference(M.relayRequired),
  offer: reference(M.offerRequired),
});
export type PmtaEmailTestInput = z.infer<typeof pmtaEmailTestSchema>;
export type PmtaEmailTestBody = z.input<typeof pmtaEmailTestSchema>;

/** One row: spec 3's fields, plus why it failed, bounced or is deferred (`reason`). */
export const pmtaEmailTestItem = z.object({
  id: z.number(),
  date: z.string(),
  email: z.string(),
  sender: z.string(),
  pmtaRelay: z.object({ id: z.number(), smtpHost: z.string() }),
  message: refItem,
  offer: refItem,
  user: userRefItem,
  status: z.number(),
  reason: z.string().nullable(),
});
export type PmtaEmailTest = z.infer<typeof pmtaEmailTestItem>;

/** GET /api/pmta-email-test/statuses: the labels; a status is its index. */
export const pmtaEmailTestStatusesAnswer = z.object({ statuses: z.array(z.string()) });
