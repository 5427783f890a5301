import type { Db } from './client.ts';

/** The response header that says how old the data of a report read from the replica is, in seconds (decision 1411). */
export const DATA_AGE_HEADER = 'x-data-age';

/**
 * How far a streaming replica is behind its primary, in whole seconds: 0 when it has replayed all it
 * received and still streams (an idle primary sends nothing, which is not lag), otherwise the time since
 * the last transaction it replayed. On a primary (no replica configured), 0.
 */
export async function replicaLag(db: Db): Promise<number> {
  const { rows } = await db.$client.query<{ lag: number }>(
    `select case
              when not pg_is_in_recovery() then 0
              when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
                   and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
              else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
            end::float8 as lag`,
  );
  return Math.max(0, Math.round(rows[0]?.lag ?? 0));
}
