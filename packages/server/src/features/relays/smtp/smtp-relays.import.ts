import type pg from 'pg';
import { isEmail } from '@console/shared/fields';
import {
  SMTP_CREDENTIAL_MAX,
  SMTP_RELAY_COLUMNS as C,
  SMTP_RELAY_HEADER_MESSAGE,
  SmtpRelayMessages as M,
} from '@console/shared/smtp-relays';
import { UploadKinds } from '@console/shared/uploads';
import { cell, copyLine, headerColumns, requireHeader } from '../../../core/imports/columns.ts';
import { ImportFileError, defineImport, fileEvents, type RowParser } from '../../../core/imports/kind.ts';
import { refuseBadLines } from '../../../core/imports/whole-file.ts';
import { seal } from '../../../core/sealed.ts';
import { chosenTarget } from '../relays.import.ts';

type Column = (typeof C)[keyof typeof C][number];
type Params = { ownerId: number; serverId: number; groupId: number };

const bool = (v: string) =>
  v === '' ? true : /^(1|true|yes|y)$/i.test(v) ? true : /^(0|false|no|n)$/i.test(v) ? false : undefined;

/** account,password,senderEmail[,active] lines into staging; the password sealed here, never stored plain. */
class SmtpRelayRows implements RowParser {
  private c: Partial<Record<Column, number>> = {};
  private readonly secret: Uint8Array;

  constructor(secret: Uint8Array) {
    this.secret = secret;
  }

  header(record: string[]) {
    const found = headerColumns(record, C.required, C.optional);
    if (!found) throw new ImportFileError(SMTP_RELAY_HEADER_MESSAGE);
    this.c = found;
  }

  row(record: string[], rn: number) {
    const v = (name: Column) => cell(record, this.c[name]);
    // Passwords are taken as written: a space may belong to one.
    const password = this.c.password === undefined ? '' : (record[this.c.password] ?? '');
    const active = bool(v('active'));
    const reason = [
      !v('account') ? M.accountRequired : v('account').length > SMTP_CREDENTIAL_MAX && 'Account is too long.',
      !password ? M.passwordRequired : password.length > SMTP_CREDENTIAL_MAX && 'Password is too long.',
      !v('senderEmail') ? M.emailRequired : !isEmail(v('senderEmail')) && M.emailInvalid,
      active === undefined && 'active must be true or false.',
    ].find((r): r is string => typeof r === 'string' && r !== '');
    if (reason) return copyLine([rn, v('account').slice(0, 100), null, null, null, reason]);
    return copyLine([rn, v('account'), seal(this.secret, password), v('senderEmail'), active, null]);
  }
}

/** One account once per server: in the file, and among the server's relays. */
async function checkLines(client: pg.ClientBase, params: Params) {
  await client.query(
    `with d as (select rn, row_number() over (partition by account order by rn) k from import_stage where reason is null)
     update import_stage s set reason = 'Account ' || s.account || ' appears twice.' from d where d.rn = s.rn and d.k > 1`,
  );
  await client.query(
    `update import_stage s set reason = $1 where reason is null
     and exists (select 1 from smtp_relays r where r.smtp_server_id = $2 and r.account = s.account)`,
    [M.duplicateAccount, params.serverId],
  );
}

/**
 * POST /api/upload_smtp_relays (multipart `relays`, `serverId`, `groupId`): a CSV with a header row,
 * comma-separated account,password,senderEmail[,active] (active true by default). Any bad line fails the
 * whole file; new relays are Neutral with their server's speeds.
 */
export const smtpRelaysImport = defineImport({
  kind: UploadKinds.smtpRelays,
  name: 'smtp-relays',
  fileField: 'relays',
  stage: {
    columns: 'rn integer not null, account text, password_enc text, sender_email text, active boolean, reason text',
    copyColumns: 'rn, account, password_enc, sender_email, active, reason',
    failureColumns: ['account'],
  },
  target: async (ctx, req, fields) => ({
    params: (await chosenTarget(ctx, req, fields, 'smtp', M)) satisfies Params,
  }),
  checkHeader: requireHeader(C.required, SMTP_RELAY_HEADER_MESSAGE),
  parser: async (ctx) => new SmtpRelayRows(ctx.secret),
  prepare: async (client, run) => {
    await checkLines(client, run.upload.params as Params);
    await refuseBadLines(client);
  },
  merge: async (client, run) => {
    await run.holdUpload();
    const p = run.upload.params as Params;
    const { rowCount } = await client.query(
      `insert into smtp_relays (user_id, group_id, smtp_server_id, account, password_enc, sender_email, active,
         normal_speed, backoff_speed)
       select $1, $2, srv.id, s.account, s.password_enc, s.sender_email, s.active,
         srv.relay_normal_speed, srv.relay_backoff_speed
       from import_stage s cross join smtp_servers srv where srv.id = $3`,
      [p.ownerId, p.groupId, p.serverId],
    );
    return { inserted: rowCount ?? 0, failed: 0 };
  },
  events: fileEvents,
  notice: {
    subject: 'SMTP relays upload',
    done: (file, m) => `File ${file} processing completed! Uploaded ${m.inserted} relays.`,
  },
});
