// @ts-nocheck
import { and, eq, isNull, type AnyColumn } from 'drizzle-orm';
import {
  PmtaEmailTestMessages as M,
  PmtaEmailTestStatus as S,
  type PmtaEmailTest,
  type PmtaEmailTestInput,
} from '@console/shared/pmta-email-tests';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, found } from '../../core/access.ts';
import { messages, offers, pmtaRelays, pmtaServers } from '../../db/schema/index.ts';
import { sendEmailTest, type TestRelay } from './email-test-send.ts';
import { findPmtaEmailTest, insertPmtaEmailTest, setFailed } from './pmta-email-tests.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'env'>;

/** The caller's own rows; an administrator may use anyone's. */
const usable = (actor: AuthUser, column: AnyColumn) => (actor.isAdmin ? undefined : eq(column, actor.id));

async function relayOf(ctx: Ctx, actor: AuthUser, id: number): Promise<TestRelay | undefined> {
  const [row] = await ctx.db
    .select({
      id: pmtaRelays.id,
      smtpHost: pmtaRelays.smtpHost,
      senderEmail: pmtaRelays.senderEmail,
      withoutVmta: pmtaRelays.withoutVmta,
      server: { name: pmtaServers.name, serverIp: pmtaServers.serverIp, smtpPort: pmtaServers.smtpPort },
    })
    .from(pmtaRelays)
    .innerJoin(pmtaServers, eq(pmtaServers.id, pmtaRelays.pmtaServerId))
    .where(and(eq(pmtaRelays.id, id), usable(actor, pmtaRelays.userId)));
  return row;
}

/** Messages and offers in the archive are out of use, as for campaigns. */
async function messageOf(ctx: Ctx, actor: AuthUser, id: number) {
  const [row] = await ctx.db
    .select({ subject: messages.subject, content: messages.content, userId: messages.userId })
    .from(messages)
    .where(and(eq(messages.id, id), isNull(messages.archive), usable(actor, messages.userId)));
  return row;
}

async function offerOf(ctx: Ctx, actor: AuthUser, id: number) {
  const [row] = await ctx.db
    .select({ url: offers.url, plug: offers.plug })
    .from(offers)
    .where(and(eq(offers.id, id), isNull(offers.archive), usable(actor, offers.userId)));
  return row;
}

export async function getPmtaEmailTest(ctx: Ctx, actor: AuthUser, id: number): Promise<PmtaEmailTest> {
  return found(await findPmtaEmailTest(ctx.db, actor, id));
}

/**
 * POST /api/pmta-email-test: the test is saved (the caller owns it), then injected at once. A relay without
 * a VMTA, a server that refuses the message or cannot be reached: the test is kept as failed with the reason.
 */
export async function createPmtaEmailTest(
  ctx: Ctx,
  actor: AuthUser,
  input: PmtaEmailTestInput,
): Promise<PmtaEmailTest> {
  const [relay, message, offer] = await Promise.all([
    relayOf(ctx, actor, input.pmtaRelay),
    messageOf(ctx, actor, input.message),
    offerOf(ctx, actor, input.offer),
  ]);
  assertReferences({
    pmtaRelay: !relay && M.relayRequired,
    message: !message && M.messageRequired,
    offer: !offer && M.offerRequired,
  });
  const id = await insertPmtaEmailTest(ctx.db, {
    userId: actor.id,
    email: input.email,
    sender: input.sender,
    pmtaRelayId: input.pmtaRelay,
    messageId: input.message,
    offerId: input.offer,
    status: S.queued,
  });
  const reason = await sendEmailTest(ctx, id, relay!, {
    email: input.email,
    sender: input.sender,
    message: message!,
    offer: offer!,
  });
  if (reason) await setFailed(ctx.db, id, reason);
  return getPmtaEmailTest(ctx, actor, id);
}
