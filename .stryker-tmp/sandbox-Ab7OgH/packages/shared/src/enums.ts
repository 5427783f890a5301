// @ts-nocheck
import { z } from 'zod';

export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export type Role = typeof ROLE_ADMIN | typeof ROLE_USER;

export const CampaignStatus = { Active: 1, Inactive: 2, Preparing: 3, Paused: 4, Finished: 5 } as const;
/**
 * Spec 1's server type enumeration, 1 PMTA and 2 SMTP: the one number for a campaign's (and a relay's) kind
 * wherever a number stands for it: tracking ids, campaigns.type, events, counters and rollups, relay pacing,
 * live messages, report filters and rows, the UUID decoder (decision 1130). SQL takes it as a parameter or
 * `${CampaignType.PMTA}`, never a bare 1 or 2.
 */
export const CampaignType = { PMTA: 1, SMTP: 2 } as const;
export type CampaignTypeValue = (typeof CampaignType)[keyof typeof CampaignType];
export const ServerType = CampaignType;
/** How screens name each number (the decoder's 'Campaign Type 1 (PMTA)', the report filters). */
export const CampaignTypeLabels: Record<CampaignTypeValue, string> = {
  [CampaignType.PMTA]: 'PMTA',
  [CampaignType.SMTP]: 'SMTP',
};
/** A campaign type in a response (live messages, report rows, the decoder). */
export const campaignTypeSchema = z.union([z.literal(CampaignType.PMTA), z.literal(CampaignType.SMTP)]);
/** The kind's number from its name in calls ('smtp' | 'pmta': campaign_start's type, events' campaignType). */
export const CampaignTypeOf = { pmta: CampaignType.PMTA, smtp: CampaignType.SMTP } as const;
export type CampaignKindName = keyof typeof CampaignTypeOf;
/** The kind's name from its number; undefined for any other number. */
export const campaignKindName = (n: number): CampaignKindName | undefined =>
  n === CampaignType.PMTA ? 'pmta' : n === CampaignType.SMTP ? 'smtp' : undefined;
export const isCampaignType = (n: unknown): n is CampaignTypeValue =>
  n === CampaignType.PMTA || n === CampaignType.SMTP;
export const Rating = { Neutral: 1, Good: 2, Poor: 3 } as const;
export const LinkType = { Offer: 0, Unsubscribe: 1, Pixel: 2 } as const;
export const UploadStatus = { Uploaded: 1, UploadFailed: 2, Removed: 3 } as const;
export const UploadContext = {
  socks: 1,
  smtpRelays: 2,
  pmtaRelays: 3,
  unsubscribers: 4,
  emails: 5,
  pmtaRelaysAllIn: 7,
  pmtaServersSimple: 8,
  pmtaServersWithRelays: 9,
  /** Ours (spec 2 gives spam lists uploads and topics but no kind numbers). */
  spamDomains: 10,
  spamEmails: 11,
  spamMxs: 12,
} as const;

/** What happened to a message (the event record, docs/decisions/0801). */
export const EventKind = {
  sent: 1,
  delivered: 2,
  bounced: 3,
  deferred: 4,
  open: 5,
  click: 6,
  unsubscribe: 7,
  complaint: 8,
  conversion: 9,
  /** The session broke after the final dot: maybe accepted, outcome unknown, never resent (decision 1100). */
  interrupted: 10,
} as const;
export type EventKindName = keyof typeof EventKind;
