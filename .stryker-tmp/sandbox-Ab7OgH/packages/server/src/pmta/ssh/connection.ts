// @ts-nocheck
import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import ssh2 from 'ssh2';
import type { AuthenticationType, Client, FileEntryWithStats, SFTPWrapper, Stats } from 'ssh2';
import type { AppContext } from '../../core/context.ts';
import { open } from '../../core/sealed.ts';
import { pmtaServers } from '../../db/schema/index.ts';
import { OutboundRefusedError, connectChecked, outboundPolicy } from '../../core/outbound.ts';
import { ownerSshKey } from './owner-keys.ts';

type DbPmtaServer = typeof pmtaServers.$inferSelect;
/** What a connection needs of a PMTA server row. */
export type PmtaTarget = Pick<
  DbPmtaServer,
  'id' | 'name' | 'serverIp' | 'sshPort' | 'serverUsername' | 'sshPasswordEnc' | 'sshKeyEnc'
>;

export type PmtaSshErrorKind = 'unreachable' | 'timeout' | 'auth' | 'host-key' | 'failed';

/** A failed SSH/SFTP operation, with a message fit for the UI (it starts with 'Error: '). */
export class PmtaSshError extends Error {
  readonly kind: PmtaSshErrorKind;
  /** The SFTP status code of a failed file operation (2: no such file). */
  readonly sftpCode: number | undefined;

  constructor(kind: PmtaSshErrorKind, message: string, sftpCode?: number) {
    super(`Error: ${message}`);
    this.kind = kind;
    this.sftpCode = sftpCode;
  }
}

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface PmtaSshOptions {
  /** TCP connect, handshake and login (default 10 s). */
  connectTimeoutMs?: number;
  /** One command or one file transfer (default 30 s). */
  commandTimeoutMs?: number;
  /** A connection nobody used for this long is closed (default 60 s). */
  idleMs?: number;
}

/** `SHA256:<base64>` of a host key blob, as `ssh-keygen -lf` prints it. */
export function fingerprint(blob: Buffer): string {
  return 'SHA256:' + crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
}

const NO_SUCH_FILE = 2;
const OTHER_OWNER = Symbol('another owner');

/** One entry of a remote directory. */
export interface RemoteEntry {
  name: string;
  size: number;
  mtime: Date;
  isFile: boolean;
}

/** A remote file opened for reading (see `openRead`). */
export interface RemoteFile {
  /** Up to `length` bytes from `position`: fewer only at the end of the file (none past it). */
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** The bytes one SFTP read asks for: every server answers 32 KB (OpenSSH's limit is larger). */
const READ_PIECE = 32 * 1024;

/** The most a command may print (a runaway `cat` must not fill the console's memory). */
const MAX_OUTPUT = 16 * 1024 * 1024;

interface Entry {
  settings: string;
  client: Client;
  ready: Promise<Client>;
  sftp?: Promise<SFTPWrapper>;
  busy: number;
  idle?: NodeJS.Timeout;
}

/**
 * One reused SSH connection per PMTA server (keyed by its id and connection settings: an edited address
 * or credential opens a new one), reconnected when closed, closed after a minute unused. Every operation
 * is bounded by a timeout, so a dead server answers an error within seconds. Host keys are pinned on the
 * first successful login (pmta_servers.host_key) and a changed one is refused.
 */
export class PmtaConnections {
  private readonly entries = new Map<number, Entry>();
  private readonly o: Required<PmtaSshOptions>;

  private readonly ctx: Pick<AppContext, 'db' | 'secret' | 'env'>;

  constructor(ctx: Pick<AppContext, 'db' | 'secret' | 'env'>, o: PmtaSshOptions = {}) {
    this.ctx = ctx;
    this.o = { connectTimeoutMs: 10_000, commandTimeoutMs: 30_000, idleMs: 60_000, ...o };
  }

  /** Runs a command line; a non-zero exit code is an answer, not an error. */
  exec(server: PmtaTarget, command: string): Promise<ExecResult> {
    return this.use(
      server,
      `running "${command}"`,
      (client, abort) =>
        new Promise<ExecResult>((resolve, reject) =>
          client.exec(command, (e, stream) => {
            if (e) return reject(e);
            // Listeners now, in this callback: the exit status may be in the same packet batch as the open.
            abort(() => stream.close());
            const out: Buffer[] = [];
            const err: Buffer[] = [];
            let size = 0;
            let code = -1;
            const take = (into: Buffer[]) => (d: Buffer) => {
              size += d.length;
              if (size > MAX_OUTPUT) {
                stream.close();
                return reject(new Error(`"${command}" printed more than ${MAX_OUTPUT} bytes`));
              }
              into.push(d);
            };
            stream.on('data', take(out));
            stream.stderr.on('data', take(err));
            let exited = false;
            stream.on('exit', (c: number | null) => ((exited = true), (code = c ?? -1)));
            stream.on('close', () =>
              // No exit status: the connection went away under the command (a host always sends one).
              !exited
                ? reject(new Error('the connection was lost before the command ended'))
                : resolve({
                    code,
                    stdout: Buffer.concat(out).toString('utf8'),
                    stderr: Buffer.concat(err).toString('utf8'),
                  }),
            );
          }),
        ),
    );
  }

  readFile(server: PmtaTarget, path: string): Promise<Buffer> {
    return this.sftp(server, `reading ${path}`, (s, cb: (e: Error | null | undefined, v: Buffer) => void) =>
      s.readFile(path, cb),
    );
  }

  /** The file's size and modification time, or null when it does not exist. */
  async stat(
    server: PmtaTarget,
    path: string,
  ): Promise<{ size: number; mtime: Date; isFile: boolean; mode: number } | null> {
    try {
      const st = await this.sftp(server, `reading ${path}`, (s, cb: (e: Error | null | undefined, v: Stats) => void) =>
        s.stat(path, cb),
      );
      return { size: st.size, mtime: new Date(st.mtime * 1000), isFile: st.isFile(), mode: st.mode & 0o7777 };
    } catch (e) {
      if (e instanceof PmtaSshError && e.sftpCode === NO_SUCH_FILE) return null;
      throw e;
    }
  }

  /** The entries of a remote directory. */
  async readdir(server: PmtaTarget, dir: string): Promise<RemoteEntry[]> {
    const list = await this.sftp(
      server,
      `listing ${dir}`,
      (s, cb: (e: Error | null | undefined, v: FileEntryWithStats[]) => void) => s.readdir(dir, cb),
    );
    return list.map((f) => ({
      name: f.filename,
      size: f.attrs.size,
      mtime: new Date(f.attrs.mtime * 1000),
      isFile: f.attrs.isFile(),
    }));
  }

  /**
   * Opens `path` for reading. The open handle keeps to the file it opened, also when the file is renamed
   * meanwhile (a rotated PMTA accounting file), so all reads of one handle read one file. A read asks for
   * 32 KB pieces at once (one round trip for all of them) and returns the bytes up to the first short
   * piece: SFTP lets a server answer fewer bytes than asked, so a caller reads on from what it got.
   */
  async openRead(server: PmtaTarget, path: string): Promise<RemoteFile> {
    const what = `reading ${path}`;
    const handle = await this.sftp(server, what, (s, cb: (e: Error | null | undefined, v: Buffer) => void) =>
      s.open(path, 'r', cb),
    );
    const piece = (position: number, length: number) =>
      this.sftp(server, what, (s, cb: (e: Error | null | undefined, v: Buffer) => void) =>
        s.read(handle, Buffer.alloc(length), 0, length, position, (e, n, buf) =>
          e ? cb(e, Buffer.alloc(0)) : cb(undefined, buf.subarray(0, n)),
        ),
      );
    return {
      read: async (position, length) => {
        const starts: number[] = [];
        for (let at = 0; at < length; at += READ_PIECE) starts.push(at);
        const pieces = await Promise.all(starts.map((at) => piece(position + at, Math.min(READ_PIECE, length - at))));
        const whole = pieces.findIndex((p, i) => p.length < Math.min(READ_PIECE, length - starts[i]!));
        return Buffer.concat(whole < 0 ? pieces : pieces.slice(0, whole + 1));
      },
      close: () =>
        this.sftp(server, `closing ${path}`, (s, cb: (e: Error | null | undefined, v: void) => void) =>
          s.close(handle, (e) => cb(e, undefined)),
        ).catch(() => {}), // a handle of a connection that went away is closed with it
    };
  }

  /**
   * Writes `path` so a reader sees the old file or the new one, never half of one: the data goes to
   * `path.tmp`, the current file is copied to `path.bak` (what a roll back restores), then `path.tmp` is
   * renamed over `path` (posix-rename@openssh.com where the server offers it, as OpenSSH does). When there
   * was no file, an empty `path.absent` says so instead (and a `.bak` of an older time is removed): a roll
   * back then removes the new file (decision 0921).
   */
  async writeFileAtomic(
    server: PmtaTarget,
    path: string,
    data: string | Buffer,
    o: { mode?: number } = {},
  ): Promise<void> {
    await this.put(server, `${path}.tmp`, data, o.mode);
    const old = await this.readFile(server, path).catch((e: unknown) => {
      if (e instanceof PmtaSshError && e.sftpCode === NO_SUCH_FILE) return undefined;
      throw e;
    });
    if (old) {
      await this.put(server, `${path}.bak`, old, o.mode);
      await this.unlink(server, `${path}.absent`);
    } else {
      await this.put(server, `${path}.absent`, '');
      await this.unlink(server, `${path}.bak`);
    }
    await this.sftp(server, `renaming ${path}.tmp`, (s, cb: (e: Error | null | undefined, v: void) => void) => {
      const done = (e: Error | null | undefined) => cb(e, undefined);
      try {
        s.ext_openssh_rename(`${path}.tmp`, path, done);
      } catch {
        // The server does not offer the extension (ssh2 throws at once): plain RENAME.
        s.rename(`${path}.tmp`, path, done);
      }
    });
  }

  /**
   * Puts `path.bak` back in place (atomically, as an upload); after a first upload (`path.absent`) removes
   * the file, as there was none. False when there is nothing to go back to.
   */
  async restoreBackup(server: PmtaTarget, path: string): Promise<boolean> {
    if (await this.stat(server, `${path}.absent`)) {
      await this.unlink(server, path);
      await this.unlink(server, `${path}.absent`);
      return true;
    }
    const bak = await this.readFile(server, `${path}.bak`).catch(() => undefined);
    if (!bak) return false;
    await this.put(server, `${path}.tmp`, bak);
    await this.sftp(server, `renaming ${path}.tmp`, (s, cb: (e: Error | null | undefined, v: void) => void) => {
      const done = (e: Error | null | undefined) => cb(e, undefined);
      try {
        s.ext_openssh_rename(`${path}.tmp`, path, done);
      } catch {
        s.rename(`${path}.tmp`, path, done);
      }
    });
    return true;
  }

  /** Closes the server's connection (its settings or pinned key changed). */
  forget(id: number): void {
    const e = this.entries.get(id);
    if (e) this.drop(id, e);
  }

  /** Closes every connection (shutdown). */
  async close(): Promise<void> {
    for (const [id, e] of this.entries) this.drop(id, e);
  }

  /** Removes a file; one that is not there is no error. */
  private unlink(server: PmtaTarget, path: string) {
    return this.sftp(server, `removing ${path}`, (s, cb: (e: Error | null | undefined, v: void) => void) =>
      s.unlink(path, (e) => cb(e && (e as { code?: number }).code !== NO_SUCH_FILE ? e : undefined, undefined)),
    );
  }

  /**
   * Writes a whole file; with `mode`, created with it and set to it (a file left from before keeps its old
   * mode through an open, so it is set explicitly before any data goes in).
   */
  private async put(server: PmtaTarget, path: string, data: string | Buffer, mode?: number) {
    if (mode !== undefined)
      await this.sftp(server, `writing ${path}`, (s, cb: (e: Error | null | undefined, v: void) => void) =>
        s.open(path, 'w', mode, (e, handle) => {
          if (e) return cb(e, undefined);
          s.fchmod(handle, mode, (e2) => s.close(handle, () => cb(e2, undefined)));
        }),
      );
    return this.sftp(server, `writing ${path}`, (s, cb: (e: Error | null | undefined, v: void) => void) =>
      s.writeFile(path, data, mode === undefined ? {} : { mode }, (e) => cb(e, undefined)),
    );
  }

  /** One SFTP call on the server's (reused) SFTP session. */
  private sftp<T>(
    server: PmtaTarget,
    what: string,
    call: (s: SFTPWrapper, cb: (e: Error | null | undefined, v: T) => void) => void,
  ): Promise<T> {
    return this.use(server, what, async (client, _abort, entry) => {
      entry.sftp ??= new Promise<SFTPWrapper>((resolve, reject) =>
        client.sftp((err, s) => {
          if (err) return reject(err);
          s.on('close', () => (entry.sftp = undefined));
          resolve(s);
        }),
      );
      const s = await entry.sftp.catch((e: Error) => {
        entry.sftp = undefined;
        throw e;
      });
      return new Promise<T>((resolve, reject) => call(s, (e, v) => (e ? reject(e) : resolve(v))));
    });
  }

  /** Runs `op` on the server's connection within the command timeout; failures become PmtaSshError. */
  private async use<T>(
    server: PmtaTarget,
    what: string,
    op: (client: Client, abort: (f: () => void) => void, entry: Entry) => Promise<T>,
  ): Promise<T> {
    const entry = this.entry(server);
    entry.busy++;
    clearTimeout(entry.idle);
    let timer: NodeJS.Timeout | undefined;
    let onAbort = () => {};
    try {
      const client = await entry.ready;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          onAbort();
          // A stuck operation may mean a stuck connection: the next call starts a fresh one.
          this.drop(server.id, entry);
          reject(
            new PmtaSshError(
              'timeout',
              `${server.name} did not finish ${what} within ${this.o.commandTimeoutMs / 1000} s.`,
            ),
          );
        }, this.o.commandTimeoutMs);
      });
      return await Promise.race([op(client, (f) => (onAbort = f), entry), timeout]);
    } catch (e) {
      if (e instanceof PmtaSshError) throw e;
      const code = (e as { code?: unknown }).code;
      throw new PmtaSshError(
        'failed',
        `${server.name}: ${what} failed: ${(e as Error).message}`,
        typeof code === 'number' ? code : undefined,
      );
    } finally {
      clearTimeout(timer);
      entry.busy--;
      if (entry.busy === 0 && this.entries.get(server.id) === entry) {
        entry.idle = setTimeout(() => entry.busy === 0 && this.drop(server.id, entry), this.o.idleMs);
        entry.idle.unref();
      }
    }
  }

  private drop(id: number, entry: Entry) {
    clearTimeout(entry.idle);
    if (this.entries.get(id) === entry) this.entries.delete(id);
    entry.client.destroy();
  }

  /** The pooled connection of this server with these settings, or a new one. */
  private entry(server: PmtaTarget): Entry {
    const settings = JSON.stringify([
      server.serverIp,
      server.sshPort,
      server.serverUsername,
      server.sshPasswordEnc,
      server.sshKeyEnc,
    ]);
    const known = this.entries.get(server.id);
    if (known?.settings === settings) return known;
    if (known) this.drop(server.id, known);
    const client = new ssh2.Client();
    const entry: Entry = { settings, client, ready: this.connect(server, client), busy: 0 };
    entry.ready.catch(() => this.drop(server.id, entry));
    client.on('close', () => this.entries.get(server.id) === entry && this.entries.delete(server.id));
    client.on('error', () => {}); // reported through `ready` or the operation that was running
    this.entries.set(server.id, entry);
    return entry;
  }

  private connect(server: PmtaTarget, client: Client): Promise<Client> {
    const where = `${server.name} (${server.serverIp}:${server.sshPort})`;
    const seconds = this.o.connectTimeoutMs / 1000;
    let hostKeyChanged = false;
    let otherOwner = false;
    let settled = false;
    /** The host key seen on this connection when the row has none pinned yet. */
    let unpinned: string | undefined;
    return new Promise<Client>((resolve, reject) => {
      const fail = (e: PmtaSshError) => {
        settled = true;
        clearTimeout(timer);
        client.destroy();
        reject(e);
      };
      // ssh2's readyTimeout starts after the TCP connect; this one bounds the whole way to a login.
      const timer = setTimeout(
        () => fail(new PmtaSshError('timeout', `${where} did not answer within ${seconds} s.`)),
        this.o.connectTimeoutMs,
      );
      const otherOwnersHost = () =>
        new PmtaSshError(
          'host-key',
          `The host of ${server.name} is already another owner's PMTA server (its host key is pinned there): refused. An administrator can assign the host.`,
        );
      const changed = () =>
        new PmtaSshError(
          'host-key',
          `The host key of ${server.name} changed: refused. If the server was reinstalled, clear its pinned key.`,
        );
      // A key first seen is pinned once the login succeeded (issue 37): a failed login pins nothing.
      client.once('ready', () => {
        const pinning = unpinned === undefined ? Promise.resolve(undefined) : this.pin(server.id, unpinned);
        pinning.then(
          (pinned) => {
            if (settled) return;
            if (unpinned !== undefined && pinned !== unpinned) return fail(pinned ? changed() : otherOwnersHost());
            settled = true;
            clearTimeout(timer);
            resolve(client);
          },
          (e: Error) => fail(new PmtaSshError('failed', `${where}: ${e.message}`)),
        );
      });
      client.once('error', (e: Error & { level?: string; code?: string }) => {
        if (otherOwner) return fail(otherOwnersHost());
        if (hostKeyChanged) return fail(changed());
        if (e.level === 'client-authentication')
          return fail(
            new PmtaSshError(
              'auth',
              `${where} refused the SSH login of ${server.serverUsername}: add your SSH public key (shown on the PMTA server form) to its authorized_keys, or set the server's SSH password or key.`,
            ),
          );
        if (e.level === 'client-timeout')
          return fail(new PmtaSshError('timeout', `${where} did not answer within ${seconds} s.`));
        const why =
          e.code === 'ECONNREFUSED'
            ? 'connection refused'
            : e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH'
              ? 'no route to the host'
              : e.message;
        fail(new PmtaSshError('unreachable', `cannot connect to ${where}: ${why}.`));
      });
      client.once('close', () =>
        fail(new PmtaSshError('unreachable', `cannot connect to ${where}: the connection was closed.`)),
      );
      // The owner's key (whoever asks), and a socket to an address the outbound policy allows.
      const opened = Promise.all([
        this.owner(server.id).then(async (o) => ({ ...o, key: (await ownerSshKey(this.ctx, o.userId)).privateKey })),
        connectChecked(outboundPolicy(this.ctx.env), {
          host: server.serverIp,
          port: server.sshPort,
          field: 'Server IP',
        }),
      ]);
      opened.then(
        ([owner, sock]) => {
          try {
            client.connect({
              sock,
              username: server.serverUsername,
              readyTimeout: this.o.connectTimeoutMs,
              keepaliveInterval: 15_000,
              authHandler: this.credentials(server, owner.key),
              hostVerifier: (key: Buffer, verify: (ok: boolean) => void) => {
                const seen = fingerprint(key);
                this.pinned(server.id, seen, owner).then(
                  (pinned) => {
                    if (pinned === OTHER_OWNER) {
                      otherOwner = true;
                      return verify(false);
                    }
                    if (pinned === null) {
                      unpinned = seen;
                      return verify(true);
                    }
                    hostKeyChanged = pinned !== undefined && pinned !== seen; // undefined: the server was deleted
                    verify(pinned === seen);
                  },
                  () => verify(false),
                );
              },
            });
            sock.setNoDelay(true); // SFTP and exec are small request-answer exchanges
          } catch (e) {
            sock.destroy();
            fail(new PmtaSshError('failed', `${where}: ${(e as Error).message}`));
          }
        },
        (e: Error & { code?: string }) => {
          if (e instanceof OutboundRefusedError)
            return fail(new PmtaSshError('unreachable', `cannot connect to ${server.name}: ${e.message}.`));
          if (e instanceof PmtaSshError) return fail(e);
          client.emit('error', e);
        },
      );
      // Already settled (timeout): the socket opened late is closed.
      void opened.then(([, sock]) => settled && sock.destroy()).catch(() => {});
    });
  }

  /** The server's owner and whether an administrator assigned the host to them. */
  private async owner(id: number) {
    const [row] = await this.ctx.db
      .select({ userId: pmtaServers.userId, hostAssigned: pmtaServers.hostAssigned })
      .from(pmtaServers)
      .where(eq(pmtaServers.id, id));
    if (!row) throw new PmtaSshError('failed', 'the server was deleted.');
    return row;
  }

  /** Tried in order: the server's own key, its owner's key, the server's password. */
  private credentials(server: PmtaTarget, ownerKey: string) {
    const username = server.serverUsername;
    const methods: { type: AuthenticationType; username: string; key?: string; password?: string }[] = [];
    if (server.sshKeyEnc) methods.push({ type: 'publickey', username, key: open(this.ctx.secret, server.sshKeyEnc) });
    methods.push({ type: 'publickey', username, key: ownerKey });
    if (server.sshPasswordEnc)
      methods.push({ type: 'password', username, password: open(this.ctx.secret, server.sshPasswordEnc) });
    return methods as Parameters<Client['connect']>[0]['authHandler'];
  }

  /**
   * The fingerprint pinned for the server (undefined: no such server), null when none is yet, or
   * OTHER_OWNER when none is and `seen` is pinned under another owner's server (one host, one owner) while
   * no administrator assigned the host. Pins nothing (`pin` does, after the login).
   */
  private async pinned(
    id: number,
    seen: string,
    owner: { userId: number; hostAssigned: boolean },
  ): Promise<string | null | undefined | typeof OTHER_OWNER> {
    const [mine] = await this.ctx.db
      .select({ hostKey: pmtaServers.hostKey })
      .from(pmtaServers)
      .where(eq(pmtaServers.id, id));
    if (mine && mine.hostKey === null && !owner.hostAssigned) {
      const [other] = await this.ctx.db
        .select({ id: pmtaServers.id })
        .from(pmtaServers)
        .where(and(eq(pmtaServers.hostKey, seen), ne(pmtaServers.userId, owner.userId)))
        .limit(1);
      if (other) return OTHER_OWNER;
    }
    return mine?.hostKey;
  }

  /**
   * Pins `seen` after a successful login (trust on first use) unless a key is pinned already or, meanwhile,
   * another owner's server pinned it (and no administrator assigned the host); the key pinned afterwards.
   */
  private async pin(id: number, seen: string): Promise<string | null | undefined> {
    const { rows } = await this.ctx.db.$client.query<{ hostKey: string | null }>(
      `with pinned as (
         update pmta_servers s set host_key = $2
          where s.id = $1 and s.host_key is null
            and (s.host_assigned or not exists (
                   select 1 from pmta_servers o where o.host_key = $2 and o.user_id <> s.user_id))
         returning host_key)
       select host_key as "hostKey" from pinned
       union all
       select host_key from pmta_servers where id = $1 and not exists (select 1 from pinned)`,
      [id, seen],
    );
    return rows[0]?.hostKey;
  }
}

const pools = new WeakMap<object, PmtaConnections>();

/** The connections of one running console (one pool per app context). */
export function pmtaConnections(ctx: AppContext): PmtaConnections {
  let pool = pools.get(ctx);
  if (!pool) pools.set(ctx, (pool = new PmtaConnections(ctx)));
  return pool;
}
