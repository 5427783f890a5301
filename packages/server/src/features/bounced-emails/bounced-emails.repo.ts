import { eq, sql } from 'drizzle-orm';
import { BOUNCED_EMAILS_PAGE_SIZE, bouncedEmailItem, type BouncedEmail } from '@console/shared/bounced-emails';
import type { Db, Executor } from '../../db/client.ts';
import { bouncedEmails as b, campaigns } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import type { AuthUser } from '../../core/context.ts';
import { cursorRows } from '../../core/xlsx.ts';
import { relayNameOf } from '../../core/relay-name.ts';

/** The relay of the last bounce, of the campaign's kind. */
const relayName = relayNameOf(campaigns.type, b.relayId);

/** GET /api/bounced_emails (administrators): email.email (contains), reason; the last bounced first. */
export const bouncedEmailsCollection = defineCollection({
  table: b,
  scope: 'adminOnly',
  item: bouncedEmailItem,
  fields: {
    id: b.id,
    email: b.email,
    reason: b.reason,
    diagnostic: b.diagnostic,
    firstBounceAt: b.firstBounceAt,
    lastBounceAt: b.lastBounceAt,
    count: b.count,
    campaignId: campaigns.id,
    campaignName: campaigns.name,
    relayId: b.relayId,
    relayName,
  },
  join: (q) => q.leftJoin(campaigns, eq(campaigns.id, b.campaignId)),
  filters: {
    'email.email': filters.contains(b.email, 'Email'),
    reason: filters.contains(b.reason, 'Reason'),
  },
  sortable: { id: b.id, email: b.email, lastBounceAt: b.lastBounceAt, count: b.count },
  order: [sql`${b.lastBounceAt} desc`, sql`${b.id} desc`],
  pageSize: BOUNCED_EMAILS_PAGE_SIZE,
  present: (r): BouncedEmail => ({
    id: r.id,
    email: r.email,
    reason: r.reason,
    diagnostic: r.diagnostic,
    firstBounceAt: r.firstBounceAt.toISOString(),
    lastBounceAt: r.lastBounceAt.toISOString(),
    count: r.count,
    campaign: r.campaignId === null ? null : { id: r.campaignId, name: r.campaignName ?? '' },
    relay: r.relayId === null || r.relayName === null ? null : { id: r.relayId, name: r.relayName },
  }),
});

export const findBouncedEmail = (db: Executor, id: number) => bouncedEmailsCollection.one(db, null, eq(b.id, id));

export interface BouncedExportRow {
  email: string;
  reason: string;
  diagnostic: string | null;
  firstBounceAt: Date;
  lastBounceAt: Date;
  count: number;
  campaign: string | null;
  relay: string | null;
}

/** Every row the list's filters select, in its order, through a cursor (the CSV export). */
export const bouncedExportRows = (db: Db, user: AuthUser, q: (typeof bouncedEmailsCollection)['query']['_output']) =>
  cursorRows<BouncedExportRow>(
    db,
    sql`select ${b.email} as email, ${b.reason} as reason, ${b.diagnostic} as diagnostic,
               ${b.firstBounceAt} as "firstBounceAt", ${b.lastBounceAt} as "lastBounceAt", ${b.count} as count,
               ${campaigns.name} as campaign, ${relayName} as relay
          from ${b} left join ${campaigns} on ${campaigns.id} = ${b.campaignId}
         where ${bouncedEmailsCollection.where(user, q)}
         order by ${b.lastBounceAt} desc, ${b.id} desc`,
  );
