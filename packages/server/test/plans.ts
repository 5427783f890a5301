import { eventually, type TestApp } from './harness.ts';

/**
 * The trigram indexes on a column: what serves a list's "contains" search (`column ILIKE '%text%'`, as
 * `filters.contains` sends it) without reading every row. Asked of the catalogue, not of a plan: on a test's
 * few rows the planner reads the table (or any index) whatever exists (bench/scale, decision 1461).
 */
export async function trigramIndexes(t: TestApp, table: string, column: string): Promise<string[]> {
  const { rows } = await t.ctx.db.$client.query<{ indexname: string }>(
    `select indexname from pg_indexes where schemaname = current_schema() and tablename = $1 and indexdef like $2`,
    [table, `% USING gin (${column} gin_trgm_ops)`],
  );
  return rows.map((r) => r.indexname);
}

/** How often `table` was scanned (pg_stat_user_tables) and the entries each of its indexes gave, by name. */
export async function indexReads(t: TestApp, table: string) {
  const { rows } = await t.ctx.db.$client.query<{ name: string | null; n: string }>(
    `select null as name, seq_scan + coalesce(idx_scan, 0) as n from pg_stat_user_tables where relname = $1
     union all
     select indexrelname, idx_tup_read from pg_stat_user_indexes where relname = $1`,
    [table],
  );
  return {
    scans: Number(rows.find((r) => r.name === null)!.n),
    read: Object.fromEntries(rows.filter((r) => r.name !== null).map((r) => [r.name!, Number(r.n)])),
  };
}

/**
 * The entries each index of `table` gave since `before`. A backend reports its reads a moment after its
 * transaction ends: this waits until the table shows a scan since `before`.
 */
export async function indexReadsAfter(t: TestApp, table: string, before: Awaited<ReturnType<typeof indexReads>>) {
  const after = await eventually(async () => {
    const now = await indexReads(t, table);
    return now.scans > before.scans && now;
  });
  return Object.fromEntries(Object.entries(after.read).map(([name, n]) => [name, n - (before.read[name] ?? 0)]));
}
