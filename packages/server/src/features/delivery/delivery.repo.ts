import { sql, type SQL } from 'drizzle-orm';
import { CampaignTypeOf } from '@console/shared/enums';
import type { DeliveryQueue, DeliveryServer, PmtaQueue, SmtpDelivery } from '@console/shared/delivery';
import { OTHER_PROVIDER } from '@console/shared/mail-providers';
import type { AuthUser } from '../../core/context.ts';
import type { Executor } from '../../db/client.ts';

/*
 * The Delivery screen's queries (issue 40, decision 1400). The PMTA side reads the last snapshot of each
 * server's queues (pmta_queue_snapshots, written by the polling job) and groups its rows by mail service
 * in one statement; the SMTP side reads the relays' backoff flags, their last replies (relay_last_replies)
 * and the hourly rollup. Nothing here asks a server anything.
 */

/** Who sees a server or a relay: its owner; administrators every one. */
const ownerScope = (user: AuthUser, column: SQL): SQL => (user.isAdmin ? sql`true` : sql`${column} = ${user.id}`);

/** The hourly buckets counted as the last hour: the current clock hour and the one before it (decision 0916). */
const LAST_HOUR_FROM = sql.raw(`date_trunc('hour', now()) - interval '1 hour'`);
/** How many domains a service's summary names. */
export const TOP_DOMAINS = 5;
/** How long a view's read keeps its servers watched (read every few seconds); the screen re-reads well within. */
export const WATCH_SECONDS = 60;

/** The snapshot's queue rows as a relation: `q` (one snapshot per server) must be in scope. */
const QUEUE_ROWS = sql.raw(`jsonb_to_recordset(q.queues) as e(
  queue text, domain text, vmta text, recipients int, kb int, connections int, paused boolean, mode text,
  "modeSince" text, "backoffReason" text, "lastError" text, "nextRetry" text, "delivered1h" int, "deferred1h" int)`);

/** The mail service of `e.domain` (the 'Other' service when it has none) as `mp.id`, `mp.name`. */
const SERVICE_JOIN = sql`
  left join mail_provider_domains d on d.domain = e.domain and d.mail_provider_id is not null
  join mail_providers mp on mp.id = coalesce(d.mail_provider_id, (select o.id from mail_providers o where o.name = ${OTHER_PROVIDER}))`;

/**
 * One server's snapshot summed per mail service (decision 1400), stored beside its queues when a reading
 * changed it: the views then read a few rows, whatever the number of queues. A change of the mail services'
 * domains shows at the next reading.
 */
async function summarize(db: Executor, serverId: number) {
  await db.execute(sql`
    with e as (
      select q.pmta_server_id as sid, mp.id as mp_id, mp.name as mp_name, e.*
      from pmta_queue_snapshots q cross join ${QUEUE_ROWS} ${SERVICE_JOIN}
      where q.pmta_server_id = ${serverId}
    ), dom as (
      select mp_id, domain, sum(recipients)::int as rcp,
             row_number() over (partition by mp_id order by sum(recipients) desc, domain) as n
      from e group by mp_id, domain
    ), top as (
      select mp_id, json_agg(json_build_object('domain', domain, 'recipients', rcp) order by n) as j
      from dom where n <= ${TOP_DOMAINS} group by mp_id
    ), svc0 as (
      select e.mp_id, min(e.mp_name) as name, sum(e.recipients)::int as rcp, sum(e.kb)::int as kb,
             count(*)::int as queues, (count(*) filter (where e.mode = 'backoff'))::int as backoff,
             (count(*) filter (where e.paused))::int as paused,
             sum(e."delivered1h")::int as delivered, sum(e."deferred1h")::int as deferred,
             min(e."modeSince") filter (where e.mode = 'backoff') as since,
             (array_agg(coalesce(e."backoffReason", e."lastError") order by e."modeSince")
               filter (where e.mode = 'backoff'))[1] as reply
      from e group by e.mp_id
    ), svc as (
      select s.rcp, s.backoff, s.name, json_build_object(
        'mailServiceId', s.mp_id, 'mailService', s.name, 'recipients', s.rcp, 'kb', s.kb, 'queues', s.queues,
        'inBackoff', s.backoff, 'paused', s.paused, 'delivered1h', s.delivered, 'deferred1h', s.deferred,
        'backoffSince', s.since, 'backoffReply', s.reply, 'topDomains', coalesce(top.j, '[]'::json)) as j
      from svc0 s left join top on top.mp_id = s.mp_id
    )
    update pmta_queue_snapshots set
      recipients = coalesce((select sum(rcp) from svc), 0),
      in_backoff = coalesce((select sum(backoff) from svc), 0),
      services = coalesce((select jsonb_agg(j order by backoff desc, rcp desc, name) from svc), '[]')
    where pmta_server_id = ${serverId}`);
}

/** Every server the user sees (or those of `ids`), each with its queues summed per mail service. */
export async function deliveryServers(db: Executor, user: AuthUser, ids?: number[]): Promise<DeliveryServer[]> {
  const only = ids ? sql`and s.id = any(${`{${ids.join(',')}}`}::int[])` : sql``;
  const { rows } = await db.execute<DeliveryServer>(sql`
    select s.id, s.name, host(s.server_ip) as "serverIp", q.read_at as "readAt", q.source, q.error,
           coalesce(q.recipients, 0) as recipients, coalesce(q.in_backoff, 0) as "inBackoff",
           coalesce(q.services, '[]') as services
    from pmta_servers s left join pmta_queue_snapshots q on q.pmta_server_id = s.id
    where ${ownerScope(user, sql`s.user_id`)} ${only}
    order by s.name, s.id`);
  return rows.map((r) => ({ ...r, readAt: r.readAt && new Date(r.readAt).toISOString() }));
}

/** One server's queues with their mail service: backoff first, then the most recipients. */
export async function serverQueues(db: Executor, serverId: number): Promise<DeliveryQueue[]> {
  const { rows } = await db.execute<DeliveryQueue>(sql`
    select e.*, mp.id as "mailServiceId", mp.name as "mailService"
    from pmta_queue_snapshots q cross join ${QUEUE_ROWS} ${SERVICE_JOIN}
    where q.pmta_server_id = ${serverId}
    order by mp.name, (e.mode = 'backoff') desc, e.recipients desc, e.queue`);
  return rows;
}

/** The servers the view shows are read every few seconds from now on, for a minute (decision 1400). */
export async function watchServers(db: Executor, ids: number[]) {
  if (!ids.length) return;
  await db.execute(sql`
    insert into pmta_queue_snapshots (pmta_server_id, watched_until)
    select id, now() + make_interval(secs => ${WATCH_SECONDS}) from unnest(${`{${ids.join(',')}}`}::int[]) as id
    on conflict (pmta_server_id) do update set watched_until = excluded.watched_until`);
}

/** The servers to read now: all, or only those someone watches. */
export async function serversToRead(db: Executor, all: boolean): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select s.id from pmta_servers s
    ${all ? sql`` : sql`join pmta_queue_snapshots q on q.pmta_server_id = s.id and q.watched_until > now()`}
    order by s.id`);
  return rows.map((r) => r.id);
}

/**
 * Stores a reading (or the failure to read: the last queues are kept beside the error); true when the view
 * changed, so that only a change is pushed to the screens.
 */
export async function storeReading(
  db: Executor,
  serverId: number,
  r: { source: 'http' | 'ssh'; queues: PmtaQueue[] } | { error: string },
): Promise<boolean> {
  const ok = 'queues' in r;
  // One transaction: a view sees the queues and their summary of the same reading.
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ changed: boolean | null }>(sql`
    with prev as (select queues, error, read_at from pmta_queue_snapshots where pmta_server_id = ${serverId})
    insert into pmta_queue_snapshots as t (pmta_server_id, read_at, source, error, queues)
    values (${serverId}, now(), ${ok ? r.source : null}, ${ok ? null : r.error.slice(0, 1000)},
            ${ok ? JSON.stringify(r.queues) : '[]'}::jsonb)
    on conflict (pmta_server_id) do update
      set read_at = excluded.read_at, error = excluded.error,
          source = coalesce(excluded.source, t.source),
          queues = case when excluded.error is null then excluded.queues else t.queues end
    returning (select p.read_at is null or (p.queues, p.error) is distinct from (t.queues, t.error) from prev p)
      as changed`);
    const changed = rows[0]?.changed !== false;
    if (changed) await summarize(tx, serverId);
    if (ok) await recordBackoffs(tx, serverId, r.queues);
    return changed;
  });
}

/** A reading's queues as a relation `c`: in backoff or not, and since when (null: the server does not say). */
const readQueuesSql = (queues: PmtaQueue[]) => sql`(
  select e.queue, e.domain, e.vmta, e.mode, e."modeSince"::timestamptz as mode_since,
         coalesce(e."backoffReason", e."lastError") as reply
  from jsonb_to_recordset(${JSON.stringify(queues)}::jsonb)
    as e(queue text, domain text, vmta text, mode text, "modeSince" text, "backoffReason" text, "lastError" text)
  where e.queue is not null) c`;

/**
 * Keeps each queue's backoff episodes (decision 1485): an open one ends when a reading finds its queue normal
 * (at PMTA's mode-since, else at the last reading that saw it in backoff), gone, or in a later backoff; a queue
 * in backoff opens its episode or, still in the same one, moves its last seen time. Two statements: one
 * statement cannot close a queue's episode and open its next one.
 */
async function recordBackoffs(db: Executor, serverId: number, queues: PmtaQueue[]) {
  await db.execute(sql`
    update pmta_queue_backoffs b set until = coalesce(
        (select c.mode_since from ${readQueuesSql(queues)}
          where c.queue = b.queue and c.mode <> 'backoff' and c.mode_since between b.since and now()),
        b.seen_at)
    where b.pmta_server_id = ${serverId} and b.until is null
      and not exists (select 1 from ${readQueuesSql(queues)}
                       where c.queue = b.queue and c.mode = 'backoff' and (c.mode_since is null or c.mode_since = b.since))`);
  if (!queues.some((q) => q.mode === 'backoff')) return;
  await db.execute(sql`
    insert into pmta_queue_backoffs as b (pmta_server_id, queue, domain, vmta, since, seen_at, reply)
    select ${serverId}, c.queue, coalesce(c.domain, ''), coalesce(c.vmta, ''), coalesce(c.mode_since, now()), now(),
           c.reply
    from ${readQueuesSql(queues)} where c.mode = 'backoff'
    on conflict (pmta_server_id, queue) where until is null
      do update set seen_at = excluded.seen_at, reply = coalesce(excluded.reply, b.reply)`);
}

/** Backoff episodes ended over a week ago: the daily step reads yesterday's at most. */
export async function forgetOldBackoffs(db: Executor) {
  await db.execute(sql`delete from pmta_queue_backoffs where until < now() - interval '8 days'`);
}

/** The owner of a server the user may see, or undefined (another user's server is as missing as none). */
export async function visibleServer(db: Executor, user: AuthUser, id: number) {
  const { rows } = await db.execute<{ id: number; userId: number }>(sql`
    select id, user_id as "userId" from pmta_servers s where s.id = ${id} and ${ownerScope(user, sql`s.user_id`)}`);
  return rows[0];
}

const SMTP = CampaignTypeOf.smtp;

/**
 * Every SMTP relay the user sees that is active or worked in the last hour, per mail service it worked with
 * (the last hour's figures, or a last reply of the last day); a relay with neither has one row, service 0.
 */
export async function smtpDelivery(db: Executor, user: AuthUser): Promise<SmtpDelivery[]> {
  const { rows } = await db.execute<SmtpDelivery>(sql`
    with rel as (
      select r.id, r.account, sv.host, r.backoff, r.backoff_since, r.normal_speed, r.backoff_speed
      from smtp_relays r join smtp_servers sv on sv.id = r.smtp_server_id
      where ${ownerScope(user, sql`r.user_id`)}
    ), lh as (
      select h.relay_id, h.mail_provider_id, sum(h.delivered)::int as delivered, sum(h.deferred)::int as deferred,
             sum(h.bounced)::int as bounced
      from event_rollup_hourly h join rel on rel.id = h.relay_id
      where h.campaign_type = ${SMTP} and h.hour >= ${LAST_HOUR_FROM}
      group by h.relay_id, h.mail_provider_id
    ), lr as (
      select l.relay_id, l.mail_provider_id, l.reply, l.at
      from relay_last_replies l join rel on rel.id = l.relay_id
      where l.relay_type = ${SMTP} and l.at > now() - interval '1 day'
    ), pz as (
      select x.relay_id, x.mail_provider_id, x.reason, x.paused_at
      from smtp_relay_pauses x join rel on rel.id = x.relay_id
      where x.resumed_at is null
    ), pairs as (
      select relay_id, mail_provider_id from lh union select relay_id, mail_provider_id from lr
      union select relay_id, mail_provider_id from pz
    )
    select rel.id as "relayId", rel.account as relay, rel.host,
           coalesce(mp.id, 0) as "mailServiceId", coalesce(mp.name, '') as "mailService",
           (case when rel.backoff and rel.normal_speed > 0 then greatest(rel.backoff_speed, rel.normal_speed)
                 when rel.backoff then rel.backoff_speed else rel.normal_speed end)::float8 as speed,
           rel.backoff, rel.backoff_since as "backoffSince", lr.reply as "lastReply", lr.at as "lastReplyAt",
           coalesce(lh.delivered, 0) as "delivered1h", coalesce(lh.deferred, 0) as "deferred1h",
           coalesce(lh.bounced, 0) as "bounced1h",
           case when pz.relay_id is null then null
                else json_build_object('reason', pz.reason, 'since', pz.paused_at) end as paused
    from rel
    left join pairs p on p.relay_id = rel.id
    left join mail_providers mp on mp.id = p.mail_provider_id
    left join lh on lh.relay_id = rel.id and lh.mail_provider_id = p.mail_provider_id
    left join lr on lr.relay_id = rel.id and lr.mail_provider_id = p.mail_provider_id
    left join pz on pz.relay_id = rel.id and pz.mail_provider_id = p.mail_provider_id
    order by (pz.relay_id is not null) desc, rel.backoff desc, rel.account, rel.id, mp.name`);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return rows.map((r) => ({
    ...r,
    backoffSince: iso(r.backoffSince),
    lastReplyAt: iso(r.lastReplyAt),
    paused: r.paused ? { reason: r.paused.reason, since: iso(r.paused.since)! } : null,
  }));
}

/**
 * Resumes the user's SMTP relay for the mail service (decision 1442): the engine uses it there again at its
 * next relay refresh. False when the relay is not the user's (administrators: any) or not paused there.
 */
export async function resumeSmtpRelay(db: Executor, user: AuthUser, relayId: number, mailProviderId: number) {
  const { rows } = await db.execute(sql`
    update smtp_relay_pauses x set resumed_at = now()
      from smtp_relays r
     where r.id = x.relay_id and x.relay_id = ${relayId} and x.mail_provider_id = ${mailProviderId}
       and x.resumed_at is null and ${ownerScope(user, sql`r.user_id`)}
    returning x.relay_id`);
  return rows.length > 0;
}

/**
 * A fingerprint of each owner's SMTP relay state (backoff flags, last replies, this hour's figures): the
 * polling job pushes the `smtp` event to an owner whose fingerprint moved. One statement for everyone.
 */
export async function smtpFingerprints(db: Executor): Promise<Map<number, string>> {
  const { rows } = await db.execute<{ userId: number; fp: string }>(sql`
    select r.user_id as "userId", md5(string_agg(concat_ws(':', r.id, r.backoff, l.at, h.n), ',' order by r.id)) as fp
    from smtp_relays r
    left join lateral (select max(at) as at from relay_last_replies where relay_type = ${SMTP} and relay_id = r.id) l on true
    left join lateral (select sum(delivered + deferred + bounced) as n from event_rollup_hourly
                        where campaign_type = ${SMTP} and relay_id = r.id and hour >= date_trunc('hour', now())) h on true
    group by r.user_id`);
  return new Map(rows.map((r) => [r.userId, r.fp]));
}

/** Queues in backoff longer than `minutes` (from the snapshots), with their owner and reply. */
export async function longPmtaBackoffs(db: Executor, minutes: number) {
  const { rows } = await db.execute<{
    serverId: number;
    server: string;
    userId: number;
    queue: string;
    since: string;
    reply: string | null;
  }>(sql`
    select s.id as "serverId", s.name as server, s.user_id as "userId", e.queue, e."modeSince" as since,
           coalesce(e."backoffReason", e."lastError") as reply
    from pmta_servers s join pmta_queue_snapshots q on q.pmta_server_id = s.id cross join ${QUEUE_ROWS}
    where e.mode = 'backoff' and e."modeSince" is not null
      and e."modeSince"::timestamptz < now() - make_interval(mins => ${minutes})`);
  return rows;
}

/** SMTP relays in backoff longer than `minutes`, with their owner and their latest reply. */
export async function longSmtpBackoffs(db: Executor, minutes: number) {
  const { rows } = await db.execute<{
    relayId: number;
    relay: string;
    userId: number;
    since: string;
    reply: string | null;
  }>(sql`
    select r.id as "relayId", r.account as relay, r.user_id as "userId", r.backoff_since as since,
           (select l.reply from relay_last_replies l where l.relay_type = ${SMTP} and l.relay_id = r.id
             order by l.at desc limit 1) as reply
    from smtp_relays r
    where r.backoff and r.backoff_since < now() - make_interval(mins => ${minutes})`);
  return rows;
}

/** Claims the notice of one backoff episode: true for the one process that tells it. */
export async function claimNotice(db: Executor, kind: 1 | 2, serverId: number, queue: string, since: string | Date) {
  const { rows } = await db.execute(sql`
    insert into backoff_notices (kind, server_id, queue, since) values (${kind}, ${serverId}, ${queue}, ${since})
    on conflict do nothing returning 1`);
  return rows.length > 0;
}
