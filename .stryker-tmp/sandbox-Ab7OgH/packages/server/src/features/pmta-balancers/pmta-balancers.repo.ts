// @ts-nocheck
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { BALANCER_REMOVED, type BalancerEntry, type BalancerStatus } from '@console/shared/pmta-balancers';
import type { Executor } from '../../db/client.ts';
import { mailServiceSettings, pmtaServerBalancers as b } from '../../db/schema/index.ts';

/** The server's entries, by setting id: its settings' names with their state on it. */
export function listBalancers(db: Executor, serverId: number): Promise<BalancerEntry[]> {
  return db
    .select({
      id: b.id,
      balancerName: mailServiceSettings.name,
      status: sql<BalancerEntry['status']>`${b.status}`,
      comment: b.comment,
    })
    .from(b)
    .innerJoin(mailServiceSettings, eq(mailServiceSettings.id, b.mailServiceSettingId))
    .where(eq(b.pmtaServerId, serverId))
    .orderBy(asc(b.mailServiceSettingId));
}

export async function findBalancer(db: Executor, id: number) {
  const [row] = await db
    .select({ id: b.id, pmtaServerId: b.pmtaServerId, status: b.status })
    .from(b)
    .where(eq(b.id, id));
  return row;
}

/**
 * Every mail service setting onto the server with `status` and `comment`, whatever its entry said (a
 * removed one included): one set-based statement, so a setting deleted meanwhile is simply not there.
 */
export const putEverySetting = (db: Executor, serverId: number, status: BalancerStatus, comment: string) =>
  db.execute(sql`
    insert into ${b} (pmta_server_id, mail_service_setting_id, status, comment)
    select ${serverId}, s.id, ${status}, ${comment} from ${mailServiceSettings} s
    on conflict (pmta_server_id, mail_service_setting_id)
    do update set status = excluded.status, comment = excluded.comment, updated_at = now()`);

/** Each entry's own comment, by setting id (`{settingId: comment}`). */
export const setComments = (db: Executor, serverId: number, comments: Record<number, string>) =>
  db.execute(sql`
    update ${b} set comment = c.value
    from jsonb_each_text(${JSON.stringify(comments)}::jsonb) c
    where ${b.pmtaServerId} = ${serverId} and ${b.mailServiceSettingId} = c.key::int`);

/** The entry made 'removed'; false when it already was (or is gone). */
export async function markRemoved(db: Executor, id: number, comment: string) {
  const rows = await db
    .update(b)
    .set({ status: BALANCER_REMOVED, comment, updatedAt: new Date() })
    .where(and(eq(b.id, id), ne(b.status, BALANCER_REMOVED)))
    .returning({ id: b.id });
  return rows.length > 0;
}
