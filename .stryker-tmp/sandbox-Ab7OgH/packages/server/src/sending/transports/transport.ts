/*
 * What the engine hands a message to (docs/decisions/0802). SMTP relays have one pooled SMTP transport each
 * (smtp.ts); a PMTA server has one injection transport (pmta.ts), the same SMTP client without a login.
 */
// @ts-nocheck


export interface OutgoingMessage {
  /** Display name (the rendered sender) and address (the relay's senderEmail). */
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  /** The text/plain alternative when the message gives its own; else one is made from the HTML (mime.ts). */
  text?: string;
  messageId: string;
  headers: Record<string, string>;
  /** DSN ENVID of the envelope (PMTA injection: the tracking id, written into its accounting records). */
  envId?: string;
}

/**
 * What became of one message:
 * - accepted: the relay took it (250);
 * - rejected: a permanent reply (5xx);
 * - deferred: a temporary reply (4xx), or a failure to connect: nothing was handed over, it can be retried;
 * - authFailed: the relay refused its account; nothing was handed over;
 * - dropped: the connection broke before the message's final dot was written: not accepted, sent again;
 * - unknown: the connection broke after the final dot, the relay may or may not have taken it (never resent).
 */
export type SendResult =
  | { kind: 'accepted'; reply: string }
  | { kind: 'rejected' | 'deferred'; code: number; reply: string }
  | { kind: 'authFailed'; reply: string }
  | { kind: 'dropped'; reply: string }
  | { kind: 'unknown'; reply: string };

export interface Transport {
  send(message: OutgoingMessage): Promise<SendResult>;
  close(): void;
}
