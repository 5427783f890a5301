import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets a leading quote,
 * OWASP's advice against CSV injection: the failures file is meant to be opened in one.
 */
const neutralised = (column: string) =>
  `case when ${column} ~ '^[-=+@\t\r]' then '''' || ${column} else ${column} end as ${column}`;

/**
 * The failures file of a run: `row,<columns>,reason`, by row, from the staging table's rows that have a
 * reason. Written beside its place and renamed, so a reader never sees half a file.
 */
export async function writeFailures(client: pg.ClientBase, target: string, columns: string[]) {
  const tmp = `${target}.part`;
  try {
    await pipeline(
      client.query(
        copyTo(`copy (
          select rn as row, ${columns.map(neutralised).join(', ')}, reason
          from import_stage where reason is not null order by rn
        ) to stdout with (format csv, header)`),
      ),
      fs.createWriteStream(tmp, { mode: 0o600 }), // addresses of the user's: the owner's only
    );
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
