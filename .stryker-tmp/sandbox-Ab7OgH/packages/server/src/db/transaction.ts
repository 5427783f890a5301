// @ts-nocheck
import type pg from 'pg';
import type { Db } from './client.ts';

/** Runs `work` as one transaction on a connected client: committed when it returns, rolled back when it throws. */
export async function transaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => {}); // the connection may be what failed; the error that matters is `e`
    throw e;
  }
}

/** `transaction` on a client of the pool of its own, released afterwards (raw SQL work: COPY, locks, set-based merges). */
export async function inTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    return await transaction(client, () => work(client));
  } finally {
    client.release();
  }
}
