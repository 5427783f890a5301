import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { EmailListMessages as M } from '@console/shared/email-lists';
import { isId } from '@console/shared/ids';
import { UploadKinds } from '@console/shared/uploads';
import { assertCanChange } from '../../../core/access.ts';
import type { AppContext } from '../../../core/context.ts';
import { AppError, invalid } from '../../../core/errors.ts';
import { defineImport, type MergeRun, type Upload } from '../../../core/imports/kind.ts';
import { loadProviderMap } from '../../../core/provider-of.ts';
import { visibleList } from '../email-lists.service.ts';
import { DIRECT_COPY, EmailRows, STAGE } from './email-rows.ts';
import { checkHeader } from './header.ts';
import { NEXT_JOB, markDuplicatesInFile, merge } from './merge.ts';

/** The list the caller may add e-mails to: 422/404 when it cannot be, 403 for an assigned user. */
async function target(ctx: AppContext, req: FastifyRequest, fields: Record<string, string>) {
  if (!isId(fields.emailListId)) throw invalid({ emailListId: M.listNotFound });
  const list = await visibleList(ctx.db, req.user, Number(fields.emailListId)).catch((e) => {
    throw e instanceof AppError && e.status === 404 ? new AppError(404, { emailListId: M.listNotFound }) : e;
  });
  assertCanChange(list, req.user);
  return { id: list.id, params: fields.context ? { context: fields.context.slice(0, 255) } : undefined };
}

/** The list shows the upload as its running job (completion 0) from the moment it is accepted. */
async function onAccepted(tx: pg.ClientBase, up: Upload) {
  const { rowCount } = await tx.query('update email_lists set job = $2, completion = 0 where id = $1', [
    up.targetId,
    up.id,
  ]);
  if (!rowCount) throw new AppError(404, { emailListId: M.listNotFound }); // deleted meanwhile
}

/**
 * The direct path: a first upload into an empty list is read straight into `emails` (decision 1240).
 * Only one upload of a list at a time takes it (a transaction-scoped advisory lock; another one takes the
 * ordinary way and merges after). KEY SHARE on the list row keeps every other writer of its e-mails out (they
 * lock it FOR UPDATE) until the commit, while the progress bar's updates of the row go on.
 */
async function direct(client: pg.ClientBase, run: MergeRun<EmailRows>): Promise<string | undefined> {
  const listId = run.upload.targetId!;
  const turn = await client.query<{ got: boolean }>(
    `select pg_try_advisory_xact_lock(hashtext('email-lists.direct-import'), $1) as got`,
    [listId],
  );
  if (!turn.rows[0]?.got) return undefined;
  const { rows } = await client.query<{ empty: boolean }>(
    'select total_counter = 0 as empty from email_lists where id = $1 for key share',
    [listId],
  );
  if (!rows[0]?.empty) return undefined;
  await run.holdUpload();
  return DIRECT_COPY;
}

/**
 * The upload failed: the list keeps what it had and returns to idle (job null, completion 0), unless
 * another upload of the list is still running, which then becomes its job.
 */
async function onFailed(tx: pg.ClientBase, up: Upload) {
  // The lock first, in a statement of its own: the next one then sees every upload committed before it.
  await tx.query('select 1 from email_lists where id = $1 for update', [up.targetId]);
  const { rows } = await tx.query<{ job: number | null; completion: number }>(
    `with next_job as (${NEXT_JOB})
     update email_lists set job = (select id from next_job),
       completion = case when (select id from next_job) is null then 0 else completion end
     where id = $1
     returning job, completion`,
    [up.targetId, up.id],
  );
  const r = rows[0];
  return r && { emailListId: up.targetId!, completion: r.completion, jobId: r.job };
}

/**
 * POST /api/add-emails: a CSV of addresses (and optional name, surname, birth year, city, geo) into an
 * e-mail list (docs/decisions/0202-import-pipeline.md). Progress goes to the list's owner (administrators
 * see all) as {emailListId, completion, jobId}, and onto the list row while this upload is its job.
 */
export const emailListImport = defineImport({
  kind: UploadKinds.emails,
  name: 'email-lists',
  fileField: 'emails',
  stage: STAGE,
  target,
  checkHeader,
  onAccepted,
  describe: async (ctx, up) => {
    const { rows } = await ctx.db.$client.query<{ name: string; userId: number }>(
      'select name, user_id as "userId" from email_lists where id = $1',
      [up.targetId],
    );
    return rows[0] && { label: rows[0].name, audience: rows[0].userId };
  },
  parser: async (ctx, up) => {
    const providers = await loadProviderMap(ctx.db);
    return new EmailRows(providers.domains, providers.otherId, up.targetId!, up.fileSize);
  },
  direct,
  prepare: async (client, run) => {
    run.parser.dupInFile = await markDuplicatesInFile(client);
  },
  merge,
  onProgress: async (ctx, up, completion) => {
    await ctx.db.$client.query('update email_lists set completion = $1 where id = $2 and job = $3', [
      completion,
      up.targetId,
      up.id,
    ]);
  },
  onFailed,
  events: {
    progress: (up, completion) => ({ emailListId: up.targetId!, completion, jobId: up.id }),
    done: (up, m) => ({ emailListId: up.targetId!, completion: m.completion, jobId: m.job }),
    failed: (up) => ({ emailListId: up.targetId!, completion: 0, jobId: null }),
  },
  notice: {
    subject: M.notifySubject,
    done: (list, m) => `${list}: ${m.inserted} added, ${m.inserted - m.valid} invalid, ${m.failed} failed`,
  },
});
