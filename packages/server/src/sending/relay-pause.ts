import { CampaignTypeOf } from '@console/shared/enums';
import type { AppContext } from '../core/context.ts';
import { percent } from './rate-pause.ts';

/*
 * A relay paused for one mail service (issue 39 section 1, decisions 1362 and 1442). Over the last 24 hours
 * of the hourly rollup, for each relay of the kind and each mail service it sent to:
 *   - infrastructure bounces reaching `console_settings.infra_pause_percent` of its results there
 *     (delivered + bounced, at least MIN_RESULTS; 0, the default, never pauses);
 *   - complaints passing the campaigns' complaint line (decision 1391: `complaint_pause_basis_points` of its
 *     delivered mail there, once `complaint_pause_min_delivered` are delivered; 0 never).
 * A PMTA relay is switched off there (`pmta_relay_switches`, its Mail Services card); an SMTP relay gets a
 * `smtp_relay_pauses` row with the reason. The engine leaves the relay out for that service from its next
 * relay refresh; a person turns it back on (the switch, or Resume on the Delivery screen).
 */

export const MIN_RESULTS = 100;
const WINDOW_HOURS = 24;

export interface RelayPause {
  relayId: number;
  mailProviderId: number;
  reason: string;
}

interface Crossing {
  relayId: number;
  mailProviderId: number;
  service: string;
  infra: number;
  results: number;
  complaints: number;
  delivered: number;
  infraPct: number;
  complaintBp: number;
  minDelivered: number;
}

/** Why the relay is paused for the service: each line crossed, in words; null when none was. */
export function relayPauseReason(c: Omit<Crossing, 'relayId' | 'mailProviderId'>): string | null {
  const parts: string[] = [];
  if (c.infraPct > 0 && c.results >= MIN_RESULTS && c.infra * 100 >= c.infraPct * c.results)
    parts.push(
      `${c.infra} infrastructure bounces of ${c.results} results (${percent(c.infra, c.results)}) ` +
        `reached the ${c.infraPct}% limit`,
    );
  if (c.complaintBp > 0 && c.delivered >= c.minDelivered && c.complaints * 10_000 > c.complaintBp * c.delivered)
    parts.push(
      `${c.complaints} complaints of ${c.delivered} delivered (${percent(c.complaints, c.delivered)}) ` +
        `passed the ${c.complaintBp / 100}% limit`,
    );
  if (!parts.length) return null;
  return `Paused for ${c.service}: ${parts.join('; ')} in 24 hours.`;
}

/** Pauses the relays where they crossed a line; returns those newly paused, with their reasons. */
export async function pauseRelays(
  ctx: Pick<AppContext, 'db'>,
  kind: 'pmta' | 'smtp',
  relayIds: number[],
): Promise<RelayPause[]> {
  if (!relayIds.length) return [];
  const { rows } = await ctx.db.$client.query<Crossing>(
    `with w as (
       select h.relay_id, h.mail_provider_id, sum(h.infra_bounces)::int as infra,
              sum(h.delivered + h.bounced)::int as results, sum(h.complaints)::int as complaints,
              sum(h.delivered)::int as delivered
         from event_rollup_hourly h
        where h.campaign_type = $2::smallint and h.relay_id = any($1::int[]) and h.mail_provider_id <> 0
          and h.hour >= date_trunc('hour', now()) - make_interval(hours => $3::int - 1)
        group by 1, 2
     )
     select w.relay_id as "relayId", w.mail_provider_id as "mailProviderId", p.name as service, w.infra,
            w.results, w.complaints, w.delivered, coalesce(s.infra_pause_percent, 0) as "infraPct",
            coalesce(s.complaint_pause_basis_points, 30) as "complaintBp",
            coalesce(s.complaint_pause_min_delivered, 1000) as "minDelivered"
       from w join mail_providers p on p.id = w.mail_provider_id
       left join console_settings s on true
      where (w.infra > 0 or w.complaints > 0)
      order by 1, 2`,
    [relayIds, CampaignTypeOf[kind], WINDOW_HOURS],
  );
  const crossed = rows.flatMap((r) => {
    const reason = relayPauseReason(r);
    return reason ? [{ relayId: r.relayId, mailProviderId: r.mailProviderId, reason }] : [];
  });
  if (!crossed.length) return [];
  const values = [crossed.map((c) => c.relayId), crossed.map((c) => c.mailProviderId), crossed.map((c) => c.reason)];
  // A relay already paused there is left as it is; one a person resumed is paused again only 24 hours after
  // the resume (they have seen the figures; decision 1442). A PMTA switch an operator turned back on is
  // switched off again at the next crossing (decision 1362).
  const { rows: paused } = await ctx.db.$client.query<{ relayId: number; mailProviderId: number }>(
    kind === 'pmta'
      ? `insert into pmta_relay_switches (relay_id, mail_provider_id, off, reason, paused_at)
         select v.r, v.p, true, v.reason, now() from unnest($1::int[], $2::int[], $3::text[]) v(r, p, reason)
           join pmta_relays r on r.id = v.r
         on conflict (relay_id, mail_provider_id) do update
            set off = true, reason = excluded.reason, paused_at = excluded.paused_at
          where not pmta_relay_switches.off
         returning relay_id as "relayId", mail_provider_id as "mailProviderId"`
      : `insert into smtp_relay_pauses as x (relay_id, mail_provider_id, reason)
         select v.r, v.p, v.reason from unnest($1::int[], $2::int[], $3::text[]) v(r, p, reason)
           join smtp_relays r on r.id = v.r
         on conflict (relay_id, mail_provider_id) do update
            set reason = excluded.reason, paused_at = now(), resumed_at = null
          where x.resumed_at < now() - make_interval(hours => ${WINDOW_HOURS})
         returning relay_id as "relayId", mail_provider_id as "mailProviderId"`,
    values,
  );
  const key = (r: { relayId: number; mailProviderId: number }) => `${r.relayId}:${r.mailProviderId}`;
  const done = new Set(paused.map(key));
  return crossed.filter((c) => done.has(key(c)));
}
