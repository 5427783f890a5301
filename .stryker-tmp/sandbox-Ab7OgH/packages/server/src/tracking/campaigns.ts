// @ts-nocheck
import type pg from 'pg';
import type { TrackingCampaignType } from '@console/shared/tracking';
import { CampaignTypeOf } from '@console/shared/enums';

/*
 * What a tracking hit needs to know of its campaign (owner, offer links, the list's category, the owner's
 * profit rate), kept in memory for a few seconds so a burst of hits costs no query per request. A change
 * (a new plug, another profit rate) reaches the tracker within TTL_MS.
 */

export interface TrackedCampaign {
  type: TrackingCampaignType;
  id: number;
  userId: number;
  offerUrl: string;
  /** The offer's replacement URL: while set, clicks go there (decision 0803). */
  plug: string | null;
  /** The category of the campaign's list: where an unsubscribe goes. */
  categoryId: number;
  /** The owner's profit rate, 0-100 (%). */
  profitRate: number;
  /** The offer owner's postback key (null until made: every postback is refused). */
  postbackKey: string | null;
  /** The offer's postback rules: a click first; the largest sum (units; null: POSTBACK_MAX_UNITS). */
  postbackRequiresClick: boolean;
  postbackMaxAmount: number | null;
  /** The recipients' rows were archived (decision 1370): hits are answered from the list, not counted. */
  recipientsArchived: boolean;
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const PG_INT_MAX = 2 ** 31 - 1;

export class CampaignCache {
  private entries = new Map<string, { until: number; value: Promise<TrackedCampaign | null> }>();

  private pool: pg.Pool;
  private ttlMs: number;

  constructor(pool: pg.Pool, ttlMs = TTL_MS) {
    this.pool = pool;
    this.ttlMs = ttlMs;
  }

  /** The campaign, or null when there is none of that type and id. Concurrent misses share one query. */
  get(type: TrackingCampaignType, id: number): Promise<TrackedCampaign | null> {
    if (id < 1 || id > PG_INT_MAX) return Promise.resolve(null);
    const key = `${type}:${id}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = this.load(type, id);
    this.entries.set(key, { until: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  private async load(type: TrackingCampaignType, id: number): Promise<TrackedCampaign | null> {
    const { rows } = await this.pool.query<Omit<TrackedCampaign, 'type' | 'id'>>(
      `select c.user_id as "userId", o.url as "offerUrl", nullif(o.plug, '') as plug, l.category_id as "categoryId",
              u.profit_rate as "profitRate", k.postback_key as "postbackKey",
              o.postback_requires_click as "postbackRequiresClick", o.postback_max_amount as "postbackMaxAmount",
              c.recipients_archived_at is not null as "recipientsArchived"
         from campaigns c
         join offers o on o.id = c.offer_id
         left join owner_secrets k on k.user_id = o.user_id
         join email_lists l on l.id = c.email_list_id
         join users u on u.id = c.user_id
        where c.id = $1 and c.type = $2`,
      [id, CampaignTypeOf[type]],
    );
    return rows[0] ? { type, id, ...rows[0] } : null;
  }
}

/** Whether the recipient clicked a link of the campaign (an offer's postback may require it). */
export async function recipientClicked(db: pg.Pool, campaignId: number, emailId: number): Promise<boolean> {
  const { rows } = await db.query<{ clicked: boolean }>(
    `select first_click_at is not null as clicked from campaign_recipients where campaign_id = $1 and email_id = $2`,
    [campaignId, emailId],
  );
  return rows[0]?.clicked ?? false;
}
