import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * A real IMAP server on loopback for the bounce mailbox tests (issue 39 section 5): Debian's Dovecot,
 * started as an unprivileged process (`nobody` when the tests run as root) with its own configuration in a
 * temporary directory, users from a passwd file, Maildirs under the directory. Plain IMAP on 127.0.0.1
 * (loopback is where the outbound policy lets plain IMAP through, decision 1382); with `tls`, STARTTLS on
 * that port and implicit TLS on `tlsPort` with the certificate given. `.ci/run` installs dovecot-imapd
 * when missing.
 */

export const DOVECOT = '/usr/sbin/dovecot';

export interface Dovecot {
  host: string;
  /** Plain IMAP, with STARTTLS offered when started with `tls`. */
  port: number;
  /** Implicit TLS (imaps) when started with `tls`; 0 without. */
  tlsPort: number;
  dir: string;
  /** Adds a user (password as given) before or after the start: passwd-file is read at each login. */
  addUser(user: string, password: string): void;
  /** Kills the server at once (SIGKILL to its master and children): a mailbox cut mid-read. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data (after kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** Until nothing listens on the port: a killed group's master may outlive the shell we wait for. */
async function waitForPortFree(port: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() > until) throw new Error(`port ${port} still in use after dovecot was killed`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Until the port greets (IMAP), or only accepts (imaps: the client speaks first). */
async function waitForPort(port: number, timeoutMs = 10_000, acceptOnly = false) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port });
      s.setTimeout(1_000, () => {
        s.destroy();
        resolve(false);
      });
      s.once('data', () => {
        s.destroy();
        resolve(true);
      });
      if (acceptOnly)
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface DovecotOptions {
  /** PEM certificate and key files: STARTTLS on `port` and implicit TLS on `tlsPort` (decision 1382's TLS). */
  tls?: { cert: string; key: string };
  /** The plain IMAP port (a free one when not given): the demo's is fixed, its mailboxes name it. */
  port?: number;
}

export async function startDovecot(o: DovecotOptions = {}): Promise<Dovecot> {
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : process.getuid!();
  const gid = root ? 65534 : process.getgid!();
  const account = root ? 'nobody' : os.userInfo().username;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  const port = o.port || (await freePort());
  const tlsPort = o.tls ? await freePort() : 0;
  const users: string[] = [];
  if (o.tls) {
    copyFileSync(o.tls.cert, path.join(dir, 'cert.pem'));
    copyFileSync(o.tls.key, path.join(dir, 'key.pem'));
  }
  const ssl = o.tls ? `ssl = yes\nssl_cert = <${dir}/cert.pem\nssl_key = <${dir}/key.pem` : 'ssl = no';
  const passwd = path.join(dir, 'passwd');
  writeFileSync(passwd, '');
  const config = path.join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
${ssl}
mail_fsync = never
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${account}
default_internal_group = ${root ? 'nogroup' : (os.userInfo().username ?? account)}
default_login_user = ${account}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${uid}
mail_gid = ${gid}
first_valid_uid = 0
first_valid_gid = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/home/%u
}
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort}
  }
}
service anvil {
  chroot =
}
service auth {
  unix_listener auth-userdb {
    mode = 0666
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  for (const d of ['run', 'state', 'mail', 'home']) mkdirSync(path.join(dir, d));
  const own = (p: string) => {
    chownSync(p, uid, gid);
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) own(path.join(p, f));
  };
  own(dir);

  let child: ChildProcess | undefined;
  const start = async () => {
    // Its own process group, so a kill reaches the master and every child at once. The shell holds our end of
    // a pipe: when this process ends in any way (a SIGKILLed test worker, a demo killed hard), the pipe closes
    // and the shell takes the whole group with it, so no Dovecot outlives whoever started it.
    child = spawn('/bin/sh', ['-c', '"$0" -F -c "$1" </dev/null & cat >/dev/null; kill -9 0', DOVECOT, config], {
      uid,
      gid,
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
    await waitForPort(port);
    if (tlsPort) await waitForPort(tlsPort, 10_000, true);
  };
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child!.once('exit', r));
    // the master and its children (imap, imap-login, auth): a cut, not a shutdown
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    await waitForPortFree(port);
    if (tlsPort) await waitForPortFree(tlsPort);
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    dir,
    addUser(user, password) {
      users.push(`${user}:{PLAIN}${password}::::::`);
      writeFileSync(passwd, users.join('\n') + '\n');
    },
    kill,
    async restart() {
      await kill();
      // A SIGKILL mid-write leaves Dovecot's dotlocks (dovecot-uidlist.lock) behind, and a new Dovecot waits
      // for them to go stale (minutes): an operator's restart clears them, so does this one.
      for (const f of readdirSync(path.join(dir, 'mail'), { recursive: true, encoding: 'utf8' }))
        if (f.endsWith('.lock')) rmSync(path.join(dir, 'mail', f), { force: true });
      // The killed master was our shell's child: until init reaps it, its pid answers, and a new Dovecot that
      // reads it from master.pid refuses to start ("already running"). Its ports are free (kill waited).
      rmSync(path.join(dir, 'run', 'master.pid'), { force: true });
      await start();
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
