import crypto from 'node:crypto';
import { posix } from 'node:path';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { LogTypes, type LogType } from '@console/shared/uploads';
import type { AppContext } from '../../core/context.ts';
import { loggable } from '../../core/errors.ts';
import { logOf } from '../../core/log.ts';
import { logLine, logUpload } from '../../core/imports/log.ts';
import { pmtaServers } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { decodeTrackingId } from '../../tracking/uuid.ts';
import { ACCT_FILE } from '../config/generate.ts';
import {
  pmtaConnections,
  PmtaSshError,
  type PmtaTarget,
  type RemoteEntry,
  type RemoteFile,
} from '../ssh/connection.ts';
import { headerOf, recordOf, type AcctHeader } from './parse.ts';
import { emailTestIdOf, type AcctHandler, type AcctRecord, type AcctServer, type AcctTx } from './record.ts';

/*
 * Pulls a PMTA server's accounting files over SFTP (issue 13; decision 0911). A file is known by a hash of
 * its header row and first record, which survives the rename of a rotation, and is read on from the byte
 * after the last complete record read. Each chunk's records go to the handlers and the offset moves in
 * ONE transaction, so a record is counted exactly once across crashes, restarts and rotations. A line
 * without its line break in the live file is not written completely yet: it is read at the next pull.
 */

export const LOG_SOURCE = 'pmta-accounting';
const DIR = posix.dirname(ACCT_FILE);
const LIVE = posix.basename(ACCT_FILE);
/** acct.csv and its rotations, acct-YYYY-MM-DD-HHMMSS[-n].csv. */
const ACCT_NAME = /^acct(-[\w.-]+)?\.csv$/;
/** Bytes read per transaction (about 3,000 records); a longer line is malformed. */
const CHUNK = 1024 * 1024;
/** Malformed lines logged one by one per pull; the rest are counted. */
const LOGGED_LINES = 20;

export interface PullResult {
  /** Another pull of this server was running: nothing was read. */
  busy: boolean;
  files: number;
  records: number;
  malformed: number;
  /** Records whose envId names neither a campaign recipient nor an e-mail test. */
  unknown: number;
}

const registered = new WeakMap<AppContext, AcctHandler[]>();

/** The handlers of every pull of this console (the job list of src/workers.ts sets them). */
export function registerAccountingHandlers(ctx: AppContext, handlers: AcctHandler[]) {
  registered.set(ctx, handlers);
}

type Server = PmtaTarget & AcctServer;

/** Reads what is new in one server's accounting files; null when there is no such server. */
export async function pullAccounting(
  ctx: AppContext,
  serverId: number,
  handlers = registered.get(ctx),
): Promise<PullResult | null> {
  if (!handlers) throw new Error('no accounting handlers registered');
  const [server] = await ctx.db
    .select({
      id: pmtaServers.id,
      name: pmtaServers.name,
      userId: pmtaServers.userId,
      serverIp: pmtaServers.serverIp,
      sshPort: pmtaServers.sshPort,
      serverUsername: pmtaServers.serverUsername,
      sshPasswordEnc: pmtaServers.sshPasswordEnc,
      sshKeyEnc: pmtaServers.sshKeyEnc,
    })
    .from(pmtaServers)
    .where(eq(pmtaServers.id, serverId));
  if (!server) return null;
  // The lock is a session's: on PostgreSQL itself, never through a transaction pooler (decision 1410).
  const client = await ctx.direct.connect();
  let broken: Error | undefined;
  try {
    // One pull per server at a time, across processes; the lock goes with the session if this one dies.
    const { rows } = await client.query<{ got: boolean }>(`select pg_try_advisory_lock(hashtext($1), $2) as got`, [
      LOG_SOURCE,
      serverId,
    ]);
    if (!rows[0]?.got) return { busy: true, files: 0, records: 0, malformed: 0, unknown: 0 };
    const pull = new Pull(ctx, server, client, handlers);
    try {
      await pull.run();
    } catch (e) {
      await pull.failed(e);
      throw e;
    } finally {
      await client
        .query(`select pg_advisory_unlock(hashtext($1), $2)`, [LOG_SOURCE, serverId])
        .catch((e: Error) => (broken = e));
    }
    await pull.done();
    return pull.result;
  } catch (e) {
    if (!(e instanceof PmtaSshError)) broken ??= e as Error;
    throw e;
  } finally {
    // A session that failed may still hold the lock or a transaction: it is closed, not reused.
    client.release(broken);
  }
}

interface Known {
  fileKey: string;
  name: string;
  offset: number;
  size: number;
  mtime: Date;
}

class Pull {
  readonly result: PullResult = { busy: false, files: 0, records: 0, malformed: 0, unknown: 0 };
  private readonly conn;

  private readonly ctx: AppContext;
  private readonly server: Server;
  private readonly client: pg.PoolClient;
  private readonly handlers: AcctHandler[];

  constructor(ctx: AppContext, server: Server, client: pg.PoolClient, handlers: AcctHandler[]) {
    this.ctx = ctx;
    this.server = server;
    this.client = client;
    this.handlers = handlers;
    this.conn = pmtaConnections(ctx);
  }

  async run() {
    const entries = (await this.conn.readdir(this.server, DIR))
      .filter((e) => e.isFile && ACCT_NAME.test(e.name))
      // Oldest first, the live file last: a message's records are read in the order they were written.
      .sort((a, b) => +(a.name === LIVE) - +(b.name === LIVE) || +a.mtime - +b.mtime || a.name.localeCompare(b.name));
    const { rows: known } = await this.client.query<Known>(
      `select file_key as "fileKey", name, "offset", size, mtime from pmta_acct_files where server_id = $1`,
      [this.server.id],
    );
    for (const entry of entries) {
      const same = known.some((k) => k.name === entry.name && k.size === entry.size && +k.mtime === +entry.mtime);
      if (!same) await this.readFile(entry, known);
    }
    // Files PMTA deleted (delete-after); a rotated file was found again under its new name above.
    await this.client.query(`delete from pmta_acct_files where server_id = $1 and name <> all($2::text[])`, [
      this.server.id,
      entries.map((e) => e.name),
    ]);
  }

  private async readFile(entry: RemoteEntry, known: Known[]) {
    let file: RemoteFile;
    try {
      file = await this.conn.openRead(this.server, `${DIR}/${entry.name}`);
    } catch (e) {
      if (e instanceof PmtaSshError && e.sftpCode === 2) return; // renamed or deleted since the listing
      throw e;
    }
    try {
      const head = await firstLines(file);
      if (!head) return; // no complete record yet: nothing to know it by
      const fileKey = crypto.createHash('sha256').update(head.bytes).digest('hex');
      const header = headerOf(head.header);
      let offset = known.find((k) => k.fileKey === fileKey)?.offset ?? head.headerEnd;
      this.result.files++;
      // Size and time are kept once the file is read to its end (an unchanged file is then not opened again).
      const save = (to: number, done = false) =>
        this.client.query(
          `insert into pmta_acct_files (server_id, file_key, name, "offset", size, mtime) values ($1, $2, $3, $4, $5, $6)
           on conflict (server_id, file_key) do update set name = excluded.name, "offset" = excluded."offset",
             size = excluded.size, mtime = excluded.mtime, read_at = now()`,
          [this.server.id, fileKey, entry.name, to, done ? entry.size : -1, entry.mtime],
        );
      const live = entry.name === LIVE;
      let pending: Buffer = Buffer.alloc(0); // bytes after `offset` up to where the reading stands: an unfinished line
      for (;;) {
        const got = await file.read(offset + pending.length, CHUNK);
        if (!got.length) {
          // End of file. A rotated file is complete: its last line, even without a line break, is all there is.
          if (pending.length && !live) {
            const from = offset;
            offset += pending.length;
            await this.batch(entry.name, header, pending, from, () => save(offset));
          }
          break;
        }
        const data = pending.length ? Buffer.concat([pending, got]) : got;
        let end = data.lastIndexOf(10) + 1;
        if (end === 0 && data.length >= CHUNK) end = data.length; // a line over 1 MB: a malformed piece
        pending = data.subarray(end);
        if (end === 0) continue;
        const from = offset;
        offset += end;
        await this.batch(entry.name, header, data.subarray(0, end), from, () => save(offset));
      }
      await save(offset, true);
    } finally {
      await file.close();
    }
  }

  /** Parses the complete lines read from `from` and hands their records over with `save` in one transaction. */
  private async batch(
    name: string,
    header: AcctHeader | string,
    bytes: Buffer,
    from: number,
    save: () => Promise<unknown>,
  ) {
    const records: AcctRecord[] = [];
    const malformed: string[] = [];
    let at = from;
    for (const raw of bytes.toString('utf8').split('\n')) {
      const position = at;
      at += Buffer.byteLength(raw) + 1;
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (!line.trim()) continue;
      if (typeof header !== 'string' && line === header.line) continue; // the header row written again
      const r = typeof header === 'string' ? header : recordOf(header, line);
      if (r === null) continue;
      if (typeof r === 'string') {
        const text = line.length > 200 ? `${line.slice(0, 200)}…` : line;
        malformed.push(`${this.server.name}: ${name}, byte ${position}: skipped a malformed record (${r}): ${text}`);
      } else records.push(r);
    }
    const unknown = records.filter((r) => emailTestIdOf(r.envId) === undefined && !this.isRecipient(r.envId)).length;
    const after: (() => unknown)[] = [];
    const tx: AcctTx = { client: this.client, afterCommit: (f) => after.push(f) };
    await transaction(this.client, async () => {
      for (const h of this.handlers) await h(this.ctx, this.server, records, tx);
      const logged = Math.max(0, LOGGED_LINES - this.result.malformed);
      for (const text of malformed.slice(0, logged)) await logLine(this.client, LOG_SOURCE, LogTypes.error, text);
      await save();
    });
    this.result.records += records.length;
    this.result.malformed += malformed.length;
    this.result.unknown += unknown;
    for (const f of after)
      await Promise.resolve()
        .then(f)
        .catch((e) =>
          logOf(this.ctx).error(
            { component: 'pmta-accounting', serverId: this.server.id, err: loggable(e) },
            'after the commit of a pull',
          ),
        );
  }

  private isRecipient(envId: string) {
    return decodeTrackingId(this.ctx.secret, envId)?.campaignType === 'pmta';
  }

  /** The pull worked: its summary goes to the uploading log, and a failure before it is over. */
  async done() {
    const r = this.result;
    const more = r.malformed - LOGGED_LINES;
    if (more > 0)
      await this.log(LogTypes.error, `${this.server.name}: ${more} more malformed accounting records skipped.`);
    if (r.unknown)
      await this.log(
        LogTypes.warning,
        `${this.server.name}: ${r.unknown} accounting records name no campaign recipient or e-mail test (envId): skipped.`,
      );
    const previous = await this.setError(null);
    if (previous) await this.log(LogTypes.info, `${this.server.name}: the accounting files are read again.`);
  }

  /** The pull failed: logged once while the same error lasts; the next pull tries again. */
  async failed(e: unknown) {
    const why = (e instanceof Error ? e.message : String(e)).replace(/^Error: /, '');
    const previous = await this.setError(why).catch(() => why);
    if (previous !== why)
      await this.log(LogTypes.error, `${this.server.name}: the accounting files could not be read: ${why}`);
  }

  /** Stores the pull's error (null: it worked) and returns the previous one. */
  private async setError(error: string | null): Promise<string | null> {
    const { rows } = await this.client.query<{ previous: string | null }>(
      `with old as (select error from pmta_acct_pulls where server_id = $1)
       insert into pmta_acct_pulls (server_id, pulled_at, error) values ($1, case when $2::text is null then now() end, $2)
       on conflict (server_id) do update set error = excluded.error,
         pulled_at = coalesce(excluded.pulled_at, pmta_acct_pulls.pulled_at)
       returning (select error from old) as previous`,
      [this.server.id, error],
    );
    return rows[0]?.previous ?? null;
  }

  private log(type: LogType, text: string) {
    return logUpload(this.ctx.db.$client, LOG_SOURCE, type, text);
  }
}

/**
 * The header row and the first record of a file: the bytes that name it (header and first record), where
 * the header ends, and its text; null while the file holds no complete record.
 */
async function firstLines(file: RemoteFile) {
  let bytes: Buffer = Buffer.alloc(0);
  for (;;) {
    const first = bytes.indexOf(10);
    const second = first < 0 ? -1 : bytes.indexOf(10, first + 1);
    if (second >= 0) {
      const header = bytes
        .subarray(0, first)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .replace(/\r$/, '');
      return { bytes: bytes.subarray(0, second + 1), headerEnd: first + 1, header };
    }
    if (bytes.length >= CHUNK) return null;
    const got = await file.read(bytes.length, 64 * 1024);
    if (!got.length) return null;
    bytes = Buffer.concat([bytes, got]);
  }
}
