// @ts-nocheck
import crypto from 'node:crypto';
import { eventually, type TestApp, type TestUser } from './harness.ts';

/**
 * A multipart/form-data body as a browser sends it: the fields first, then the file; `after` are fields
 * sent after the file (as a script may).
 */
export function multipartBody(
  fields: Record<string, string | number>,
  file?: { field: string; filename?: string; type?: string; content: string | Buffer },
  after: Record<string, string | number> = {},
) {
  const boundary = `----vitest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const field = (k: string, v: string | number) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  for (const [k, v] of Object.entries(fields)) chunks.push(field(k, v));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'list.csv'}"\r\ncontent-type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  for (const [k, v] of Object.entries(after)) chunks.push(field(k, v));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a CSV to an upload route of spec 2 (the file field and the form's other fields). */
export const postFile = (
  t: TestApp,
  user: TestUser,
  url: string,
  field: string,
  content: string,
  fields: Record<string, string | number> = {},
) => t.as(user, { method: 'POST', url, ...multipartBody(fields, { field, content }) });

export interface UploadOutcome {
  status: string;
  inserted: number;
  error: string | null;
}

/** Waits until an upload has ended (done or failed) and says how. */
export const uploadOutcome = (t: TestApp, uploadId: number, timeoutMs = 30_000) =>
  eventually(async () => {
    const { rows } = await t.ctx.db.$client.query<UploadOutcome>(
      'select status, inserted, error from uploads where id = $1',
      [uploadId],
    );
    return rows[0] && ['done', 'failed'].includes(rows[0].status) ? rows[0] : undefined;
  }, timeoutMs);
