// @ts-nocheck
import { CsvError, parse } from 'csv-parse/sync';
import type { AcctRecord, AcctType } from './record.ts';

/*
 * One line of an accounting CSV into a record (../shared/PMTA.md "Accounting files"; decision 0911). PMTA
 * writes one record per line, so each line is parsed on its own: a broken line (a quote left open, a record
 * cut short) spoils only itself. The header row gives the column order.
 */

const TYPES: ReadonlySet<string> = new Set<AcctType>(['d', 'b', 't', 'f', 'rb', 'rs']);

/** The cells of one line (without its line break); throws CsvError on a broken quote. */
export function cellsOf(line: string): string[] {
  // Most lines quote nothing: a plain split is what csv-parse would answer, several times faster.
  if (!line.includes('"')) return line.split(',');
  return (parse(line, { relax_column_count: true }) as string[][])[0] ?? [''];
}

/** The column order a header row gives: name -> index. */
export type AcctHeader = ReadonlyMap<string, number> & { readonly columns: number; readonly line: string };

export function headerOf(line: string): AcctHeader | string {
  let cells: string[];
  try {
    cells = cellsOf(line);
  } catch (e) {
    return `the header row is not CSV (${(e as CsvError).message})`;
  }
  const names = cells.map((c) => c.trim());
  if (names[0] !== 'type' || !names.includes('timeLogged'))
    return 'the first row is not a header row of type, timeLogged, ...';
  return Object.assign(new Map(names.map((n, i) => [n, i])), { columns: names.length, line });
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** PMTA writes times as `2016-05-29 01:10:51+0200` or as a time_t; both are read. */
export function acctTime(text: string): Date | null {
  const s = text.trim();
  if (/^\d{9,11}$/.test(s)) return new Date(Number(s) * 1000);
  const m = DATE.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const zone = m[7] && m[7] !== 'Z' ? m[7].replace(':', '') : '+0000';
  const offset = (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  const utc = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(utc);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || se > 60) return null;
  return new Date(utc - offset * 60_000);
}

/**
 * A record, null for a well-formed record of a type the console does not read (e.g. `r` receipts), or
 * the reason a line is malformed.
 */
export function recordOf(header: AcctHeader, line: string): AcctRecord | null | string {
  let cells: string[];
  try {
    cells = cellsOf(line);
  } catch (e) {
    return `not a CSV record (${(e as CsvError).message})`;
  }
  if (cells.length !== header.columns) return `${cells.length} fields where the header has ${header.columns}`;
  const get = (name: string) => {
    const i = header.get(name);
    return i === undefined ? '' : cells[i]!;
  };
  const type = get('type');
  if (!TYPES.has(type)) return /^[a-z]{1,4}$/.test(type) ? null : `unknown record type "${type.slice(0, 20)}"`;
  const timeLogged = acctTime(get('timeLogged'));
  if (!timeLogged) return `timeLogged "${get('timeLogged').slice(0, 40)}" is not a time`;
  return {
    type: type as AcctType,
    timeLogged,
    rcpt: get('rcpt'),
    envId: get('envId'),
    jobId: get('jobId'),
    vmta: get('vmta'),
    bounceCat: get('bounceCat'),
    dsnStatus: get('dsnStatus'),
    dsnDiag: get('dsnDiag'),
  };
}
