// @ts-nocheck
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/*
 * Excel exports (decision 0914): exceljs's streaming writer, fed row by row from a database cursor, so an
 * export of any size holds one batch in memory. Cells are typed (numbers as numbers, dates as dates), the
 * titles are the screen's column titles and the header row is frozen.
 */

export type CellValue = string | number | Date | null;

export interface XlsxColumn<T> {
  /** The screen's column title. */
  header: string;
  value: (row: T) => CellValue;
  /** Excel number format: '0.00' for money, 'yyyy-mm-dd' for dates... */
  numFmt?: string;
  width?: number;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Streams one sheet of `rows` as `filename`; rows may be an array or an async source (`cursorRows`). */
export function sendXlsx<T>(
  reply: FastifyReply,
  filename: string,
  sheetName: string,
  columns: XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
) {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const row of rows) sheet.addRow(columns.map((c) => c.value(row))).commit();
    sheet.commit();
    await book.commit();
  })().catch((e: unknown) => out.destroy(e as Error));
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(out);
}

const dialect = new PgDialect();

/** The rows of a query through a cursor, `batch` at a time, on a connection of its own. */
export async function* cursorRows<T>(db: Db, query: SQL, batch = 1000): AsyncGenerator<T> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await db.$client.connect();
  let open = false;
  try {
    await client.query('begin');
    open = true;
    await client.query(`declare export_rows no scroll cursor for ${text}`, params);
    for (;;) {
      const { rows } = await client.query<T & object>(`fetch ${batch} from export_rows`);
      if (!rows.length) break;
      yield* rows;
    }
  } finally {
    // Also when the download was abandoned half way: the cursor's transaction ends before the connection returns.
    if (open) await client.query('rollback').catch(() => {});
    client.release();
  }
}
