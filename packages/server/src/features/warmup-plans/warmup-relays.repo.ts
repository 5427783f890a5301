import type pg from 'pg';
import {
  WarmupRelayKind,
  type WarmupRelayKindName,
  type WarmupScheduleRow,
  type WarmupStep,
  type WarmupThresholds,
} from '@console/shared/warmup-plans';
import { vmtaName } from '../../core/pmta-names.ts';
import type { DaySignals } from './judge.ts';

/*
 * The relays in warm-up plans (warmup_relays), what they used today (warmup_usage) and everything the plans
 * decided for them (warmup_steps, decision 1433). Raw SQL: the relay kinds are two tables picked by name.
 */

const tables = {
  pmta: { relays: 'pmta_relays', groups: 'pmta_relay_groups' },
  smtp: { relays: 'smtp_relays', groups: 'smtp_relay_groups' },
} as const;

export const relayTypeOf = (kind: WarmupRelayKindName) => WarmupRelayKind[kind];
const relaysTableOf = (type: number) => (type === WarmupRelayKind.pmta ? tables.pmta.relays : tables.smtp.relays);

/** The relays of `kind` among `ids` that belong to `userId`. */
export async function relaysOf(db: pg.ClientBase | pg.Pool, kind: WarmupRelayKindName, userId: number, ids: number[]) {
  const { rows } = await db.query<{ id: number }>(
    `select id from ${tables[kind].relays} where id = any($1::int[]) and user_id = $2 order by id`,
    [ids, userId],
  );
  return rows.map((r) => r.id);
}

/** The relays of a group of `userId` (undefined: no such group of theirs). */
export async function groupRelays(
  db: pg.ClientBase | pg.Pool,
  kind: WarmupRelayKindName,
  userId: number,
  groupId: number,
) {
  const t = tables[kind];
  const { rows } = await db.query<{ ids: number[] | null }>(
    `select (select array_agg(r.id order by r.id) from ${t.relays} r where r.group_id = g.id) as ids
       from ${t.groups} g where g.id = $1 and g.user_id = $2`,
    [groupId, userId],
  );
  return rows[0] ? (rows[0].ids ?? []) : undefined;
}

/** The relays of `kind` among `ids` the caller may change (administrators: any). */
export async function visibleRelays(
  db: pg.Pool,
  kind: WarmupRelayKindName,
  ids: number[],
  user: { id: number; isAdmin: boolean },
) {
  const { rows } = await db.query<{ id: number }>(
    `select id from ${tables[kind].relays} where id = any($1::int[]) and ($2 or user_id = $3) order by id`,
    [ids, user.isAdmin, user.id],
  );
  return rows.map((r) => r.id);
}

/** The owner of a relay the caller may see (administrators: any), or undefined. */
export async function relayOwner(
  db: pg.Pool,
  kind: WarmupRelayKindName,
  id: number,
  user: { id: number; isAdmin: boolean },
) {
  const { rows } = await db.query<{ userId: number }>(
    `select user_id as "userId" from ${tables[kind].relays} where id = $1 and ($2 or user_id = $3)`,
    [id, user.isAdmin, user.id],
  );
  return rows[0]?.userId;
}

/**
 * Puts the relays on day 1 of the plan (a relay in another plan leaves it) and writes each one's step: one
 * statement for the rows, one for the history.
 */
export async function attachRelays(
  client: pg.ClientBase,
  plan: { id: number; name: string; userId: number },
  kind: WarmupRelayKindName,
  ids: number[],
  groupId: number | null,
) {
  const type = relayTypeOf(kind);
  await client.query(
    `insert into warmup_relays (relay_type, relay_id, user_id, plan_id, group_id, day, day_started)
     select $1, id, $2, $3, $4, 1, (now() at time zone 'utc')::date from unnest($5::int[]) as id
     on conflict (relay_type, relay_id) do update
       set plan_id = excluded.plan_id, group_id = excluded.group_id, day = 1, day_started = excluded.day_started`,
    [type, plan.userId, plan.id, groupId, ids],
  );
  await client.query(
    `insert into warmup_steps (relay_type, relay_id, user_id, plan_id, plan_name, decision, to_day, reason)
     select $1, id, $2, $3, $4, 'attached', 1, $5 from unnest($6::int[]) as id`,
    [
      type,
      plan.userId,
      plan.id,
      plan.name,
      groupId ? `Attached with relay group #${groupId}; starts on day 1.` : 'Attached; starts on day 1.',
      ids,
    ],
  );
}

/** Takes relays out of their plans (all of one plan with `planId`), writing each one's step. */
export async function detachRelays(
  client: pg.ClientBase,
  where: { kind: WarmupRelayKindName; ids: number[] } | { planId: number },
  reason: string,
) {
  const cond =
    'planId' in where
      ? { sql: 'w.plan_id = $1', params: [where.planId] }
      : { sql: 'w.relay_type = $1 and w.relay_id = any($2::int[])', params: [relayTypeOf(where.kind), where.ids] };
  const { rowCount } = await client.query(
    `with gone as (delete from warmup_relays w where ${cond.sql} returning w.*)
     insert into warmup_steps (relay_type, relay_id, user_id, plan_id, plan_name, decision, from_day, reason)
     select g.relay_type, g.relay_id, g.user_id, g.plan_id, p.name, 'detached', g.day, $${cond.params.length + 1}
       from gone g join warmup_plans p on p.id = g.plan_id`,
    [...cond.params, reason],
  );
  return rowCount ?? 0;
}

/** Deletes a plan (its relays left it first: detachRelays). */
export const deletePlanRow = (client: pg.ClientBase, id: number) =>
  client.query('delete from warmup_plans where id = $1', [id]);

/** The relay's plan and day, today's allowances with what was used, and its last 100 steps. */
export async function relayWarmup(db: pg.Pool, kind: WarmupRelayKindName, id: number) {
  const type = relayTypeOf(kind);
  const { rows: state } = await db.query<{
    planId: number;
    name: string;
    days: number;
    day: number;
    services: WarmupScheduleRow[];
  }>(
    `select p.id as "planId", p.name, p.days, w.day, p.services
       from warmup_relays w join warmup_plans p on p.id = w.plan_id where w.relay_type = $1 and w.relay_id = $2`,
    [type, id],
  );
  const { rows: used } = await db.query<{ mailProviderId: number; used: number }>(
    `select mail_provider_id as "mailProviderId", used from warmup_usage
      where relay_type = $1 and relay_id = $2 and day = (now() at time zone 'utc')::date`,
    [type, id],
  );
  const { rows: names } = await db.query<{ id: number; name: string }>('select id, name from mail_providers');
  const { rows: history } = await db.query<WarmupStep>(
    `select id::int, to_char(at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, decision,
            plan_name as "planName", from_day as "fromDay", to_day as "toDay", reason
       from warmup_steps where relay_type = $1 and relay_id = $2 order by id desc limit 100`,
    [type, id],
  );
  return { state: state[0], used, names: new Map(names.map((n) => [n.id, n.name])), history };
}

/** The UTC date before today, as text. */
export async function yesterday(db: pg.Pool) {
  const { rows } = await db.query<{ d: string }>(`select ((now() at time zone 'utc')::date - 1)::text as d`);
  return rows[0]!.d;
}

export interface DueRelay {
  relayType: number;
  relayId: number;
  userId: number;
  planId: number;
  name: string;
  day: number;
  thresholds: WarmupThresholds;
}

/** Relays still in a plan whose current day began on or before `day`, not yet judged for it (and still there). */
export async function dueRelays(db: pg.Pool, day: string) {
  const { rows } = await db.query<DueRelay>(
    `select w.relay_type as "relayType", w.relay_id as "relayId", w.user_id as "userId", w.plan_id as "planId",
            p.name, w.day, p.thresholds
       from warmup_relays w join warmup_plans p on p.id = w.plan_id
      where w.day_started <= $1::date and w.day <= p.days
        and exists (select 1 from pmta_relays r where w.relay_type = ${WarmupRelayKind.pmta} and r.id = w.relay_id
                    union all select 1 from smtp_relays r where w.relay_type = ${WarmupRelayKind.smtp} and r.id = w.relay_id)
        and not exists (select 1 from warmup_steps s where s.relay_type = w.relay_type and s.relay_id = w.relay_id
                                                       and s.judged_day = $1::date)
      order by w.relay_type, w.relay_id`,
    [day],
  );
  return rows;
}

/**
 * A relay's day per mail service from the daily rollup (issue 39's counters), with the share of the day it
 * spent in backoff, in percent: for a PMTA relay, per service, the backoff episodes of its VMTA's queues at the
 * service's domains (pmta_queue_backoffs, read from the live view's readings: decision 1485), overlapping
 * ones counted once; besides, the relay's own flag (`backoff_since`, its current episode: the SMTP engine's
 * and the console's PMTA injection). A service in backoff that sent nothing is judged too.
 */
export async function daySignals(db: pg.Pool, day: string, relayType: number, relayId: number) {
  const { rows } = await db.query<DaySignals>(
    `with span as (
       select $1::date::timestamp at time zone 'utc' as a, ($1::date + 1)::timestamp at time zone 'utc' as b
     ), roll as (
       select coalesce(mp.name, 'Other') as service, sum(d.sent)::int as sent, sum(d.deferred)::int as deferred,
              sum(d.hard_bounces)::int as "hardBounces", sum(d.complaints)::int as complaints,
              sum(d.infra_bounces)::int as "infraBounces"
         from event_rollup_daily d left join mail_providers mp on mp.id = d.mail_provider_id
        where d.day = $1::date and d.campaign_type = $2 and d.relay_id = $3
        group by 1
     ), ep as (
       select coalesce(mp.name, 'Other') as service,
              tstzrange(greatest(b.since, span.a), least(coalesce(b.until, b.seen_at), span.b)) as r
         from span cross join pmta_relays pr
         join pmta_queue_backoffs b on b.pmta_server_id = pr.pmta_server_id and b.vmta = $4
         left join mail_provider_domains md on md.domain = b.domain and md.mail_provider_id is not null
         left join mail_providers mp on mp.id = md.mail_provider_id
        where $2 = ${WarmupRelayKind.pmta} and pr.id = $3
          and greatest(b.since, span.a) < least(coalesce(b.until, b.seen_at), span.b)
     ), bk as (
       select service, extract(epoch from sum(upper(x) - lower(x))) / 864 as pct
         from (select service, unnest(range_agg(r)) as x from ep group by service) u
        group by service
     ), flag as (
       select greatest(0, extract(epoch from least(now(), span.b) - greatest(r.backoff_since, span.a)) / 864) as pct
         from span cross join ${relaysTableOf(relayType)} r where r.id = $3 and r.backoff_since is not null
     )
     select coalesce(roll.service, bk.service) as service, coalesce(roll.sent, 0) as sent,
            coalesce(roll.deferred, 0) as deferred, coalesce(roll."hardBounces", 0) as "hardBounces",
            coalesce(roll.complaints, 0) as complaints, coalesce(roll."infraBounces", 0) as "infraBounces",
            greatest(coalesce(bk.pct, 0), coalesce((select pct from flag), 0))::float8 as "backoffPct"
       from roll full join bk on bk.service = roll.service
      order by 1`,
    [day, relayType, relayId, vmtaName({ id: relayId })],
  );
  return rows;
}

/** Writes the day's decision and moves the relay to `to` (its new day begins today); false when already judged. */
export async function recordStep(
  client: pg.ClientBase,
  w: DueRelay,
  step: { decision: string; to: number; day: string; reason: string },
) {
  const { rowCount } = await client.query(
    `insert into warmup_steps (relay_type, relay_id, user_id, plan_id, plan_name, decision, from_day, to_day,
                               judged_day, reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing`,
    [w.relayType, w.relayId, w.userId, w.planId, w.name, step.decision, w.day, step.to, step.day, step.reason],
  );
  if (!rowCount) return false;
  await client.query(
    `update warmup_relays set day = $3, day_started = (now() at time zone 'utc')::date
      where relay_type = $1 and relay_id = $2`,
    [w.relayType, w.relayId, step.to],
  );
  return true;
}

/** The PMTA servers of these PMTA relays. */
export async function serversOfRelays(db: pg.Pool, relayIds: number[]) {
  const { rows } = await db.query<{ id: number }>(
    'select distinct pmta_server_id as id from pmta_relays where id = any($1::int[]) order by 1',
    [relayIds],
  );
  return rows.map((r) => r.id);
}

/** The PMTA relays in plan `planId`. */
export async function pmtaRelaysOfPlan(db: pg.Pool, planId: number) {
  const { rows } = await db.query<{ id: number }>(
    'select relay_id as id from warmup_relays where relay_type = $1 and plan_id = $2 order by 1',
    [WarmupRelayKind.pmta, planId],
  );
  return rows.map((r) => r.id);
}

/** The upload's steps in relays' histories (decision 1486). */
export const UploadStep = { uploaded: 'configuration uploaded', failed: 'upload failed' } as const;

/**
 * Writes what an upload that followed the plans did into the history of the server's relays it concerns:
 * those in a plan (their VMTA carries its rates) and those detached since their last upload step (their VMTA
 * no longer does). Returns how many relays it told.
 */
export async function recordUpload(
  db: pg.Pool,
  serverId: number,
  step: { decision: string; inPlan: string; detached: string },
) {
  const { rowCount } = await db.query(
    `insert into warmup_steps (relay_type, relay_id, user_id, plan_id, plan_name, decision, to_day, reason)
     select $1, r.id, r.user_id, coalesce(w.plan_id, last.plan_id), coalesce(p.name, last.plan_name), $3, w.day,
            case when w.relay_id is null then $5 else $4 end
       from pmta_relays r
       left join warmup_relays w on w.relay_type = $1 and w.relay_id = r.id
       left join warmup_plans p on p.id = w.plan_id
       left join lateral (select s.plan_id, s.plan_name, s.decision from warmup_steps s
                           where s.relay_type = $1 and s.relay_id = r.id order by s.id desc limit 1) last on true
      where r.pmta_server_id = $2 and (w.relay_id is not null or last.decision = 'detached')
      order by r.id`,
    [WarmupRelayKind.pmta, serverId, step.decision, step.inPlan, step.detached],
  );
  return rowCount ?? 0;
}
