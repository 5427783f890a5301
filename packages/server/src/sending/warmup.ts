import type pg from 'pg';
import { hourlyOf, type WarmupScheduleRow } from '@console/shared/warmup-plans';

/*
 * Warm-up allowances (issue 40 §2, decisions 1431-1432): a relay in a warm-up plan sends each mail service
 * at most its day's messages (per UTC day) and its hour's (per clock hour). The use is one row per relay,
 * service and day in warmup_usage, taken one message at a time by one conditional upsert, so every sender
 * process shares it as they share relay_pacing. A message is counted when it is handed to the relay (an
 * attempt, deferred or not), never twice: a row given back before it left keeps its unit spent, which
 * errs on the side of sending less.
 */

/** The plan as a relay carries it (eligible*Relays read it with the relay). */
export interface WarmupState {
  day: number;
  days: number;
  services: WarmupScheduleRow[];
}

export interface Allowance {
  perDay: number;
  perHour: number;
}

/** SQL: the relay's plan state as json (null: in no plan), for a relay `r` of relay type `$type`. */
export const warmupStateSql = (type: number, relay = 'r') =>
  `(select json_build_object('day', w.day, 'days', p.days, 'services', p.services)
      from warmup_relays w join warmup_plans p on p.id = w.plan_id
     where w.relay_type = ${Number(type)} and w.relay_id = ${relay}.id)`;

/** Today's allowance of the relay for a mail service; null when nothing limits it (no plan, plan finished). */
export function allowanceOf(w: WarmupState | null | undefined, mailProviderId: number): Allowance | null {
  if (!w || w.day > w.days) return null;
  const s =
    w.services.find((x) => x.mailProviderId === mailProviderId) ?? w.services.find((x) => x.mailProviderId === null);
  if (!s) return null;
  return { perDay: s.perDay[w.day - 1] ?? 0, perHour: hourlyOf(s, w.day) };
}

const nextHour = (now: number) => Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000;
const nextDay = (now: number) => Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000;

/**
 * Takes one message of the relay's allowance for the mail service. Returns null when taken, else the time
 * (ms since the epoch) when there is room again: the next UTC day when the day's allowance is spent, else
 * the next hour.
 */
export async function takeAllowance(
  db: pg.Pool,
  relay: { type: number; id: number },
  mailProviderId: number,
  a: Allowance,
): Promise<number | null> {
  const { rows } = await db.query<{ used: number; hourUsed: number; taken: boolean; now: number }>(
    `with t as (
       insert into warmup_usage as u (relay_type, relay_id, mail_provider_id, day, used, hour, hour_used)
       select $1, $2, $3, (now() at time zone 'utc')::date, 1, date_trunc('hour', now()), 1 where $4 > 0 and $5 > 0
       on conflict (relay_type, relay_id, mail_provider_id, day) do update
         set used = u.used + 1,
             hour_used = case when u.hour = excluded.hour then u.hour_used + 1 else 1 end,
             hour = excluded.hour
         where u.used < $4 and (u.hour <> excluded.hour or u.hour_used < $5)
       returning 1)
     select exists (select 1 from t) as taken, extract(epoch from now())::float8 * 1000 as now,
            coalesce(u.used, 0) as used, coalesce(u.hour_used, 0) as "hourUsed"
       from (select 1) one
       left join warmup_usage u on u.relay_type = $1 and u.relay_id = $2 and u.mail_provider_id = $3
                               and u.day = (now() at time zone 'utc')::date`,
    [relay.type, relay.id, mailProviderId, a.perDay, a.perHour],
  );
  const r = rows[0]!;
  if (r.taken) return null;
  return r.used >= a.perDay ? nextDay(r.now) : nextHour(r.now);
}
