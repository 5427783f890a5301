import { Topics } from '@console/shared/hub';
import type { PmtaQueueActionBody } from '@console/shared/delivery';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { AppError, loggable, notFound } from '../../core/errors.ts';
import { logOf } from '../../core/log.ts';
import { notifyUser } from '../../core/notify.ts';
import { serverRow, sshFailure } from '../../pmta/operations.ts';
import { queueAction, readQueues } from '../../pmta/queues.ts';
import {
  claimNotice,
  forgetOldBackoffs,
  longPmtaBackoffs,
  longSmtpBackoffs,
  serversToRead,
  smtpFingerprints,
  storeReading,
  visibleServer,
} from './delivery.repo.ts';

/*
 * The Delivery screen's work (issue 40, decisions 1400-1403): reading the PMTA servers' queues into their
 * snapshots and pushing a change to the screens, the queue actions, and the backoff notices.
 */

/** Servers read at once by one pass: SSH sessions and sockets stay few. */
const READ_CONCURRENCY = 8;

/** Reads one server's queues into its snapshot; a change is pushed to its owner's (and the administrators') screens. */
export async function readServer(ctx: AppContext, id: number): Promise<void> {
  const server = await serverRow(ctx, id).catch(() => undefined);
  if (!server) return;
  const reading = await readQueues(ctx, server).catch((e: unknown) => ({
    error: `Error: ${(e as Error).message || String(e)}`,
  }));
  if (await storeReading(ctx.db, id, reading)) {
    await ctx.hub.publish(Topics.delivery, server.userId, { kind: 'pmta', id });
  }
}

const reading = new WeakMap<AppContext, Set<number>>();

/**
 * The view found servers never read or not read for a while (no worker yet, the job between two minutes):
 * they are read now in the background, once at a time per server in this process; the screen hears the result.
 */
export function readStale(ctx: AppContext, servers: { id: number; readAt: string | null }[]) {
  const staleBefore = Date.now() - 3 * ctx.env.DELIVERY_WATCHED_POLL_SECONDS * 1000;
  let busy = reading.get(ctx);
  if (!busy) reading.set(ctx, (busy = new Set()));
  for (const s of servers) {
    if ((s.readAt && Date.parse(s.readAt) > staleBefore) || busy.has(s.id)) continue;
    busy.add(s.id);
    void readServer(ctx, s.id)
      .catch((e) => logOf(ctx).error({ component: 'delivery', serverId: s.id, err: loggable(e) }, 'reading failed'))
      .finally(() => busy.delete(s.id));
  }
}

/** One pass: the servers someone watches, or every server (the background pass). */
export async function readServers(ctx: AppContext, all: boolean): Promise<void> {
  const ids = await serversToRead(ctx.db, all);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      await readServer(ctx, id).catch((e) =>
        logOf(ctx).error({ component: 'delivery', serverId: id, err: loggable(e) }, 'reading the queues failed'),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, ids.length) }, worker));
}

const smtpPrints = new WeakMap<AppContext, Map<number, string>>();

/** Pushes the `smtp` event to every owner whose relays' state moved since the last look (in this process). */
export async function pushSmtpChanges(ctx: AppContext): Promise<void> {
  const now = await smtpFingerprints(ctx.db);
  const before = smtpPrints.get(ctx);
  smtpPrints.set(ctx, now);
  if (!before) return;
  for (const [userId, fp] of now) {
    if (before.get(userId) !== fp) await ctx.hub.publish(Topics.delivery, userId, { kind: 'smtp', id: 0 });
  }
}

const when = (since: string | Date) => new Date(since).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** A queue or relay in backoff longer than the setting tells its owner, once per backoff, with the reply. */
export async function notifyLongBackoffs(ctx: AppContext): Promise<void> {
  const minutes = ctx.env.DELIVERY_BACKOFF_ALERT_MINUTES;
  for (const q of await longPmtaBackoffs(ctx.db, minutes)) {
    if (!(await claimNotice(ctx.db, 1, q.serverId, q.queue, q.since))) continue;
    await notifyUser(ctx, q.userId, {
      status: 'error',
      subject: `${q.queue} in backoff on ${q.server}`,
      message: `Queue ${q.queue} on PMTA server ${q.server} is in backoff since ${when(q.since)}: ${q.reply ?? 'no reply given'}`,
    });
  }
  for (const r of await longSmtpBackoffs(ctx.db, minutes)) {
    if (!(await claimNotice(ctx.db, 2, 0, String(r.relayId), r.since))) continue;
    await notifyUser(ctx, r.userId, {
      status: 'error',
      subject: `SMTP relay ${r.relay} in backoff`,
      message: `SMTP relay ${r.relay} is in backoff since ${when(r.since)}: ${r.reply ?? 'no reply given'}`,
    });
  }
}

/**
 * The polling job's minute (decision 1400): the background pass over every server and the notices first,
 * then the watched servers and the SMTP relays every DELIVERY_WATCHED_POLL_SECONDS until `untilMs`.
 */
export async function runPolling(ctx: AppContext, untilMs: number, stopped: () => boolean = () => false) {
  const every = ctx.env.DELIVERY_WATCHED_POLL_SECONDS * 1000;
  await readServers(ctx, true);
  await notifyLongBackoffs(ctx);
  await forgetOldBackoffs(ctx.db);
  await pushSmtpChanges(ctx);
  for (;;) {
    const next = Date.now() + every;
    if (next >= untilMs || stopped()) return;
    await new Promise((r) => setTimeout(r, next - Date.now()));
    await readServers(ctx, false);
    await pushSmtpChanges(ctx);
  }
}

/** A queue action on a server the user may see (as its other operations: owner or administrator). */
export async function actOnQueue(ctx: AppContext, user: AuthUser, id: number, body: PmtaQueueActionBody) {
  if (!(await visibleServer(ctx.db, user, id))) throw notFound();
  const server = await serverRow(ctx, id);
  const r = await queueAction(ctx, server, body.action, body.queue).catch(sshFailure);
  if (!r.ok) throw new AppError(422, `Error: ${r.error}`);
  // The screen shows the effect at once, not at the next pass.
  await readServer(ctx, id).catch(() => {});
  return { queue: body.queue, action: body.action, deleted: r.deleted ?? null };
}
