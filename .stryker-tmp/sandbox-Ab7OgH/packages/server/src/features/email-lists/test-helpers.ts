// @ts-nocheck
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { eventually, type TestApp, type TestUser } from '../../../test/harness.ts';

/** Test data for the email-lists tests (not a test file itself). */

export async function category(t: TestApp, name = `cat-${crypto.randomBytes(3).toString('hex')}`): Promise<number> {
  const { rows } = await t.ctx.db.$client.query<{ id: number }>(
    'insert into categories (name) values ($1) returning id',
    [name],
  );
  return rows[0]!.id;
}

/** A list owned by `owner`, assigned to `users`, straight in the database. */
export async function list(
  t: TestApp,
  owner: TestUser,
  opts: { name?: string; categoryId?: number; users?: TestUser[] } = {},
) {
  const categoryId = opts.categoryId ?? (await category(t));
  const { rows } = await t.ctx.db.$client.query<{ id: number }>(
    'insert into email_lists (name, category_id, user_id) values ($1, $2, $3) returning id',
    [opts.name ?? `list-${crypto.randomBytes(3).toString('hex')}`, categoryId, owner.id],
  );
  const id = rows[0]!.id;
  for (const u of opts.users ?? []) {
    await t.ctx.db.$client.query('insert into email_list_users (email_list_id, user_id) values ($1, $2)', [id, u.id]);
  }
  return { id, categoryId };
}

/** A multipart/form-data body, as a browser sends it. */
export function multipart(
  fields: Record<string, string>,
  file?: { filename: string; type: string; content: string | Buffer },
) {
  const boundary = `----vitest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="emails"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(
  t: TestApp,
  u: TestUser,
  emailListId: number | string,
  csv: string | Buffer,
  file: { filename?: string; type?: string } = {},
) {
  return t.as(u, {
    method: 'POST',
    url: '/api/add-emails',
    ...multipart(
      { emailListId: String(emailListId) },
      { filename: file.filename ?? 'list.csv', type: file.type ?? 'text/csv', content: csv },
    ),
  });
}

export interface ListState {
  total_counter: number;
  valid_counter: number;
  job: number | null;
  completion: number;
  failed_file: string | null;
}

export async function state(t: TestApp, listId: number): Promise<ListState> {
  const { rows } = await t.ctx.db.$client.query<ListState>(
    'select total_counter, valid_counter, job, completion, failed_file from email_lists where id = $1',
    [listId],
  );
  return rows[0]!;
}

/** Uploads and waits until the upload has ended (done or failed). */
export async function uploadAndWait(t: TestApp, u: TestUser, listId: number, csv: string | Buffer) {
  const res = await upload(t, u, listId, csv);
  expect(res.statusCode, res.body).toBe(200);
  const jobId = res.json().jobId as number;
  const status = await waitUpload(t, jobId);
  return { jobId, status };
}

export async function waitUpload(t: TestApp, uploadId: number, timeoutMs = 30_000): Promise<string> {
  return eventually(async () => {
    const { rows } = await t.ctx.db.$client.query<{ status: string }>('select status from uploads where id = $1', [
      uploadId,
    ]);
    return rows[0] && ['done', 'failed'].includes(rows[0].status) ? rows[0].status : undefined;
  }, timeoutMs);
}

/** The list's counters must equal what its e-mails say, per provider too. */
export async function expectCountersExact(t: TestApp, listId: number) {
  const db = t.ctx.db.$client;
  const s = await state(t, listId);
  const { rows: real } = await db.query<{ n: number; v: number }>(
    'select count(*)::int as n, (count(*) filter (where valid))::int as v from emails where email_list_id = $1',
    [listId],
  );
  expect({ total: s.total_counter, valid: s.valid_counter }).toEqual({ total: real[0]!.n, valid: real[0]!.v });
  const { rows: byProvider } = await db.query(
    `select mail_provider_id, count(*)::int as n from emails where email_list_id = $1 group by 1 order by 1`,
    [listId],
  );
  const { rows: counters } = await db.query(
    `select mail_provider_id, counter as n from email_list_provider_counters where email_list_id = $1 and counter <> 0 order by 1`,
    [listId],
  );
  expect(counters).toEqual(byProvider);
}
