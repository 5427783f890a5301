import { sql } from 'drizzle-orm';
import {
  NO_MAIL_PROVIDER,
  type MailProviderReportOrder,
  type MailProviderReportRow,
} from '@console/shared/mail-provider-report';
import { orderSql, ownerIs, rollupOver } from '../../core/reports.ts';
import type { Executor } from '../../db/client.ts';

/*
 * The Mail services report (decision 0918): per mail service, the owner's figures of the range summed from
 * event_rollup_daily (decision 0914: Views = unique opens, Clicks = unique clicks); the rates in percent
 * with 2 decimals, 0 when the divisor is 0. Events without a mail service (id 0) are one 'Unknown' row.
 */

const COLUMNS: Record<MailProviderReportOrder, string> = {
  provider_name: 'provider_name',
  sent: 'sent',
  delivered: 'delivered',
  open: 'open',
  views: 'views',
  clicks: 'clicks',
  conversions: 'conversions',
  open_rate: 'open_rate',
  click_rate: 'click_rate',
  conv_rate: 'conv_rate',
  profit: 'profit',
};

/** percent = 100 * a / b, 2 decimals, 0 when b is 0. */
const rate = (a: string, b: string) => sql.raw(`coalesce(round(100.0 * ${a} / nullif(${b}, 0), 2), 0)::float8`);

export async function mailProviderReport(
  db: Executor,
  q: { owner: number | null; fromDate: string; toDate: string; orderBy: MailProviderReportOrder; asc: boolean },
): Promise<MailProviderReportRow[]> {
  const { rows } = await db.execute<MailProviderReportRow>(sql`
    select s."mailProviderId", s.provider_name, s.sent, s.delivered, s.views as open, s.views, s.clicks,
           s.conversions, ${rate('s.views', 's.delivered')} as open_rate, ${rate('s.clicks', 's.delivered')} as click_rate,
           ${rate('s.conversions', 's.clicks')} as conv_rate, s.profit
    from (
      select r.mail_provider_id as "mailProviderId", coalesce(p.name, ${NO_MAIL_PROVIDER}) as provider_name,
             sum(r.sent)::int8 as sent, sum(r.delivered)::int8 as delivered, sum(r.unique_opens)::int8 as views,
             sum(r.unique_clicks)::int8 as clicks, sum(r.conversions)::int8 as conversions,
             sum(r.profit_cents)::int8 as profit
      from ${rollupOver(q)} r
      left join mail_providers p on p.id = r.mail_provider_id
      where ${ownerIs('r.user_id', q.owner)}
      group by r.mail_provider_id, p.name
    ) s
    order by ${orderSql(COLUMNS, q.orderBy, q.asc, 's."mailProviderId"')}`);
  return rows;
}
