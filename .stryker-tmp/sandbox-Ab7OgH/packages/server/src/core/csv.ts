// @ts-nocheck
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/*
 * CSV exports: RFC 4180 lines streamed from any row source (`cursorRows`, core/xlsx.ts), so an export of any
 * size holds one batch in memory. A cell that a spreadsheet would read as a formula (= + - @, a tab or a CR
 * first) is prefixed with ' (OWASP's CSV injection advice): addresses and diagnostics come from strangers.
 */

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | Date | null;
}

export function csvCell(v: string | number | Date | null): string {
  if (v === null) return '';
  let s = v instanceof Date ? v.toISOString() : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | Date | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Streams `rows` as the CSV file `filename`, its first line the columns' headers. */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
) {
  async function* lines() {
    yield csvLine(columns.map((c) => c.header));
    for await (const row of rows) yield csvLine(columns.map((c) => c.value(row)));
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}
