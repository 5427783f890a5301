import type pg from 'pg';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignTypeOf } from '@console/shared/enums';

/*
 * Recipients a PMTA server took (injected) and never accounted for (issue 38, decision 1350). A real
 * PowerMTA logs every message it took as delivered or bounced by its bounce-after at the latest (a `b`
 * record, delivery time expired); a recipient injected longer ago than that without a record never will
 * have one (the server lost its spool, the job was deleted, the accounting file went missing). The
 * bounce-after that counts is the longest one the console configures (its mail service settings) or
 * PowerMTA's default, whichever is longer: no such recipient is named before its server could still answer.
 * They are read, never written: a late record still settles them (pmta/accounting/campaigns.ts).
 */

/** PowerMTA's default bounce-after (PMTA.md). */
export const PMTA_DEFAULT_BOUNCE_AFTER = '4d12h';

/** A PMTA duration in seconds: `4d12h`, `90m`, `30s`, or bare seconds. */
export function durationSeconds(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const units: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };
  let seconds = 0;
  for (const [, n, u] of text.matchAll(/(\d+)([dhms])/g)) seconds += Number(n) * units[u!]!;
  return seconds;
}

/** The longest bounce-after of the configured mail service settings and PowerMTA's default. */
export async function longestBounceAfter(db: pg.Pool | pg.ClientBase): Promise<{ text: string; seconds: number }> {
  const { rows } = await db.query<{ b: string }>('select distinct bounce_after as b from mail_service_settings');
  return [PMTA_DEFAULT_BOUNCE_AFTER, ...rows.map((r) => r.b)]
    .map((text) => ({ text, seconds: durationSeconds(text) }))
    .reduce((a, b) => (b.seconds > a.seconds ? b : a));
}

const inject = RecipientStatus.injected;

/** One campaign's recipients awaiting an outcome, and those past bounce-after without one. */
export async function outcomeGap(db: pg.Pool, campaignId: number) {
  const bounceAfter = await longestBounceAfter(db);
  const { rows } = await db.query<{ awaiting: number; lost: number }>(
    `select count(*)::int as awaiting,
            count(*) filter (where claimed_at < now() - make_interval(secs => $2))::int as lost
       from campaign_recipients where campaign_id = $1 and status = ${inject}`,
    [campaignId, bounceAfter.seconds],
  );
  return { awaitingOutcome: rows[0]!.awaiting, noOutcome: rows[0]!.lost, bounceAfter: bounceAfter.text };
}

/** The PMTA campaigns with recipients injected through this server's relays and past bounce-after without an outcome. */
export async function serverOutcomeGaps(db: pg.Pool, server: { id: number; userId: number }) {
  const bounceAfter = await longestBounceAfter(db);
  const { rows } = await db.query<{ id: number; name: string; lost: number }>(
    `select c.id, c.name, count(*)::int as lost
       from campaigns c
       join campaign_recipients r on r.campaign_id = c.id
      where c.type = ${CampaignTypeOf.pmta} and c.user_id = $2 and r.status = ${inject}
        and r.claimed_at < now() - make_interval(secs => $3)
        and r.relay_id in (select id from pmta_relays where pmta_server_id = $1)
      group by c.id, c.name order by c.id`,
    [server.id, server.userId, bounceAfter.seconds],
  );
  return { campaigns: rows, bounceAfter: bounceAfter.text };
}
