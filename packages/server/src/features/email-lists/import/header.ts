import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { EmailListMessages as M } from '@console/shared/email-lists';

/** Index of each known column in a record; email is required, the others optional. */
export interface Columns {
  email: number;
  name?: number;
  surname?: number;
  birthYear?: number;
  city?: number;
  geo?: number;
}

// Header cells are matched case-insensitively, ignoring blanks, '_' and '-' (birthYear = birth_year).
const ALIASES: Record<string, keyof Columns> = {
  email: 'email',
  emailaddress: 'email',
  name: 'name',
  firstname: 'name',
  surname: 'surname',
  lastname: 'surname',
  birthyear: 'birthYear',
  city: 'city',
  geo: 'geo',
  country: 'geo',
};

const key = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The columns of a header record; null when it has no email column. The first of twins wins. */
export function columnsOf(header: string[]): Columns | null {
  const found: Partial<Columns> = {};
  header.forEach((cell, i) => {
    const name = ALIASES[key(cell)];
    if (name && found[name] === undefined) found[name] = i;
  });
  return found.email === undefined ? null : (found as Columns);
}

/** Options shared by the header check and the streaming parser, so both read a file the same way. */
export const CSV_OPTIONS = {
  bom: true,
  delimiter: ',',
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  max_record_size: 1_000_000,
} as const;

const HEADER_LIMIT = 64 * 1024;

/**
 * Reads only the first line of an uploaded file, synchronously with the request, so that a file the
 * import could never use is refused with a 422 before anything is queued. Returns the columns, or the
 * message for the `emails` field.
 */
export async function checkHeader(file: string): Promise<{ columns: Columns } | { error: string }> {
  const fh = await fs.open(file, 'r');
  let text: string;
  let whole: boolean;
  try {
    const buf = Buffer.alloc(HEADER_LIMIT);
    const { bytesRead } = await fh.read(buf, 0, HEADER_LIMIT, 0);
    whole = bytesRead < HEADER_LIMIT;
    text = buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
  // Blank lines are skipped by the parser too (skip_empty_lines), so the header is the first non-empty line.
  text = text.replace(/^\uFEFF/, '').replace(/^[\r\n]+/, '');
  if (!text.trim()) return { error: M.emptyFile };
  const nl = text.search(/\r\n|\r|\n/);
  if (nl < 0 && !whole) return { error: M.headerTooLong };
  const line = nl < 0 ? text : text.slice(0, nl);
  let header: string[] | undefined;
  try {
    header = (parse(line, { ...CSV_OPTIONS, to: 1 }) as string[][])[0];
  } catch (e) {
    return { error: M.malformed((e as Error).message) };
  }
  const columns = header && columnsOf(header);
  return columns ? { columns } : { error: M.noEmailColumn };
}
