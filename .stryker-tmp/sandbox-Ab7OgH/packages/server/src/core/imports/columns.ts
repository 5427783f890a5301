// @ts-nocheck
import { UploadMessages } from '@console/shared/uploads';
import { firstRecord } from './first-record.ts';

/*
 * What the spec 2 upload kinds (socks, relays, servers) share: a header row naming the columns (any
 * order, any case, '_' and '-' ignored), required and optional columns, and COPY text lines.
 */

const key = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** Index of each column of `names` found in a header record; the first of twins wins. */
export function columnIndexes<N extends string>(header: string[], names: readonly N[]): Partial<Record<N, number>> {
  const wanted = new Map(names.map((n) => [key(n), n]));
  const found: Partial<Record<N, number>> = {};
  header.forEach((cell, i) => {
    const name = wanted.get(key(cell));
    if (name && found[name] === undefined) found[name] = i;
  });
  return found;
}

/** The columns of a header, or null when a required one is missing. */
export function headerColumns<R extends string, O extends string>(
  header: string[],
  required: readonly R[],
  optional: readonly O[] = [],
): (Record<R, number> & Partial<Record<O, number>>) | null {
  const found = columnIndexes<R | O>(header, [...required, ...optional]);
  return required.every((r) => found[r] !== undefined)
    ? (found as Record<R, number> & Partial<Record<O, number>>)
    : null;
}

/** A `checkHeader` for a kind: the stored file's first record must name every required column. */
export const requireHeader =
  (required: readonly string[], message: string, delimiter = ',') =>
  async (file: string): Promise<string | undefined> => {
    const first = await firstRecord(file, delimiter);
    if ('record' in first) return headerColumns(first.record, required) ? undefined : message;
    if (first.error === 'malformed') return UploadMessages.malformed(first.detail);
    return first.error === 'empty' ? UploadMessages.emptyFile : UploadMessages.headerTooLong;
  };

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };

/** One value in COPY's text format: \N for null or blank, the few special characters escaped. */
export function copyValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  const s = v.trim();
  if (!s) return '\\N';
  return SPECIAL.test(s) ? s.replace(SPECIALS, (c) => ESCAPES[c]!) : s;
}

/** One staging row: the values tab-separated, newline-terminated. */
export const copyLine = (values: (string | number | boolean | null | undefined)[]) =>
  `${values.map(copyValue).join('\t')}\n`;

/** A cell of a record by its column (absent columns and cells read as ''). */
export const cell = (record: string[], index: number | undefined) =>
  index === undefined ? '' : (record[index] ?? '').trim();
