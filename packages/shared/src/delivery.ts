import { z } from 'zod';
import { reference } from './fields.ts';

/*
 * The Delivery screen (issue 40 §1, decision 1400): every PMTA server's queues and every SMTP relay's state,
 * grouped by mail service, live.
 */

export const DeliveryMessages = {
  queueRequired: 'Queue is required.',
  queueInvalid: 'Queue must be a queue name such as gmail.com/vmta-1.',
  actionInvalid: "Action must be 'normal', 'pause', 'resume' or 'delete'.",
  mailServiceInvalid: 'Mail service not found.',
  notPaused: 'The relay is not paused for this mail service.',
  resumeConfirm: 'Resume the relay for this mail service? It is not paused again by the same figures for 24 hours.',
} as const;

/** Back to normal mode, pause, resume, delete the queue's messages (`pmta set queue --mode=normal`, ...). */
export const PMTA_QUEUE_ACTIONS = ['normal', 'pause', 'resume', 'delete'] as const;
export type PmtaQueueAction = (typeof PMTA_QUEUE_ACTIONS)[number];

/**
 * `domain/vmta` as PMTA names a queue (`{default}` for mail that named no VMTA). Strict: the name goes into a
 * command line on the server, so nothing but a domain's and a VMTA's characters may pass.
 */
export const QUEUE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}\.?){1,8}[a-z0-9]?\/(?:[a-z0-9][a-z0-9._-]{0,99}|\{default\})$/i;

export const pmtaQueueActionSchema = z.object({
  queue: z
    .string({ error: DeliveryMessages.queueRequired })
    .min(1, DeliveryMessages.queueRequired)
    .max(300, DeliveryMessages.queueInvalid)
    .regex(QUEUE_NAME, DeliveryMessages.queueInvalid),
  action: z.enum(PMTA_QUEUE_ACTIONS, { error: DeliveryMessages.actionInvalid }),
});
export type PmtaQueueActionBody = z.input<typeof pmtaQueueActionSchema>;

export const pmtaQueueActionResult = z.object({
  queue: z.string(),
  action: z.enum(PMTA_QUEUE_ACTIONS),
  /** `delete`: the recipients the server deleted (null when it did not say). */
  deleted: z.number().int().nullable(),
});

const iso = z.string().nullable();

/** One queue `domain/vmta` as the server last told it; null: the server does not give that field. */
export const pmtaQueueItem = z.object({
  queue: z.string(),
  domain: z.string(),
  vmta: z.string(),
  recipients: z.number().int(),
  kb: z.number().int(),
  connections: z.number().int(),
  paused: z.boolean(),
  mode: z.enum(['normal', 'backoff']),
  modeSince: iso,
  backoffReason: z.string().nullable(),
  lastError: z.string().nullable(),
  nextRetry: iso,
  delivered1h: z.number().int().nullable(),
  deferred1h: z.number().int().nullable(),
});
export type PmtaQueue = z.infer<typeof pmtaQueueItem>;

const mailService = { mailServiceId: z.number().int(), mailService: z.string() };

/** A queue row of the view: the queue and its mail service. */
export const deliveryQueueItem = pmtaQueueItem.extend(mailService);
export type DeliveryQueue = z.infer<typeof deliveryQueueItem>;

/** A server's queues at one mail service, summed, with its top domains by recipients queued. */
export const deliveryServiceItem = z.object({
  ...mailService,
  recipients: z.number().int(),
  kb: z.number().int(),
  queues: z.number().int(),
  inBackoff: z.number().int(),
  paused: z.number().int(),
  delivered1h: z.number().int().nullable(),
  deferred1h: z.number().int().nullable(),
  /** The earliest backoff among its queues, and that queue's reply. */
  backoffSince: iso,
  backoffReply: z.string().nullable(),
  topDomains: z.array(z.object({ domain: z.string(), recipients: z.number().int() })),
});
export type DeliveryService = z.infer<typeof deliveryServiceItem>;

/** One PMTA server on the view: when it was last read, how, and what failed. */
export const deliveryServerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  serverIp: z.string(),
  readAt: iso,
  source: z.enum(['http', 'ssh']).nullable(),
  error: z.string().nullable(),
  recipients: z.number().int(),
  inBackoff: z.number().int(),
  services: z.array(deliveryServiceItem),
});
export type DeliveryServer = z.infer<typeof deliveryServerItem>;

export const deliveryServersResponse = z.object({ items: z.array(deliveryServerItem) });
export const deliveryQueuesResponse = z.object({ server: deliveryServerItem, items: z.array(deliveryQueueItem) });

/**
 * POST /api/delivery/smtp_relays/{id}/resume (decision 1442): the relay sends to the mail service again; not
 * paused by the same figures for 24 hours.
 */
export const smtpResumeSchema = z.object({ mailServiceId: reference(DeliveryMessages.mailServiceInvalid) });
export type SmtpResumeBody = z.input<typeof smtpResumeSchema>;

/** One SMTP relay at one mail service (the engine's view): paced or in backoff, its last reply, the last hour. */
export const smtpDeliveryItem = z.object({
  relayId: z.number().int(),
  relay: z.string(),
  host: z.string(),
  ...mailService,
  /** Seconds between two messages now (backoff speed while in backoff); 0 unpaced. */
  speed: z.number(),
  backoff: z.boolean(),
  backoffSince: iso,
  lastReply: z.string().nullable(),
  lastReplyAt: iso,
  delivered1h: z.number().int(),
  deferred1h: z.number().int(),
  bounced1h: z.number().int(),
  /** Paused for this mail service by its infrastructure bounces or complaints (decision 1442); null when not. */
  paused: z.object({ reason: z.string(), since: z.string() }).nullable(),
});
export type SmtpDelivery = z.infer<typeof smtpDeliveryItem>;
export const smtpDeliveryResponse = z.object({ items: z.array(smtpDeliveryItem) });
