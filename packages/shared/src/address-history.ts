import { z } from 'zod';

/*
 * An address's history (decisions 1441, 1480): what happened to one address, as the Email ID Decoder shows it
 * to administrators and an e-mail list's e-mail row shows it to the list's users, each seeing their own.
 */

/** A suppression or event entry: when, its category, the receiving side's reply (null: not shown or none). */
export const historyEntry = z.object({ at: z.string(), reason: z.string(), diagnostic: z.string().nullable() });

/**
 * Soft bounces within the window now (`count` of `limit` within `days`, the last one), the Bounced Emails
 * entry, complaints (administrators: how many owners; an owner: theirs, 0 or 1) and the last one, and the
 * last delivery of a campaign the viewer may see.
 */
export const addressHistory = z.object({
  softBounces: z.object({
    count: z.number(),
    limit: z.number(),
    days: z.number(),
    last: historyEntry.nullable(),
  }),
  bounced: historyEntry.nullable(),
  complaints: z.number(),
  lastComplaint: z.object({ at: z.string(), source: z.string() }).nullable(),
  lastDelivery: z.object({ at: z.string(), campaign: z.object({ id: z.number(), name: z.string() }) }).nullable(),
});
export type AddressHistory = z.infer<typeof addressHistory>;

/** GET /email_lists/{id}/emails/{emailId}/history: the address of that row and its history. */
export const emailHistoryResponse = z.object({ email: z.string(), history: addressHistory });
export type EmailHistory = z.infer<typeof emailHistoryResponse>;
