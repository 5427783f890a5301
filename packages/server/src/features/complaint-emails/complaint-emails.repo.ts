import { eq, sql } from 'drizzle-orm';
import { COMPLAINT_EMAILS_PAGE_SIZE, complaintEmailItem, type ComplaintEmail } from '@console/shared/complaint-emails';
import type { Db, Executor } from '../../db/client.ts';
import { campaigns, complaintEmails as ce, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import type { AuthUser } from '../../core/context.ts';
import { cursorRows } from '../../core/xlsx.ts';
import { relayNameOf } from '../../core/relay-name.ts';

const relayName = relayNameOf(campaigns.type, ce.relayId);

/** GET /api/complaint_emails (administrators): email.email (contains), source, user.id; the last first. */
export const complaintEmailsCollection = defineCollection({
  table: ce,
  scope: 'adminOnly',
  item: complaintEmailItem,
  fields: {
    id: ce.id,
    email: ce.email,
    user: sql<ComplaintEmail['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    source: ce.source,
    firstComplaintAt: ce.firstComplaintAt,
    lastComplaintAt: ce.lastComplaintAt,
    count: ce.count,
    campaignId: campaigns.id,
    campaignName: campaigns.name,
    relayId: ce.relayId,
    relayName,
  },
  join: (q) => q.innerJoin(users, eq(users.id, ce.userId)).leftJoin(campaigns, eq(campaigns.id, ce.campaignId)),
  filters: {
    'email.email': filters.contains(ce.email, 'Email'),
    source: filters.contains(ce.source, 'Source'),
    'user.id': filters.owner(ce.userId),
  },
  sortable: { id: ce.id, email: ce.email, lastComplaintAt: ce.lastComplaintAt, count: ce.count, user: users.username },
  order: [sql`${ce.lastComplaintAt} desc`, sql`${ce.id} desc`],
  pageSize: COMPLAINT_EMAILS_PAGE_SIZE,
  present: (r): ComplaintEmail => ({
    id: r.id,
    email: r.email,
    user: r.user,
    source: r.source,
    firstComplaintAt: r.firstComplaintAt.toISOString(),
    lastComplaintAt: r.lastComplaintAt.toISOString(),
    count: r.count,
    campaign: r.campaignId === null ? null : { id: r.campaignId, name: r.campaignName ?? '' },
    relay: r.relayId === null || r.relayName === null ? null : { id: r.relayId, name: r.relayName },
  }),
});

export const findComplaintEmail = (db: Executor, id: number) => complaintEmailsCollection.one(db, null, eq(ce.id, id));

export interface ComplaintExportRow {
  email: string;
  owner: string;
  source: string;
  firstComplaintAt: Date;
  lastComplaintAt: Date;
  count: number;
  campaign: string | null;
  relay: string | null;
}

/** Every row the list's filters select, in its order, through a cursor (the CSV export). */
export const complaintExportRows = (
  db: Db,
  user: AuthUser,
  q: (typeof complaintEmailsCollection)['query']['_output'],
) =>
  cursorRows<ComplaintExportRow>(
    db,
    sql`select ${ce.email} as email, ${users.username} as owner, ${ce.source} as source,
               ${ce.firstComplaintAt} as "firstComplaintAt", ${ce.lastComplaintAt} as "lastComplaintAt",
               ${ce.count} as count, ${campaigns.name} as campaign, ${relayName} as relay
          from ${ce} join ${users} on ${users.id} = ${ce.userId}
          left join ${campaigns} on ${campaigns.id} = ${ce.campaignId}
         where ${complaintEmailsCollection.where(user, q)}
         order by ${ce.lastComplaintAt} desc, ${ce.id} desc`,
  );
