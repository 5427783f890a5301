/**
 * Where PostgreSQL's backends spend the wall time (WAITS=1 in run.ts): samples pg_stat_activity every
 * 20 ms and counts, per backend kind, the wait event (CPU when none). A backend busy on CPU and one
 * waiting for the disk (WALWrite, DataFileWrite, ...) look alike in wall time; this tells them apart.
 */
// @ts-nocheck

import type pg from 'pg';

export function waitSampler(db: pg.Client) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query<{ who: string; ev: string }>(
        `select case when backend_type = 'client backend' then left(regexp_replace(query, '\\s+', ' ', 'g'), 40)
                     else backend_type end as who,
                coalesce(wait_event_type || ':' || wait_event, 'CPU') as ev
           from pg_stat_activity
          where pid <> pg_backend_pid() and (state = 'active' or backend_type <> 'client backend')
            and coalesce(wait_event, '') not in ('WalWriterMain', 'CheckpointerMain', 'BgWriterHibernate',
              'BgWriterMain', 'AutoVacuumMain', 'LogicalLauncherMain', 'ArchiverMain', 'IoWorkerMain')`,
      );
      samples++;
      for (const r of rows) counts.set(`${r.who} | ${r.ev}`, (counts.get(`${r.who} | ${r.ev}`) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop(title: string) {
      running = false;
      await loop;
      console.log(`${title}: ${samples} samples of pg_stat_activity (share of samples)`);
      for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 14))
        console.log(`  ${((100 * n) / samples).toFixed(0).padStart(3)}%  ${k}`);
      counts.clear();
      samples = 0;
    },
  };
}
