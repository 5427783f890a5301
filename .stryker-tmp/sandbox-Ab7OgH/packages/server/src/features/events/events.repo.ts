// @ts-nocheck
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** What a live stream re-reads of its user on each heartbeat: still active, still the same role. */
export async function streamUser(db: Executor, id: number) {
  const [row] = await db.select({ isActive: users.isActive, roles: users.roles }).from(users).where(eq(users.id, id));
  return row;
}
