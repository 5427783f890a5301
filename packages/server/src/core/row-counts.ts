import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowCounts } from '../db/schema/index.ts';

/**
 * The rows of a table whose count the database keeps (`row_counts`, statement triggers of migration 0034):
 * an unfiltered administrators' list reads its total here instead of counting millions of rows (decision
 * 1461).
 */
export async function rowCount(db: Executor, table: 'unsubscribers' | 'bounced_emails'): Promise<number> {
  const [row] = await db.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.tableName, table));
  return row!.n;
}
