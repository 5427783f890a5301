export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export type Role = typeof ROLE_ADMIN | typeof ROLE_USER;

export const CampaignStatus = { Active: 1, Inactive: 2, Preparing: 3, Paused: 4, Finished: 5 } as const;
export const ServerType = { PMTA: 1, SMTP: 2 } as const;
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
