import type pg from 'pg';
import { isEmail, isIp } from '@console/shared/fields';
import { isId } from '@console/shared/ids';
import { HOST_NAME, PmtaRelayMessages as R } from '@console/shared/pmta-relays';
import {
  PMTA_SERVER_COLUMNS as C,
  PMTA_SERVER_DEFAULTS as D,
  PmtaServerMessages as M,
  PmtaServerUploadTypes,
} from '@console/shared/pmta-servers';
import { UploadKinds } from '@console/shared/uploads';
import { eq } from 'drizzle-orm';
import { exists } from '../../../core/access.ts';
import type { KindChoice } from '../../../core/imports/accept.ts';
import { cell, copyLine, headerColumns, requireHeader } from '../../../core/imports/columns.ts';
import { ImportFileError, defineImport, fileEvents, type RowParser } from '../../../core/imports/kind.ts';
import { refuseBadLines } from '../../../core/imports/whole-file.ts';
import { invalid } from '../../../core/errors.ts';
import { users } from '../../../db/schema/index.ts';
import { hostAddress } from './pmta-servers.repo.ts';

type Params = { ownerId: number; isAdmin: boolean };

type Column = (typeof C)[keyof typeof C][number];
const headerMessage = (withRelays: boolean) =>
  `The first line must name the columns (colon-separated): ${[...C.required, ...(withRelays ? C.relayRequired : [])].join(':')} are required.`;

const STAGE_COLUMNS = [
  'rn integer not null',
  'name text, server_ip text, http_port integer, ssh_port integer, smtp_port integer, username text',
  'normal_speed integer, backoff_speed integer, ip_list text, is_vps boolean, encryption text, owner_id integer',
  'group_id integer, relay_host text, relay_ip text, sender_email text, active boolean, without_vmta boolean',
  'reason text',
].join(', ');
const COPY_COLUMNS =
  'rn, name, server_ip, http_port, ssh_port, smtp_port, username, normal_speed, backoff_speed, ip_list, is_vps, encryption, owner_id, group_id, relay_host, relay_ip, sender_email, active, without_vmta, reason';

const PORT = /^\d{1,5}$/;
const INT = /^\d{1,9}$/;
const bool = (v: string) =>
  v === '' ? null : /^(1|true|yes|y)$/i.test(v) ? true : /^(0|false|no|n)$/i.test(v) ? false : undefined;

/** One line of a servers file (with its relay when `withRelays`) into staging, checked as the form checks. */
class ServerRows implements RowParser {
  private c: Record<string, number | undefined> = {};
  private readonly withRelays: boolean;
  private readonly params: Params;

  constructor(withRelays: boolean, params: Params) {
    this.withRelays = withRelays;
    this.params = params;
  }

  header(record: string[]) {
    const found = headerColumns(
      record,
      this.withRelays ? [...C.required, ...C.relayRequired] : C.required,
      this.withRelays ? [...C.optional, ...C.relayOptional] : C.optional,
    );
    if (!found) throw new ImportFileError(headerMessage(this.withRelays));
    this.c = found;
  }

  row(record: string[], rn: number) {
    const v = (name: Column) => cell(record, this.c[name]);
    const port = (name: 'pmtaHttpPort' | 'sshPort' | 'smtpPort', fallback: number) => v(name) || String(fallback);
    const owner = v('ownerId');
    const isVps = bool(v('isVps'));
    const active = bool(v('active'));
    const withoutVmta = bool(v('withoutVmta'));
    const encryption = v('encryption').toLowerCase();
    const reason = [
      !v('name') && M.nameRequired,
      v('name').length > 100 && 'Server Name must be no longer than 100 characters.',
      !v('serverIp') && M.ipRequired,
      v('serverIp') && !isIp(v('serverIp')) && M.ipInvalid,
      !PORT.test(port('pmtaHttpPort', D.pmtaHttpPort)) && M.httpPortInteger,
      !PORT.test(port('sshPort', D.sshPort)) && M.sshPortInteger,
      !PORT.test(port('smtpPort', D.smtpPort)) && M.smtpPortInteger,
      v('serverUsername') && v('serverUsername').length < 4 && M.usernameShort,
      v('relayNormalSpeed') && !INT.test(v('relayNormalSpeed')) && M.normalSpeedInteger,
      v('relayBackoffSpeed') && !INT.test(v('relayBackoffSpeed')) && M.backoffSpeedInteger,
      !v('ipList') && M.ipListRequired,
      isVps === undefined && 'isVps must be true or false.',
      encryption && !['ssl', 'tls'].includes(encryption) && M.encryption,
      owner && !isId(owner) && M.userNotFound,
      owner &&
        !this.params.isAdmin &&
        Number(owner) !== this.params.ownerId &&
        'Only administrators upload servers for another owner.',
      ...(this.withRelays
        ? [
            !isId(v('relayGroupId')) && R.groupRequired,
            !v('relayHost') ? R.smtpHostRequired : !HOST_NAME.test(v('relayHost')) && R.smtpHostInvalid,
            !v('relayIp') ? R.ipRequired : !isIp(v('relayIp')) && R.ipInvalid,
            !v('senderEmail') ? R.emailRequired : !isEmail(v('senderEmail')) && R.emailInvalid,
            (active === undefined || withoutVmta === undefined) && 'active and withoutVmta must be true or false.',
          ]
        : []),
    ].find((r): r is string => typeof r === 'string' && r !== ''); // '' is a blank cell's short-circuit, not a reason
    if (reason) return copyLine([rn, ...Array(18).fill(null), reason]);
    return copyLine([
      rn,
      v('name'),
      v('serverIp'),
      port('pmtaHttpPort', D.pmtaHttpPort),
      port('sshPort', D.sshPort),
      port('smtpPort', D.smtpPort),
      v('serverUsername') || D.serverUsername,
      v('relayNormalSpeed') || D.relayNormalSpeed,
      v('relayBackoffSpeed') || D.relayBackoffSpeed,
      v('ipList'),
      isVps ?? D.isVps,
      encryption || null,
      owner || this.params.ownerId,
      ...(this.withRelays
        ? [
            v('relayGroupId'),
            v('relayHost').toLowerCase(),
            v('relayIp'),
            v('senderEmail'),
            active ?? true,
            withoutVmta ?? false,
          ]
        : [null, null, null, null, null, null]),
      null,
    ]);
  }
}

/** What the file refers to must be right for each line's owner; repeats must not collide (set-based). */
async function checkReferences(client: pg.ClientBase, withRelays: boolean) {
  await client.query(
    `update import_stage s set reason = 'Owner #' || s.owner_id || ' not found.'
     where reason is null and not exists (select 1 from users u where u.id = s.owner_id)`,
  );
  // One host, one owner (issue 24): another owner's host, however its address is spelled (issue 37), is
  // assigned on the form by an administrator only.
  await client.query(
    `update import_stage s set reason = $1
     where reason is null and exists (
       select 1 from pmta_servers p
       where p.user_id <> s.owner_id and p.ssh_port = s.ssh_port
         and ${hostAddress('p.server_ip')} = ${hostAddress('s.server_ip::inet')})`,
    [M.hostTaken],
  );
  if (!withRelays) return;
  await client.query(
    `update import_stage s set reason = 'Relay group #' || s.group_id || ' is not one of the owner''s current groups.'
     where reason is null and not exists (
       select 1 from pmta_relay_groups g where g.id = s.group_id and g.user_id = s.owner_id and g.archive is null)`,
  );
  // One relay IP once per server: in the file, and against the relays of a server that already exists.
  await client.query(
    `with d as (select rn, row_number() over (partition by owner_id, server_ip::inet, relay_ip::inet order by rn) k
                from import_stage where reason is null)
     update import_stage s set reason = 'Relay IP ' || s.relay_ip || ' appears twice for server ' || s.server_ip || '.'
     from d where d.rn = s.rn and d.k > 1`,
  );
  await client.query(
    `update import_stage s set reason = $1
     where reason is null and exists (
       select 1 from pmta_servers p join pmta_relays r on r.pmta_server_id = p.id
       where p.user_id = s.owner_id and p.server_ip = s.server_ip::inet and r.ip = s.relay_ip::inet)`,
    [R.duplicateIp],
  );
}

/**
 * Servers new to their owner (by IP) are created from their first line; a server the owner already has
 * (same IP) is kept as it is. With relays, every line's relay goes onto its server (new or existing).
 * createdCount: the servers created (spec: 'Created {n} servers.').
 */
async function mergeServers(client: pg.ClientBase, withRelays: boolean) {
  const created = await client.query(
    `insert into pmta_servers (name, server_ip, pmta_http_port, ssh_port, smtp_port, server_username,
       relay_normal_speed, relay_backoff_speed, ip_list, is_vps, encryption, user_id)
     select distinct on (owner_id, server_ip::inet) name, server_ip::inet, http_port, ssh_port, smtp_port, username,
       normal_speed, backoff_speed, ip_list, is_vps, encryption, owner_id
     from import_stage s
     where not exists (select 1 from pmta_servers p where p.user_id = s.owner_id and p.server_ip = s.server_ip::inet)
     order by owner_id, server_ip::inet, rn`,
  );
  let relays = 0;
  if (withRelays) {
    const r = await client.query(
      `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, without_vmta,
         normal_speed, backoff_speed)
       select s.owner_id, s.group_id, p.id, s.relay_host, s.relay_ip::inet, s.sender_email, s.active, s.without_vmta,
         p.relay_normal_speed, p.relay_backoff_speed
       from import_stage s
       cross join lateral (select id, relay_normal_speed, relay_backoff_speed from pmta_servers p
                           where p.user_id = s.owner_id and p.server_ip = s.server_ip::inet order by id limit 1) p`,
    );
    relays = r.rowCount ?? 0;
  }
  return { inserted: created.rowCount ?? 0, failed: 0, stats: { relays } };
}

function kindFor(withRelays: boolean) {
  return defineImport({
    kind: withRelays ? UploadKinds.pmtaServersWithRelays : UploadKinds.pmtaServersSimple,
    name: withRelays ? 'pmta-servers-with-relays' : 'pmta-servers-simple',
    folder: 'pmta-servers',
    fileField: 'servers',
    csv: { delimiter: ':' },
    stage: { columns: STAGE_COLUMNS, copyColumns: COPY_COLUMNS, failureColumns: ['server_ip'] },
    target: async (ctx, req, fields) => {
      const requested = fields.ownerId?.trim();
      if (!requested || !req.user.isAdmin) return { params: { ownerId: req.user.id, isAdmin: req.user.isAdmin } };
      if (!isId(requested) || !(await exists(ctx.db, users, eq(users.id, Number(requested)))))
        throw invalid({ ownerId: M.userNotFound });
      return { params: { ownerId: Number(requested), isAdmin: true } };
    },
    checkHeader: requireHeader(
      withRelays ? [...C.required, ...C.relayRequired] : C.required,
      headerMessage(withRelays),
      ':',
    ),
    parser: async (_ctx, up) => new ServerRows(withRelays, up.params as Params),
    prepare: async (client) => {
      await checkReferences(client, withRelays);
      await refuseBadLines(client);
    },
    merge: async (client, run) => {
      await run.holdUpload();
      return mergeServers(client, withRelays);
    },
    events: fileEvents,
    notice: {
      subject: 'PMTA servers upload',
      done: (file, m) => `File ${file} processing completed! Created ${m.inserted} servers.`,
    },
  });
}

export const pmtaServersSimpleImport = kindFor(false);
export const pmtaServersWithRelaysImport = kindFor(true);

/** POST /api/upload_pmta_servers: `type` picks the kind (simple unless it says withRelay). */
export const pmtaServersUpload: KindChoice = {
  fileField: 'servers',
  folder: 'pmta-servers',
  choose: (fields) => {
    const type = fields.type?.trim() || PmtaServerUploadTypes.simple;
    if (type === PmtaServerUploadTypes.simple) return pmtaServersSimpleImport;
    if (type === PmtaServerUploadTypes.withRelay) return pmtaServersWithRelaysImport;
    throw invalid({ type: "The upload type must be 'simple' or 'withRelay'." });
  },
};
