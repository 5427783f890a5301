// @ts-nocheck
import type pg from 'pg';
import { ImportFileError } from './kind.ts';

/** How many bad lines the error names; the rest are counted. */
const NAMED_LINES = 5;

/**
 * "The whole file or nothing" (spec 2 uploads): when any staged row has a reason, the upload fails with
 * the first lines named ('Line 3: Not valid IP address. Line 7: ...') and nothing is merged. Call it
 * from the kind's `prepare`; row numbers count the header as line 1, as an editor shows the file.
 */
export async function refuseBadLines(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ rn: number; reason: string; total: number }>(
    `select rn, reason, count(*) over ()::int as total from import_stage where reason is not null order by rn limit $1`,
    [NAMED_LINES],
  );
  if (!rows.length) return;
  const named = rows.map((r) => `Line ${r.rn}: ${r.reason.replace(/\.$/, '')}`).join('. ');
  const more = rows[0]!.total - rows.length;
  throw new ImportFileError(`${named}.${more > 0 ? ` And ${more} more bad line(s).` : ''} Nothing was imported.`);
}
