// @ts-nocheck
import { EmailListMessages as M } from '@console/shared/email-lists';
import { UploadMessages } from '@console/shared/uploads';
import { firstRecord } from '../../../core/imports/first-record.ts';

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

/** The stored file's header row, before anything is queued: the message for `emails`, or undefined. */
export async function checkHeader(file: string): Promise<string | undefined> {
  const first = await firstRecord(file);
  if ('record' in first) return columnsOf(first.record) ? undefined : M.noEmailColumn;
  if (first.error === 'malformed') return UploadMessages.malformed(first.detail);
  return first.error === 'empty' ? UploadMessages.emptyFile : UploadMessages.headerTooLong;
}
