import { sql } from 'drizzle-orm';
import type { EmailListReportOrder, EmailListReportRow } from '@console/shared/email-list-report';
import { orderSql, ownerIs, rollupOver } from '../../core/reports.ts';
import type { Executor } from '../../db/client.ts';

/*
 * The E-mail list report (decision 0918): the owner's campaigns with rollup rows in the range (its whole
 * months' from event_rollup_monthly, decision 1500), grouped by the e-mail list they send to: how many campaigns, their profit in the range (cents)
 * and the profit per campaign.
 */

const COLUMNS: Record<EmailListReportOrder, string> = {
  emailListName: '"emailListName"',
  campaignCount: '"campaignCount"',
  profit: 'profit',
  profitPerCampaign: '"profitPerCampaign"',
};

export async function emailListReport(
  db: Executor,
  q: { owner: number | null; fromDate: string; toDate: string; orderBy: EmailListReportOrder; asc: boolean },
): Promise<EmailListReportRow[]> {
  const { rows } = await db.execute<EmailListReportRow>(sql`
    with per_campaign as (
      select r.campaign_type, r.campaign_id, sum(r.profit_cents)::int8 as profit
      from ${rollupOver(q)} r
      where ${ownerIs('r.user_id', q.owner)}
      group by r.campaign_type, r.campaign_id
    )
    select l.id as "emailListId", l.name as "emailListName", count(*)::int as "campaignCount",
           sum(pc.profit)::int8 as profit, (sum(pc.profit)::float8 / count(*)) as "profitPerCampaign"
    from per_campaign pc
    join campaigns c on c.id = pc.campaign_id and c.type = pc.campaign_type
    join email_lists l on l.id = c.email_list_id
    group by l.id, l.name
    order by ${orderSql(COLUMNS, q.orderBy, q.asc, '"emailListId"')}`);
  return rows;
}
