import { CampaignTypeOf } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';

/*
 * Infrastructure bounces pause a PMTA relay for one mail service (issue 39, decision 1362): when, over the
 * last 24 hours, its infrastructure bounces there reach `console_settings.infra_pause_percent` of its results
 * there (delivered + bounced, at least MIN_RESULTS), the relay is switched off for that service: the same
 * switch as the relay's Mail Services card, which the sending engine honours and an operator turns back on.
 */

export const MIN_RESULTS = 100;
const WINDOW_HOURS = 24;

/** Switches the relays off where they crossed the line; returns the [relayId, mailProviderId] pairs switched. */
export async function pauseRelays(ctx: Pick<AppContext, 'db'>, relayIds: number[]): Promise<[number, number][]> {
  if (!relayIds.length) return [];
  const { rows } = await ctx.db.$client.query<{ relayId: number; mailProviderId: number }>(
    `with s as (select coalesce(max(infra_pause_percent), 0) as pct from console_settings),
     w as (
       select h.relay_id, h.mail_provider_id, sum(h.infra_bounces) as infra, sum(h.delivered + h.bounced) as results
         from event_rollup_hourly h
        where h.campaign_type = $2::smallint and h.relay_id = any($1::int[]) and h.mail_provider_id <> 0
          and h.hour >= date_trunc('hour', now()) - make_interval(hours => $3::int - 1)
        group by 1, 2
     )
     insert into pmta_relay_switches (relay_id, mail_provider_id, off)
     select w.relay_id, w.mail_provider_id, true
       from w cross join s
       join pmta_relays r on r.id = w.relay_id
       join mail_providers p on p.id = w.mail_provider_id
      where s.pct > 0 and w.results >= $4 and w.infra * 100 >= s.pct * w.results
      order by 1, 2
     on conflict (relay_id, mail_provider_id) do update set off = true where not pmta_relay_switches.off
     returning relay_id as "relayId", mail_provider_id as "mailProviderId"`,
    [relayIds, CampaignTypeOf.pmta, WINDOW_HOURS, MIN_RESULTS],
  );
  return rows.map((r) => [r.relayId, r.mailProviderId]);
}
