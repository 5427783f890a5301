import type pg from 'pg';
import { isEmail, isIp } from '@console/shared/fields';
import { isId } from '@console/shared/ids';
import { HOST_NAME, PmtaRelayMessages as M } from '@console/shared/pmta-relays';
import { UploadKinds } from '@console/shared/uploads';
import type { KindChoice } from '../../../core/imports/accept.ts';
import { cell, copyLine, headerColumns, requireHeader } from '../../../core/imports/columns.ts';
import { ImportFileError, defineImport, fileEvents, type RowParser } from '../../../core/imports/kind.ts';
import { refuseBadLines } from '../../../core/imports/whole-file.ts';
import { chosenTarget } from '../relays.import.ts';

/** The files' columns (comma-separated, header row); ver 2 names each line's server and group. */
export const PMTA_RELAY_COLUMNS = {
  required: ['smtpHost', 'ip', 'senderEmail'],
  optional: ['active', 'withoutVmta'],
  allIn: ['pmtaServerId', 'pmtaRelayGroupId'],
} as const;
const C = PMTA_RELAY_COLUMNS;
type Column = (typeof C)[keyof typeof C][number];
type Params = { ownerId: number; isAdmin: boolean; serverId?: number; groupId?: number };

const headerMessage = (allIn: boolean) =>
  `The first line must name the columns (comma-separated): ${[...C.required, ...(allIn ? C.allIn : [])].join(',')} are required; ${C.optional.join(',')} are optional.`;
const bool = (v: string) =>
  v === '' ? null : /^(1|true|yes|y)$/i.test(v) ? true : /^(0|false|no|n)$/i.test(v) ? false : undefined;

class RelayRows implements RowParser {
  private c: Partial<Record<Column, number>> = {};
  private readonly allIn: boolean;
  private readonly params: Params;

  constructor(allIn: boolean, params: Params) {
    this.allIn = allIn;
    this.params = params;
  }

  header(record: string[]) {
    const found = headerColumns(record, this.allIn ? [...C.required, ...C.allIn] : C.required, C.optional);
    if (!found) throw new ImportFileError(headerMessage(this.allIn));
    this.c = found;
  }

  row(record: string[], rn: number) {
    const v = (name: Column) => cell(record, this.c[name]);
    const active = bool(v('active'));
    const withoutVmta = bool(v('withoutVmta'));
    const reason = [
      !v('smtpHost') ? M.smtpHostRequired : !HOST_NAME.test(v('smtpHost')) && M.smtpHostInvalid,
      !v('ip') ? M.ipRequired : !isIp(v('ip')) && M.ipInvalid,
      !v('senderEmail') ? M.emailRequired : !isEmail(v('senderEmail')) && M.emailInvalid,
      (active === undefined || withoutVmta === undefined) && 'active and withoutVmta must be true or false.',
      this.allIn && !isId(v('pmtaServerId')) && M.serverRequired,
      this.allIn && !isId(v('pmtaRelayGroupId')) && M.groupRequired,
    ].find((r): r is string => typeof r === 'string' && r !== '');
    if (reason) return copyLine([rn, null, null, null, null, null, null, null, null, reason]);
    return copyLine([
      rn,
      v('smtpHost').toLowerCase(),
      v('ip'),
      v('senderEmail'),
      active ?? true,
      withoutVmta ?? false,
      this.allIn ? v('pmtaServerId') : this.params.serverId,
      this.allIn ? v('pmtaRelayGroupId') : this.params.groupId,
      this.allIn ? null : this.params.ownerId,
      null,
    ]);
  }
}

/**
 * Every line's server and group must be one owner's, and the uploader's unless an administrator uploads
 * (ver 2: the server says whose relay it is); one IP once per server, in the file and on the server.
 */
async function checkLines(client: pg.ClientBase, allIn: boolean, params: Params) {
  if (allIn) {
    await client.query(
      `update import_stage s set owner_id = p.user_id from pmta_servers p
       where s.reason is null and p.id = s.server_id and ($1 or p.user_id = $2)`,
      [params.isAdmin, params.ownerId],
    );
    await client.query(`update import_stage set reason = 'Pmta server #' || server_id || ' is not one of yours.'
                        where reason is null and owner_id is null`);
    await client.query(
      `update import_stage s set reason = 'Relay group #' || s.group_id || ' is not one of the server owner''s current groups.'
       where reason is null and not exists (
         select 1 from pmta_relay_groups g where g.id = s.group_id and g.user_id = s.owner_id and g.archive is null)`,
    );
  }
  await client.query(
    `with d as (select rn, row_number() over (partition by server_id, ip::inet order by rn) k from import_stage where reason is null)
     update import_stage s set reason = 'IP ' || s.ip || ' appears twice for one server.' from d where d.rn = s.rn and d.k > 1`,
  );
  await client.query(
    `update import_stage s set reason = $1 where reason is null
     and exists (select 1 from pmta_relays r where r.pmta_server_id = s.server_id and r.ip = s.ip::inet)`,
    [M.duplicateIp],
  );
}

function kindFor(allIn: boolean) {
  return defineImport({
    kind: allIn ? UploadKinds.pmtaRelaysAllIn : UploadKinds.pmtaRelays,
    name: allIn ? 'pmta-relays-all-in' : 'pmta-relays',
    folder: 'pmta-relays',
    fileField: 'relays',
    stage: {
      columns:
        'rn integer not null, smtp_host text, ip text, sender_email text, active boolean, without_vmta boolean, server_id integer, group_id integer, owner_id integer, reason text',
      copyColumns: 'rn, smtp_host, ip, sender_email, active, without_vmta, server_id, group_id, owner_id, reason',
      failureColumns: ['ip'],
    },
    target: allIn
      ? async (_ctx, req) => ({ params: { ownerId: req.user.id, isAdmin: req.user.isAdmin } })
      : async (ctx, req, fields) => ({
          params: { ...(await chosenTarget(ctx, req, fields, 'pmta', M)), isAdmin: req.user.isAdmin },
        }),
    checkHeader: requireHeader(allIn ? [...C.required, ...C.allIn] : C.required, headerMessage(allIn)),
    parser: async (_ctx, up) => new RelayRows(allIn, up.params as Params),
    prepare: async (client, run) => {
      await checkLines(client, allIn, run.upload.params as Params);
      await refuseBadLines(client);
    },
    merge: async (client, run) => {
      await run.holdUpload();
      const { rowCount } = await client.query(
        `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, without_vmta,
           normal_speed, backoff_speed)
         select s.owner_id, s.group_id, s.server_id, s.smtp_host, s.ip::inet, s.sender_email, s.active, s.without_vmta,
           p.relay_normal_speed, p.relay_backoff_speed
         from import_stage s join pmta_servers p on p.id = s.server_id`,
      );
      return { inserted: rowCount ?? 0, failed: 0 };
    },
    events: fileEvents,
    notice: {
      subject: 'PMTA relays upload',
      done: (file, m) => `File ${file} processing completed! Uploaded ${m.inserted} relays.`,
    },
  });
}

export const pmtaRelaysImport = kindFor(false);
export const pmtaRelaysAllInImport = kindFor(true);

/** POST /api/upload_pmta_relays: `allIn` (ver 2) or the chosen server and group (ver 1). */
export const pmtaRelaysUpload: KindChoice = {
  fileField: 'relays',
  folder: 'pmta-relays',
  choose: (fields) => (/^(1|true)$/i.test(fields.allIn?.trim() ?? '') ? pmtaRelaysAllInImport : pmtaRelaysImport),
};
