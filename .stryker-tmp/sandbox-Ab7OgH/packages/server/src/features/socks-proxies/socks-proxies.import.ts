// @ts-nocheck
import { isIp, PORT_MAX, PORT_MIN } from '@console/shared/fields';
import { isId } from '@console/shared/ids';
import { SocksMessages as M } from '@console/shared/socks-proxies';
import { UploadKinds } from '@console/shared/uploads';
import { ownerFor } from '../../core/access.ts';
import type { AppContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import { cell, copyLine, headerColumns, requireHeader } from '../../core/imports/columns.ts';
import { ImportFileError, defineImport, fileEvents, type RowParser } from '../../core/imports/kind.ts';
import { refuseBadLines } from '../../core/imports/whole-file.ts';
import { seal } from '../../core/sealed.ts';
import { exists } from '../../core/access.ts';
import { users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

const REQUIRED = ['ip', 'port'] as const;
const OPTIONAL = ['login', 'password'] as const;

/** ip:port:login:password lines into staging; the password sealed here, so no plain password is ever stored. */
class SocksRows implements RowParser {
  private columns: ReturnType<typeof headerColumns<'ip' | 'port', 'login' | 'password'>> = null;
  private readonly secret: Uint8Array;

  constructor(secret: Uint8Array) {
    this.secret = secret;
  }

  header(record: string[]) {
    this.columns = headerColumns(record, REQUIRED, OPTIONAL);
    if (!this.columns) throw new ImportFileError(M.header);
  }

  row(record: string[], rn: number) {
    const c = this.columns!;
    const ip = cell(record, c.ip);
    const port = cell(record, c.port);
    const login = cell(record, c.login);
    const password = cell(record, c.password);
    const reason = !ip
      ? M.ipRequired
      : !isIp(ip)
        ? M.ipInvalid
        : !port
          ? M.portRequired
          : !/^\d+$/.test(port)
            ? M.portInteger
            : !/^\d{1,5}$/.test(port) || +port < PORT_MIN || +port > PORT_MAX
              ? M.portRange
              : login.length > 255 || password.length > 255
                ? 'Login and password must be no longer than 255 characters.'
                : null;
    return copyLine([
      rn,
      reason ? ip.slice(0, 100) : ip,
      reason ? null : port,
      reason ? null : login,
      reason || !password ? null : seal(this.secret, password),
      reason,
    ]);
  }
}

/**
 * POST /api/add-socks-proxies (multipart `socksProxies`, optional `userId` for administrators): a CSV with
 * the header ip:port:login:password (login and password optional), colon-separated. Any bad line fails
 * the whole file (nothing is added). Proxies already in the owner's list (same IP and port) are kept as
 * they are, as are repeats within the file: an upload adds what is new (docs/decisions/0550).
 */
export const socksImport = defineImport({
  kind: UploadKinds.socks,
  name: 'socks',
  fileField: 'socksProxies',
  csv: { delimiter: ':' },
  stage: {
    columns: 'rn integer not null, ip text, port integer, login text, password_enc text, reason text',
    copyColumns: 'rn, ip, port, login, password_enc, reason',
    failureColumns: ['ip'],
  },
  target: async (ctx: AppContext, req, fields) => {
    const requested = fields.userId?.trim();
    if (!requested || !req.user.isAdmin) return { params: { ownerId: req.user.id } };
    if (!isId(requested) || !(await exists(ctx.db, users, eq(users.id, Number(requested)))))
      throw invalid({ userId: M.userNotFound });
    return { params: { ownerId: ownerFor(req.user, Number(requested)) } };
  },
  checkHeader: requireHeader(REQUIRED, M.header, ':'),
  parser: async (ctx) => new SocksRows(ctx.secret),
  prepare: (client) => refuseBadLines(client),
  merge: async (client, run) => {
    await run.holdUpload();
    const { rowCount } = await client.query(
      `insert into socks_proxies (ip, port, login, password_enc, active, user_id)
       select distinct on (ip::inet, port) ip::inet, port, login, password_enc, true, $1
       from import_stage order by ip::inet, port, rn
       on conflict (user_id, ip, port) do nothing`,
      [run.upload.params!.ownerId],
    );
    return { inserted: rowCount ?? 0, failed: 0 };
  },
  events: fileEvents,
  notice: { subject: 'Socks upload', done: (file, m) => `File ${file} is processed! Added ${m.inserted} socks.` },
});
