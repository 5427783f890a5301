// @ts-nocheck
import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { csvOptions } from './csv-records.ts';

const LIMIT = 64 * 1024;

export type FirstRecord =
  { record: string[] } | { error: 'empty' } | { error: 'tooLong' } | { error: 'malformed'; detail: string };

/**
 * The first record of a stored file, read synchronously with the request (at most 64 KB of it) so that a
 * file the import could never use is refused with a 422 before anything is queued. Blank lines are
 * skipped, as the streaming reader skips them.
 */
export async function firstRecord(file: string, delimiter = ','): Promise<FirstRecord> {
  const fh = await fs.open(file, 'r');
  let text: string;
  let whole: boolean;
  try {
    const buf = Buffer.alloc(LIMIT);
    const { bytesRead } = await fh.read(buf, 0, LIMIT, 0);
    whole = bytesRead < LIMIT;
    text = buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
  text = text.replace(/^\uFEFF/, '').replace(/^[\r\n]+/, '');
  if (!text.trim()) return { error: 'empty' };
  const nl = text.search(/\r\n|\r|\n/);
  if (nl < 0 && !whole) return { error: 'tooLong' };
  const line = nl < 0 ? text : text.slice(0, nl);
  try {
    const record = (parse(line, { ...csvOptions(delimiter), to: 1 }) as string[][])[0];
    return { record: record ?? [] };
  } catch (e) {
    return { error: 'malformed', detail: (e as Error).message };
  }
}
