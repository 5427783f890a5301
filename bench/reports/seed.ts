/**
 * The reports benchmark's history, set-based in SQL: 5 users (the first an administrator), 20 PMTA relay
 * groups of 50 relays (1,000 PMTA relays on 20 servers, half of them VPS, created over the last two years),
 * 50 SMTP relays, 40 messages, 20 e-mail lists and `campaigns` campaigns (4 in 5 PMTA), each running 1 to 3
 * days at some time in the last 90 days and leaving `events / campaigns` events: sent, delivered,
 * bounced, deferred, opens, clicks, unsubscribes, complaints and conversions (with amounts and countries),
 * spread over the relays of its group, 10 mail services and 20 domains.
 *
 * The events go into `events` directly, then every counter and rollup is built from them by the same
 * grouping `recordEvents` applies batch by batch (tracking/events.ts), in one statement each.
 */

import { CampaignType } from '../../packages/shared/src/enums.ts';
type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, any>[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface History {
  admin: Record<string, unknown>;
  user: Record<string, unknown>;
  providerIds: number[];
  groupIds: number[];
  relayIds: number[];
}

const METRICS = `count(*) filter (where kind = 1), count(*) filter (where kind = 2), count(*) filter (where kind = 3),
  count(*) filter (where kind = 4), count(*) filter (where kind = 5), count(*) filter (where kind = 5 and first),
  count(*) filter (where kind = 6), count(*) filter (where kind = 6 and first), count(*) filter (where kind = 7),
  count(*) filter (where kind = 8), count(*) filter (where kind = 9),
  coalesce(sum(amount_cents) filter (where kind = 9), 0)`;
const COLS = `sent, delivered, bounced, deferred, opens, unique_opens, clicks, unique_clicks, unsubscribes, complaints,
  conversions, profit_cents`;

/** `days`: the span the campaigns are spread over, ending today (90 for bench/reports; 13 months for bench/scale). */
export async function seedHistory(
  q: Query,
  events: number,
  campaigns: number,
  log: (s: string) => void,
  { days = 90 }: { days?: number } = {},
) {
  await q(`insert into users (username, email, password_hash, roles, is_active)
    select 'u' || g, 'u' || g || '@example.com', 'x',
           case when g = 1 then '{ROLE_ADMIN,ROLE_USER}'::text[] else '{ROLE_USER}' end, true
      from generate_series(1, 5) g`);
  const users = (await q('select * from users order by id')).rows;
  const u0 = users[0]!.id as number;
  await q(`insert into categories (name) values ('bench')`);
  await q(
    `insert into offers (category_id, name, url, user_id)
    select (select min(id) from categories), 'offer ' || g, 'https://offer.example.com/' || g, $1 + g % 5
      from generate_series(0, 19) g`,
    [u0],
  );
  await q(
    `insert into messages (name, subject, content, user_id, archive)
    select 'message ' || g, 'subject ' || g, '<p>hello</p>', $1 + g % 5, case when g % 4 = 0 then now() end
      from generate_series(0, 39) g`,
    [u0],
  );
  await q(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
    select 'list ' || g, (select min(id) from categories), $1 + g % 5, 100000, 90000 from generate_series(0, 19) g`,
    [u0],
  );
  await q(
    `insert into pmta_servers (name, server_ip, pmta_http_port, ssh_port, smtp_port, server_username, ip_list, user_id, is_vps)
    select 'pmta ' || g, ('10.0.' || g || '.1')::inet, 8080, 22, 25, 'root', '10.0.' || g || '.1', $1 + g % 5, g % 2 = 0
      from generate_series(0, 19) g`,
    [u0],
  );
  await q(
    `insert into pmta_relay_groups (name, user_id) select 'group ' || g, $1 + g % 5 from generate_series(0, 19) g`,
    [u0],
  );
  // Relay r (0..999) is in group r / 50, on server r % 20, owned by its group's owner.
  await q(`insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, status, created_at)
    select g.user_id, g.id, s.id, 'mta' || r || '.example.net', ('10.1.' || r / 250 || '.' || r % 250)::inet,
           'news@mta' || r || '.example.net', r % 17 <> 0, 1 + r % 3, now() - (r % 730) * interval '1 day'
      from generate_series(0, 999) r
      join (select id, user_id, row_number() over (order by id) - 1 as n from pmta_relay_groups) g on g.n = r / 50
      join (select id, row_number() over (order by id) - 1 as n from pmta_servers) s on s.n = r % 20`);
  await q(`insert into smtp_servers (name, host, port, user_id) values ('smtp', '127.0.0.1', 25, $1)`, [u0]);
  await q(
    `insert into smtp_relay_groups (name, user_id) select 'smtp group ' || g, $1 + g from generate_series(0, 4) g`,
    [u0],
  );
  await q(`insert into smtp_relays (user_id, group_id, smtp_server_id, sender_email, account, password_enc, active)
    select g.user_id, g.id, (select min(id) from smtp_servers), 'news' || r || '@smtp.example.net', 'acc' || r, 'x', true
      from generate_series(0, 49) r
      join (select id, user_id, row_number() over (order by id) - 1 as n from smtp_relay_groups) g on g.n = r / 10`);
  const providerIds = (await q('select id from mail_providers order by id limit 10')).rows.map((r) => r.id as number);

  // Campaign c: PMTA unless c % 5 = 0; its owner's group, message, list and offer; 1 to 3 days from a day in the last
  // `days`, ending no later than this hour (its events are spread over the span: none in the future).
  await q(
    `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, relay_status,
             pmta_relay_group_id, smtp_relay_group_id, status, user_id, start_date, end_date, total)
    select case when c % 5 = 0 then ${CampaignType.SMTP} else ${CampaignType.PMTA} end, 'campaign ' || c, 'Sender', l.id, $1::int[], m.id, o.id, 1,
           case when c % 5 = 0 then null else pg.id end, case when c % 5 = 0 then sg.id end, 5, pg.user_id,
           date_trunc('hour', now()) - (c * ${days - 1} / $2::int + 1) * interval '1 day',
           least(date_trunc('hour', now()) - (c * ${days - 1} / $2::int + 1) * interval '1 day' + (1 + c % 3) * interval '1 day',
                 date_trunc('hour', now())),
           $3::int / $2::int
      from generate_series(0, $2::int - 1) c
      join (select id, user_id, row_number() over (order by id) - 1 as n from pmta_relay_groups) pg on pg.n = c % 20
      join lateral (select id from smtp_relay_groups where user_id = pg.user_id order by id limit 1) sg on true
      join lateral (select id from messages where user_id = pg.user_id order by id offset c % 8 limit 1) m on true
      join lateral (select id from email_lists where user_id = pg.user_id order by id offset c % 4 limit 1) l on true
      join lateral (select id from offers where user_id = pg.user_id order by id limit 1) o on true`,
    [providerIds, campaigns, events],
  );

  // Monthly partitions back to the oldest event (the app creates them only ahead).
  await q(`do $$ declare m date := date_trunc('month', now() - interval '${days + 10} days')::date; begin
    while m <= date_trunc('month', now())::date loop
      execute format('create table if not exists %I partition of events for values from (%L) to (%L)',
        'events_' || to_char(m, 'YYYY_MM'), m, m + interval '1 month');
      m := m + interval '1 month';
    end loop; end $$`);

  const perCampaign = Math.floor(events / campaigns);
  const step = Math.max(1, Math.floor(1_000_000 / perCampaign));
  const started = performance.now();
  for (let from = 0; from < campaigns; from += step) {
    // The kind by g % 1000: 40% sent, 35% delivered, 4% bounced, 1% deferred, 12% opens (+1.3%), 5% clicks,
    // 1% unsubscribes, 0.2% complaints, 0.5% conversions.
    await q(
      `insert into events (at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id,
               first, amount_cents, country)
      select c.start_date + (g::float8 / $3) * (c.end_date - c.start_date), k.kind, c.type, c.id, c.user_id,
             case when c.type = ${CampaignType.PMTA} then pr.first_id + g % 50 else sr.first_id + g % 10 end,
             ($4::int[])[1 + g % 10], 'd' || g % 20 || '.example', g,
             k.kind in (5, 6) and g % 3 = 0, case when k.kind = 9 then 100 + (g * 37) % 5000 else 0 end,
             case when k.kind in (6, 9) then ('{US,GB,DE,FR,CA}'::text[])[1 + g % 5] end
        from (select * from campaigns order by id offset $1 limit $2) c
        join lateral (select min(id) as first_id from pmta_relays where group_id = c.pmta_relay_group_id) pr on true
        join lateral (select min(id) as first_id from smtp_relays where group_id = c.smtp_relay_group_id) sr on true
        cross join generate_series(1, $3::int) g
        cross join lateral (select case
          when g % 1000 < 400 then 1 when g % 1000 < 750 then 2 when g % 1000 < 790 then 3 when g % 1000 < 800 then 4
          when g % 1000 < 920 then 5 when g % 1000 < 970 then 6 when g % 1000 < 980 then 7 when g % 1000 < 982 then 8
          when g % 1000 < 987 then 9 else 5 end as kind) k`,
      [from, step, perCampaign, providerIds],
    );
    log(
      `  events of campaigns ${from + 1}-${Math.min(from + step, campaigns)} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }

  log('  counters and rollups ...');
  await q(`insert into campaign_counters (campaign_type, campaign_id, ${COLS})
    select campaign_type, campaign_id, ${METRICS} from events group by 1, 2`);
  await q(`insert into campaign_provider_counters (campaign_type, campaign_id, mail_provider_id, ${COLS})
    select campaign_type, campaign_id, mail_provider_id, ${METRICS} from events group by 1, 2, 3`);
  await q(`insert into campaign_domain_counters (campaign_type, campaign_id, domain, mail_provider_id, ${COLS})
    select campaign_type, campaign_id, domain, max(mail_provider_id), ${METRICS} from events group by 1, 2, 3`);
  await q(`insert into event_rollup_hourly (hour, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${COLS})
    select date_trunc('hour', at), user_id, campaign_type, campaign_id, coalesce(relay_id, 0), coalesce(mail_provider_id, 0),
           ${METRICS} from events group by 1, 2, 3, 4, 5, 6`);
  await q(`insert into event_rollup_daily (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${COLS})
    select (hour at time zone 'UTC')::date, user_id, campaign_type, campaign_id, relay_id, mail_provider_id,
           sum(sent), sum(delivered), sum(bounced), sum(deferred), sum(opens), sum(unique_opens), sum(clicks),
           sum(unique_clicks), sum(unsubscribes), sum(complaints), sum(conversions), sum(profit_cents)
      from event_rollup_hourly group by 1, 2, 3, 4, 5, 6`);
  await q(`insert into event_rollup_monthly (month, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, ${COLS})
    select date_trunc('month', day)::date, user_id, campaign_type, campaign_id, relay_id, mail_provider_id,
           sum(sent), sum(delivered), sum(bounced), sum(deferred), sum(opens), sum(unique_opens), sum(clicks),
           sum(unique_clicks), sum(unsubscribes), sum(complaints), sum(conversions), sum(profit_cents)
      from event_rollup_daily group by 1, 2, 3, 4, 5, 6`);
  await q(`insert into event_rollup_relay_monthly (month, campaign_type, relay_id, mail_provider_id, ${COLS})
    select month, campaign_type, relay_id, mail_provider_id,
           sum(sent), sum(delivered), sum(bounced), sum(deferred), sum(opens), sum(unique_opens), sum(clicks),
           sum(unique_clicks), sum(unsubscribes), sum(complaints), sum(conversions), sum(profit_cents)
      from event_rollup_monthly group by 1, 2, 3, 4`);
  await q(`insert into conversion_rollup_daily (day, user_id, campaign_type, campaign_id, country, conversions, profit_cents)
    select (at at time zone 'UTC')::date, user_id, campaign_type, campaign_id, coalesce(country, ''), count(*), sum(amount_cents)
      from events where kind = 9 group by 1, 2, 3, 4, 5`);
  await q('vacuum analyze');

  const groupIds = (await q('select id from pmta_relay_groups order by id')).rows.map((r) => r.id as number);
  const relayIds = (await q('select id from pmta_relays order by id')).rows.map((r) => r.id as number);
  return { admin: users[0]!, user: users[1]!, providerIds, groupIds, relayIds } satisfies History;
}
