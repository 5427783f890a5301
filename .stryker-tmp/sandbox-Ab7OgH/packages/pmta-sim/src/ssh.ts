// @ts-nocheck
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';
import type { Connection, ParsedKey } from 'ssh2';
import type { PmtaControl } from './control.ts';
import { Sandbox } from './ssh-sandbox.ts';
import { serveSftp } from './ssh-sftp.ts';
import { runCommand } from './ssh-shell.ts';

const { Server, utils } = ssh2;

export interface SshUser {
  username: string;
  password?: string;
  /** OpenSSH `authorized_keys` lines (`ssh-ed25519 AAAA... comment`). */
  publicKeys?: string[];
}

export interface SshServerOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: '127.0.0.1';
  /** The host key (PEM or OpenSSH private key); a new ed25519 key when absent. */
  hostKey?: string;
  users: SshUser[];
}

export interface SshServer {
  port: number;
  /** `SHA256:<base64>` of the host key, as `ssh-keygen -lf` prints it. */
  hostKeyFingerprint: string;
  /** Puts one more `authorized_keys` line for `username` (an owner's key made after the start). */
  addPublicKey(username: string, publicKey: string): void;
  close(): Promise<void>;
}

/** The SHA256 fingerprint of a public key blob (SSH wire format), as OpenSSH prints it. */
export function fingerprint(blob: Buffer): string {
  return 'SHA256:' + crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
}

function parsed(key: string): ParsedKey {
  const k = utils.parseKey(key);
  if (k instanceof Error) throw k;
  return k;
}

function same(a: Buffer | string, b: Buffer | string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

/**
 * A new ed25519 key pair. ssh2's generator writes a private key it cannot read back about once in 200:
 * a pair is kept only once it parses.
 */
export function newEd25519KeyPair() {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.private) instanceof Error)) return pair;
  }
}

/**
 * The SSH side of a simulated PMTA host: password or public-key login as configured, exec channels for the
 * commands the console runs (ssh-shell.ts) and the SFTP subsystem on the sandboxed data directory.
 */
export async function startSshServer(control: PmtaControl, o: SshServerOptions): Promise<SshServer> {
  const sandbox = await Sandbox.open(control.root);
  const hostKey = o.hostKey ?? newEd25519KeyPair().private;
  const users = o.users.map((u) => ({ ...u, keys: (u.publicKeys ?? []).map(parsed) }));
  const clients = new Set<Connection>();

  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    // Small request-answer packets: with Nagle each would wait for a delayed ACK. (Missing from the types.)
    (client as Connection & { setNoDelay(v: boolean): void }).setNoDelay(true);
    client.on('close', () => clients.delete(client));
    client.on('error', () => {}); // a peer that vanishes mid-handshake is not our failure
    client.on('authentication', (ctx) => {
      const user = users.find((u) => u.username === ctx.username);
      const methods = ['publickey', 'password'] as const;
      if (ctx.method === 'password' && user?.password !== undefined && same(ctx.password, user.password))
        return ctx.accept();
      if (ctx.method === 'publickey' && user) {
        const key = user.keys.find((k) => k.type === ctx.key.algo && same(k.getPublicSSH(), ctx.key.data));
        // Without a signature the client only asks whether the key would do; with one it must verify.
        if (key && (!ctx.signature || key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo))) return ctx.accept();
      }
      ctx.reject([...methods]);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('exec', (accept, _reject, info) => {
          const channel = accept();
          runCommand(info.command, control, sandbox)
            .catch((e: Error) => ({ code: 1, stdout: '', stderr: `${e.message}\n` }))
            .then((r) => {
              if (r.stdout) channel.write(r.stdout);
              if (r.stderr) channel.stderr.write(r.stderr);
              channel.exit(r.code);
              channel.end();
            })
            .catch(() => {}); // the client went away before the answer
        });
        session.on('sftp', (accept) => serveSftp(accept(), sandbox));
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    hostKeyFingerprint: fingerprint(parsed(hostKey).getPublicSSH()),
    addPublicKey: (username, publicKey) => {
      let user = users.find((u) => u.username === username);
      if (!user) users.push((user = { username, keys: [] }));
      user.keys.push(parsed(publicKey));
    },
    close: async () => {
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
