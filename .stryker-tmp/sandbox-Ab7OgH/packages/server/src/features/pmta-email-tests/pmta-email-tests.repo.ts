// @ts-nocheck
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import {
  PMTA_EMAIL_TESTS_PAGE_SIZE,
  PMTA_EMAIL_TEST_STATUSES,
  PmtaEmailTestMessages as M,
  PmtaEmailTestStatus,
  pmtaEmailTestItem,
  type PmtaEmailTest,
} from '@console/shared/pmta-email-tests';
import type { Executor } from '../../db/client.ts';
import { messages, offers, pmtaEmailTests as e, pmtaRelays, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

const statusValue = z
  .enum(PMTA_EMAIL_TEST_STATUSES.map((_, i) => String(i)) as [string, ...string[]], { error: M.invalidStatus })
  .transform(Number);

/**
 * GET /api/pmta_email_tests: newest first, 30 a page. Filters: pmtaRelay.smtpHost (contains), status (an
 * index of the statuses), user.id (administrators; others always get their own).
 */
export const pmtaEmailTestsCollection = defineCollection({
  table: e,
  item: pmtaEmailTestItem,
  fields: {
    id: e.id,
    date: e.date,
    email: e.email,
    sender: e.sender,
    pmtaRelay: sql<
      PmtaEmailTest['pmtaRelay']
    >`json_build_object('id', ${pmtaRelays.id}, 'smtpHost', ${pmtaRelays.smtpHost})`,
    message: sql<PmtaEmailTest['message']>`json_build_object('id', ${messages.id}, 'name', ${messages.name})`,
    offer: sql<PmtaEmailTest['offer']>`json_build_object('id', ${offers.id}, 'name', ${offers.name})`,
    user: sql<PmtaEmailTest['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    status: e.status,
    reason: e.reason,
  },
  join: (q) =>
    q
      .innerJoin(pmtaRelays, eq(pmtaRelays.id, e.pmtaRelayId))
      .innerJoin(messages, eq(messages.id, e.messageId))
      .innerJoin(offers, eq(offers.id, e.offerId))
      .innerJoin(users, eq(users.id, e.userId)),
  scope: ownedBy(e.userId),
  filters: {
    'pmtaRelay.smtpHost': filters.contains(pmtaRelays.smtpHost, 'SMTP host'),
    status: filters.equals(e.status, statusValue),
    'user.id': filters.owner(e.userId),
  },
  sortable: {
    id: e.id,
    date: e.date,
    email: e.email,
    sender: e.sender,
    pmtaRelay: pmtaRelays.smtpHost,
    message: messages.name,
    offer: offers.name,
    status: e.status,
    user: users.username,
  },
  order: [sql`${e.id} desc`],
  pageSize: PMTA_EMAIL_TESTS_PAGE_SIZE,
  present: (r): PmtaEmailTest => ({ ...r, date: r.date.toISOString() }),
});

export const findPmtaEmailTest = (db: Executor, user: AuthUser, id: number) =>
  pmtaEmailTestsCollection.one(db, user, eq(e.id, id));

export async function insertPmtaEmailTest(db: Executor, v: typeof e.$inferInsert): Promise<number> {
  const [row] = await db.insert(e).values(v).returning({ id: e.id });
  return row!.id;
}

/** A test that was never injected: failed, and why. */
export async function setFailed(db: Executor, id: number, reason: string) {
  await db.update(e).set({ status: PmtaEmailTestStatus.failed, reason, updatedAt: new Date() }).where(eq(e.id, id));
}
