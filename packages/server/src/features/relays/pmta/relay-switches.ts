import { sql } from 'drizzle-orm';
import type { RelaySwitch } from '@console/shared/pmta-relays';
import type { Executor } from '../../../db/client.ts';
import { invalid } from '../../../core/errors.ts';

/*
 * A PMTA relay's per-mail-service switches (spec 2 "Mail Services" card). Stored here; the sending engine
 * skips a relay for the services it is off for. Pushing them to the PowerMTA server comes with the PMTA
 * operations (docs/decisions/0552).
 */

/** One switch per mail provider, by name; no row means on. */
export async function switchesOf(db: Executor, relayId: number): Promise<RelaySwitch[]> {
  const { rows } = await db.execute<{ providerName: string; off: boolean }>(sql`
    select p.name as "providerName", coalesce(s.off, false) as off
    from mail_providers p left join pmta_relay_switches s on s.mail_provider_id = p.id and s.relay_id = ${relayId}
    order by p.name`);
  return rows;
}

/** Sets switches by provider name in one statement; an unknown name is a 422 and changes nothing. */
export async function setSwitches(db: Executor, relayId: number, switches: RelaySwitch[]) {
  if (!switches.length) return;
  const names = switches.map((s) => s.providerName);
  const { rows } = await db.execute<{ name: string }>(
    sql`select name from mail_providers where name = any(${sql.param(names)}::text[])`,
  );
  const known = new Set(rows.map((r) => r.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw invalid({ switches: `Unknown mail service: ${unknown.slice(0, 5).join(', ')}.` });
  await db.execute(sql`
    insert into pmta_relay_switches (relay_id, mail_provider_id, off)
    select ${relayId}, p.id, s.off
    from jsonb_to_recordset(${JSON.stringify(switches)}::jsonb) as s("providerName" text, off boolean)
    join mail_providers p on p.name = s."providerName"
    on conflict (relay_id, mail_provider_id) do update
       set off = excluded.off,
           -- A pause's reason and time stay while the switch stays off; turning it On clears them (decision 1481).
           reason = case when excluded.off and pmta_relay_switches.off then pmta_relay_switches.reason end,
           paused_at = case when excluded.off and pmta_relay_switches.off then pmta_relay_switches.paused_at end`);
}
