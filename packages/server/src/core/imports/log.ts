import type { LogType } from '@console/shared/uploads';
import type { Db } from '../../db/client.ts';
import { uploadLog } from '../../db/schema.ts';

const MAX_TEXT = 2000;

/**
 * One line of the uploading log (spec 3, Tools): the kind's name as source, a type, a text (bounded: a
 * list name may be 10,000 characters). Never fails the caller: the log is a record, not a step.
 */
export async function logUpload(db: Db, source: string, type: LogType, text: string, uploadId?: number): Promise<void> {
  const msgText = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
  await db
    .insert(uploadLog)
    .values({ source, msgType: type, msgText, uploadId })
    .catch(() => {});
}
