import crypto from 'node:crypto';
import type { AppContext } from '../../core/context.ts';
import { emailTestEnvId } from '../../pmta/accounting/record.ts';
import { vmtaName } from '../../core/pmta-names.ts';
import { tagValuesOf } from '../../sending/compose.ts';
import { compileMessage, renderDate, renderMessage } from '../../sending/render/message.ts';
import { randomRng } from '../../sending/render/random.ts';
import { relayConnectors } from '../../sending/relays.ts';
import { injected, pmtaTransport } from '../../sending/transports/pmta.ts';
import type { OutgoingMessage, SendResult } from '../../sending/transports/transport.ts';

/*
 * One e-mail test's message (decision 0912): the message rendered by the campaigns' renderer for the test's
 * address, with its owner's tags and the test's sender; injected through the relay's VMTA in job
 * `email-test-<id>` with the ENVID `test-<id>`, over one connection closed after the send.
 *
 * A test carries no tracking: `[offer]` is the offer's own link (its plug while one is set, where a click
 * would go), its placeholders filled as the tracker fills them with the ENVID as click id and `[trk]`;
 * `[uuid]` and `[click_id]` are that ENVID too; `[unsub]` and `[pixel]` are empty.
 */

export interface TestRelay {
  id: number;
  smtpHost: string;
  senderEmail: string;
  withoutVmta: boolean;
  server: { name: string; serverIp: string; smtpPort: number };
}

export interface TestContent {
  email: string;
  sender: string;
  message: { subject: string; content: string; userId: number };
  offer: { url: string; plug: string | null };
}

export const emailTestJobId = (id: number) => `email-test-${id}`;
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);
const REASON_MAX = 1000;

/** The test's message, ready for injection through `relay`. */
export async function composeEmailTest(
  ctx: Pick<AppContext, 'db'>,
  id: number,
  relay: TestRelay,
  c: TestContent,
): Promise<OutgoingMessage> {
  const envId = emailTestEnvId(id);
  const sources = {
    tags: await tagValuesOf(ctx.db.$client, c.message.userId),
    links: { offer: [c.offer.plug ?? c.offer.url], unsubscribe: [], pixel: [] },
    trk: envId,
  };
  const compiled = compileMessage({ sender: c.sender, subject: c.message.subject, html: c.message.content }, sources);
  const m = renderMessage(compiled, { email: c.email, uuid: envId }, { rng: randomRng(), date: renderDate() });
  const message: OutgoingMessage = {
    from: { name: m.sender, address: relay.senderEmail },
    to: c.email,
    subject: m.subject,
    html: m.html,
    messageId: `<${crypto.randomUUID()}@${domainOf(relay.senderEmail)}>`,
    headers: {},
  };
  return injected(message, { vmta: vmtaName(relay), jobId: emailTestJobId(id), envId });
}

/** Why a send handed nothing over (the row's reason), or null when the server took the message. */
export function failureOf(relay: TestRelay, result: SendResult): string | null {
  const { name, serverIp, smtpPort } = relay.server;
  const reply = result.reply.replace(/\s+/g, ' ').trim();
  let reason: string | null;
  if (result.kind === 'accepted') reason = null;
  else if (result.kind === 'deferred' && result.code === 0)
    reason = `Error: cannot connect to ${name} (${serverIp}:${smtpPort}): ${reply}`;
  else if (result.kind === 'unknown' || result.kind === 'dropped')
    reason = `Error: the connection to ${name} broke during the send: ${reply}`;
  else reason = `Error: ${name} refused the message: ${reply}`;
  return reason && reason.slice(0, REASON_MAX);
}

/**
 * A test is answered in the request: a server that takes no connection or sends no greeting within this is
 * down, and the test fails at once with that reason instead of after the engine's 20 s (issue 22 §5).
 */
export const EMAIL_TEST_CONNECT_MS = 5_000;

/** Injects the test's message; the reason it was not taken, or null. */
export async function sendEmailTest(
  ctx: Pick<AppContext, 'db' | 'env'>,
  id: number,
  relay: TestRelay,
  c: TestContent,
): Promise<string | null> {
  if (relay.withoutVmta)
    return `Error: ${vmtaName(relay)} is not in the configuration of ${relay.server.name}: upload the relay's VMTA config first.`;
  const message = await composeEmailTest(ctx, id, relay, c);
  // Through the outbound policy like every connection made for a user (decision 1010).
  const transport = pmtaTransport(relay.server, {
    maxConnections: 1,
    connectTimeoutMs: EMAIL_TEST_CONNECT_MS,
    connect: relayConnectors(ctx, 'Server IP'),
  });
  try {
    return failureOf(relay, await transport.send(message));
  } finally {
    transport.close();
  }
}
