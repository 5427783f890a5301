import type { TestApp } from './harness.ts';

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
