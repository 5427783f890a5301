/**
 * Waits for a bench's campaign to finish, and says why when it will not: paused (with its pause reason),
 * or stuck (no counter moved for `stallSeconds`), instead of waiting for Finished for ever.
 */
// @ts-nocheck

import { CampaignStatus } from '@console/shared/enums';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export async function campaignFinished(
  q: Query,
  campaign: { id: number; type: number },
  { stallSeconds = 30 }: { stallSeconds?: number } = {},
): Promise<void> {
  let last = '';
  let movedAt = Date.now();
  for (;;) {
    const { rows } = await q(
      `select c.status, c.pause_reason, (select row_to_json(k)::text from campaign_counters k
          where k.campaign_type = c.type and k.campaign_id = c.id) as counters
         from campaigns c where c.id = $1`,
      [campaign.id],
    );
    const row = rows[0] as { status: number; pause_reason: string | null; counters: string | null } | undefined;
    if (!row) throw new Error(`campaign ${campaign.id} is gone`);
    if (row.status === CampaignStatus.Finished) return;
    if (row.status === CampaignStatus.Paused)
      throw new Error(
        `campaign ${campaign.id} paused: ${row.pause_reason ?? '(no reason given)'}; counters ${row.counters}`,
      );
    if (row.counters !== last) {
      last = row.counters ?? '';
      movedAt = Date.now();
    } else if (Date.now() - movedAt > stallSeconds * 1000) {
      const status = Object.entries(CampaignStatus).find(([, v]) => v === row.status)?.[0] ?? row.status;
      throw new Error(
        `campaign ${campaign.id} stuck: no counter moved for ${stallSeconds} s (status ${status}); counters ${row.counters}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
