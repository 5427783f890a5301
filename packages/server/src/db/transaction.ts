import type pg from 'pg';
import type { Db } from './client.ts';

/** Runs `work` as one transaction on a connected client: committed when it returns, rolled back when it throws. */
export async function transaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  return within(client, 'begin', work);
}

/**
 * `transaction` that learns its id in BEGIN's round trip (a simple query of two statements answers with two
 * results): a caller whose COMMIT got no answer asks `txid_status` what became of it (decisions 1000, 1141).
 */
export async function transactionWithXid<T>(client: pg.ClientBase, work: (xid: string) => Promise<T>): Promise<T> {
  return within(client, 'begin; select txid_current()::text as x', (opened) =>
    work((opened as unknown as pg.QueryResult<{ x: string }>[])[1]!.rows[0]!.x),
  );
}

async function within<T>(client: pg.ClientBase, begin: string, work: (opened: pg.QueryResult) => Promise<T>) {
  const opened = await client.query(begin);
  try {
    const result = await work(opened);
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
