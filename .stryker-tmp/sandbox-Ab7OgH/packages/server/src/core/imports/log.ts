// @ts-nocheck
import type pg from 'pg';
import type { LogType } from '@console/shared/uploads';

const MAX_TEXT = 2000;

/**
 * One line of the uploading log (spec 3, Tools): the kind's name as source, a type, a text (bounded: a
 * list name may be 10,000 characters). On a run's transaction the line exists exactly when what it tells
 * of does; `logUpload` is for lines outside one, and never fails its caller (the log is a record, not a
 * step).
 */
export async function logLine(
  db: Pick<pg.ClientBase, 'query'>,
  source: string,
  type: LogType,
  text: string,
  uploadId?: number,
): Promise<void> {
  const msgText = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  await db.query('insert into upload_log (source, msg_type, msg_text, upload_id) values ($1, $2, $3, $4)', [
    source,
    type,
    msgText,
    uploadId ?? null,
  ]);
}

export const logUpload = (...args: Parameters<typeof logLine>) => logLine(...args).catch(() => {});
