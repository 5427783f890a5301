/*
 * What the engine hands a message to (docs/decisions/0802). SMTP relays have one pooled SMTP transport each
 * (smtp.ts); a PMTA server has one injection transport (pmta.ts), the same SMTP client without a login.
 */

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
  /**
   * DSN ENVID of the envelope: the tracking id (PMTA injection: written into its accounting records; an SMTP
   * relay's DSN returns it as Original-Envelope-Id, decision 1440). Sent only to a server that offers DSN.
   */
  envId?: string;
  /** SMTP relays (decision 1440): the DSN's ORCPT (the recipient as addressed) and RET=HDRS. */
  orcpt?: string;
  /** The envelope sender (MAIL FROM) when it is not `from.address`: VERP (decision 1440). */
  returnPath?: string;
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
  /**
   * `ready`, when given, holds the message's body back until it resolves (decision 1513: the envelope goes
   * out while the recipient is being marked sending); false withdraws the message before its body (`dropped`).
   */
  send(message: OutgoingMessage, ready?: Promise<boolean>): Promise<SendResult>;
  close(): void;
}
