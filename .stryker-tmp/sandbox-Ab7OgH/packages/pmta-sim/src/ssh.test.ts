// @ts-nocheck
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import type { Client as SshClient, ConnectConfig, SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult, PmtaControl } from './control.ts';
import { newEd25519KeyPair, startSshServer, type SshServer } from './ssh.ts';
import { words } from './ssh-shell.ts';

const { Client } = ssh2;

/** A stand-in for sim.ts's PMTA state: records the calls, answers like a running PMTA. */
function fakeControl(root: string) {
  const calls: string[] = [];
  const control: PmtaControl & { calls: string[]; running: boolean } = {
    root,
    running: true,
    calls,
    async command(args) {
      calls.push(`pmta ${args.join(' ')}`);
      if (args[0] === 'bogus') return { code: 1, stdout: 'error: unknown command "bogus"\n', stderr: '' };
      return { code: 0, stdout: `ok ${JSON.stringify(args)}\n`, stderr: '' };
    },
    async service(action) {
      calls.push(`service ${action}`);
      return { code: 0, stdout: `pmta ${action}\n`, stderr: '' };
    },
  };
  return control;
}

const userKey = newEd25519KeyPair();
const otherKey = newEd25519KeyPair();
let tmp: string;
let root: string;
let control: ReturnType<typeof fakeControl>;
let server: SshServer;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pmta-ssh-'));
  root = path.join(tmp, 'root');
  fs.mkdirSync(path.join(root, 'etc/pmta'), { recursive: true });
  fs.writeFileSync(path.join(root, 'etc/pmta/config'), 'smtp-listener 0/0:3535\n');
  fs.writeFileSync(path.join(tmp, 'outside.txt'), 'secret');
  control = fakeControl(root);
  server = await startSshServer(control, {
    users: [
      { username: 'root', password: 'pw-root' },
      { username: 'pmta', publicKeys: [userKey.public] },
    ],
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function connect(cfg: Partial<ConnectConfig>): Promise<SshClient> {
  return new Promise((resolve, reject) => {
    const c = new Client();
    c.once('ready', () => resolve(c));
    c.once('error', reject);
    c.connect({ host: '127.0.0.1', port: server.port, readyTimeout: 10_000, ...cfg });
  });
}

function exec(c: SshClient, command: string): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    c.exec(command, (err, stream) => {
      if (err) return reject(err);
      let stdout = '';
      let stderr = '';
      let code = -1;
      stream.on('data', (d: Buffer) => (stdout += d.toString()));
      stream.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      stream.on('exit', (c: number) => (code = c));
      stream.on('close', () => resolve({ code, stdout, stderr }));
    });
  });
}

function sftpOf(c: SshClient): Promise<SFTPWrapper> {
  return new Promise((resolve, reject) => c.sftp((err, s) => (err ? reject(err) : resolve(s))));
}

/** Promisified SFTP calls (ssh2's are callback style). */
const call = <T>(f: (cb: (err: Error | null | undefined, v: T) => void) => void) =>
  new Promise<T>((resolve, reject) => f((err, v) => (err ? reject(err) : resolve(v))));

describe('authentication', () => {
  it('accepts the configured password and public key, and nothing else', async () => {
    const a = await connect({ username: 'root', password: 'pw-root' });
    a.end();
    const b = await connect({ username: 'pmta', privateKey: userKey.private });
    b.end();
    await expect(connect({ username: 'root', password: 'wrong' })).rejects.toThrow(/authentication/i);
    await expect(connect({ username: 'pmta', privateKey: otherKey.private })).rejects.toThrow(/authentication/i);
    await expect(connect({ username: 'pmta', password: 'pw-root' })).rejects.toThrow(/authentication/i);
    await expect(connect({ username: 'nobody', password: 'pw-root' })).rejects.toThrow(/authentication/i);
  });

  it('reports its host key fingerprint as OpenSSH prints it', async () => {
    let seen = '';
    const c = await connect({
      username: 'root',
      password: 'pw-root',
      hostHash: 'sha256',
      hostVerifier: (hash: string) => ((seen = hash), true),
    });
    c.end();
    expect(server.hostKeyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    // ssh2's hex hash of the same blob
    expect(Buffer.from(server.hostKeyFingerprint.slice(7), 'base64').toString('hex')).toBe(seen);
  });
});

describe('exec', () => {
  let c: SshClient;
  beforeAll(async () => (c = await connect({ username: 'root', password: 'pw-root' })));
  afterAll(() => c.end());

  it('passes pmta command lines to the PMTA state, with its output and exit code', async () => {
    expect(await exec(c, 'pmta show queues')).toEqual({ code: 0, stdout: 'ok ["show","queues"]\n', stderr: '' });
    expect(await exec(c, `pmta pause queue 'gmail.com/vmta-1'`)).toMatchObject({
      stdout: 'ok ["pause","queue","gmail.com/vmta-1"]\n',
    });
    expect(await exec(c, 'pmta bogus')).toMatchObject({ code: 1, stdout: 'error: unknown command "bogus"\n' });
  });

  it('maps systemctl and service on pmta to the service, is-active to the running state', async () => {
    control.calls.length = 0;
    expect(await exec(c, 'systemctl restart pmta')).toMatchObject({ code: 0, stdout: 'pmta restart\n' });
    expect(await exec(c, 'service pmta status')).toMatchObject({ code: 0, stdout: 'pmta status\n' });
    expect(await exec(c, 'systemctl is-active pmta')).toEqual({ code: 0, stdout: 'active\n', stderr: '' });
    control.running = false;
    expect(await exec(c, 'systemctl is-active pmta')).toEqual({ code: 3, stdout: 'inactive\n', stderr: '' });
    control.running = true;
    expect(control.calls).toEqual(['service restart', 'service status']);
    expect((await exec(c, 'systemctl restart sshd')).code).toBe(1);
  });

  it('cat, stat and test read the sandbox only', async () => {
    expect(await exec(c, 'cat /etc/pmta/config')).toEqual({ code: 0, stdout: 'smtp-listener 0/0:3535\n', stderr: '' });
    expect(await exec(c, 'cat /etc/pmta/missing')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'cat: /etc/pmta/missing: No such file or directory\n',
    });
    const mtime = Math.floor(fs.statSync(path.join(root, 'etc/pmta/config')).mtimeMs / 1000);
    expect(await exec(c, 'stat -c %Y /etc/pmta/config')).toEqual({ code: 0, stdout: `${mtime}\n`, stderr: '' });
    expect((await exec(c, 'stat /etc/pmta/config')).stdout).toContain('  File: /etc/pmta/config\n');
    expect((await exec(c, 'test -f /etc/pmta/config')).code).toBe(0);
    expect((await exec(c, 'test -f /etc/pmta')).code).toBe(1);
    expect((await exec(c, 'test -f /etc/pmta/nope')).code).toBe(1);
    // `..` stops at the root: this is root/outside.txt, which does not exist
    expect((await exec(c, 'cat ../../../outside.txt')).stderr).toContain('No such file or directory');
  });

  it('mkdir -p and rm -f work on files of the sandbox, never on a directory', async () => {
    expect((await exec(c, 'mkdir /var/log/pmta/x/a')).code).toBe(1);
    expect((await exec(c, 'mkdir -p /var/log/pmta/x/a')).code).toBe(0);
    expect((await exec(c, 'mkdir -p /var/log/pmta/x/a')).code).toBe(0);
    fs.writeFileSync(path.join(root, 'var/log/pmta/x/a/k.pem'), 'key');
    expect((await exec(c, 'rm /var/log/pmta/x/a/k.pem')).code).toBe(0);
    expect(fs.existsSync(path.join(root, 'var/log/pmta/x/a/k.pem'))).toBe(false);
    expect((await exec(c, 'rm /var/log/pmta/x/a/k.pem')).stderr).toContain('No such file or directory');
    expect((await exec(c, 'rm -f /var/log/pmta/x/a/k.pem')).code).toBe(0);
    expect((await exec(c, 'rm -rf /')).code).toBe(1);
    expect(fs.existsSync(path.join(root, 'etc/pmta/config'))).toBe(true);
  });

  it('answers anything else with 127 command not found', async () => {
    expect(await exec(c, 'curl http://x')).toEqual({
      code: 127,
      stdout: '',
      stderr: 'bash: curl: command not found\n',
    });
    expect(control.calls.some((x) => x.includes('curl'))).toBe(false);
  });
});

describe('sftp', () => {
  let c: SshClient;
  let sftp: SFTPWrapper;
  beforeAll(async () => {
    c = await connect({ username: 'pmta', privateKey: userKey.private });
    sftp = await sftpOf(c);
  });
  afterAll(() => c.end());

  it('writes, reads, lists, stats and removes files under the root', async () => {
    await call<void>((cb) => sftp.mkdir('/etc/pmta/dkim', (e) => cb(e, undefined)));
    await call<void>((cb) => sftp.writeFile('/etc/pmta/dkim/a.pem', 'KEY', (e) => cb(e, undefined)));
    expect(fs.readFileSync(path.join(root, 'etc/pmta/dkim/a.pem'), 'utf8')).toBe('KEY');
    expect((await call<Buffer>((cb) => sftp.readFile('/etc/pmta/dkim/a.pem', cb))).toString()).toBe('KEY');
    const names = await call<{ filename: string }[]>((cb) => sftp.readdir('/etc/pmta', cb));
    expect(names.map((n) => n.filename).sort()).toEqual(['config', 'dkim']);
    const st = await call<{ size: number; isFile(): boolean }>((cb) => sftp.stat('/etc/pmta/dkim/a.pem', cb));
    expect(st.size).toBe(3);
    expect(st.isFile()).toBe(true);
    expect(await call<string>((cb) => sftp.realpath('/etc/pmta/../pmta/./dkim', cb))).toBe('/etc/pmta/dkim');
    await call<void>((cb) => sftp.unlink('/etc/pmta/dkim/a.pem', (e) => cb(e, undefined)));
    await call<void>((cb) => sftp.rmdir('/etc/pmta/dkim', (e) => cb(e, undefined)));
    expect(fs.existsSync(path.join(root, 'etc/pmta/dkim'))).toBe(false);
    const missing = await call((cb) => sftp.stat('/etc/pmta/dkim', cb)).catch((e: Error) => e);
    expect((missing as Error).message).toBe('No such file or directory'); // not where the sandbox lives
  });

  it('renames over an existing target (write then rename), plain and posix-rename@openssh.com', async () => {
    await call<void>((cb) => sftp.writeFile('/etc/pmta/config.tmp', 'new 1\n', (e) => cb(e, undefined)));
    await call<void>((cb) => sftp.rename('/etc/pmta/config.tmp', '/etc/pmta/config', (e) => cb(e, undefined)));
    expect(fs.readFileSync(path.join(root, 'etc/pmta/config'), 'utf8')).toBe('new 1\n');
    // ssh2's server cannot advertise extensions; a client that knows OpenSSH asks anyway.
    (sftp as unknown as { _extensions: Record<string, string> })._extensions['posix-rename@openssh.com'] = '1';
    await call<void>((cb) => sftp.writeFile('/etc/pmta/config.tmp', 'new 2\n', (e) => cb(e, undefined)));
    await call<void>((cb) =>
      sftp.ext_openssh_rename('/etc/pmta/config.tmp', '/etc/pmta/config', (e) => cb(e, undefined)),
    );
    expect(fs.readFileSync(path.join(root, 'etc/pmta/config'), 'utf8')).toBe('new 2\n');
    expect(fs.existsSync(path.join(root, 'etc/pmta/config.tmp'))).toBe(false);
  });

  it('never leaves the root: .. stops at /, symlinks out are refused', async () => {
    await call<void>((cb) => sftp.writeFile('/../../x.txt', 'x', (e) => cb(e, undefined)));
    expect(fs.readFileSync(path.join(root, 'x.txt'), 'utf8')).toBe('x');
    expect(fs.existsSync(path.join(tmp, 'x.txt'))).toBe(false);

    fs.symlinkSync(path.join(tmp, 'outside.txt'), path.join(root, 'link'));
    fs.symlinkSync(tmp, path.join(root, 'dirlink'));
    fs.symlinkSync(path.join(tmp, 'created.txt'), path.join(root, 'dangling'));
    await expect(call((cb) => sftp.readFile('/link', cb))).rejects.toThrow(/Permission denied/);
    await expect(call((cb) => sftp.readFile('/dirlink/outside.txt', cb))).rejects.toThrow(/Permission denied/);
    await expect(call((cb) => sftp.writeFile('/dangling', 'x', (e) => cb(e, undefined)))).rejects.toThrow(
      /Permission denied/,
    );
    await expect(call((cb) => sftp.rename('/x.txt', '/dirlink/stolen.txt', (e) => cb(e, undefined)))).rejects.toThrow(
      /Permission denied/,
    );
    expect(fs.existsSync(path.join(tmp, 'created.txt'))).toBe(false);
    expect(fs.existsSync(path.join(tmp, 'stolen.txt'))).toBe(false);
    const c2 = await connect({ username: 'root', password: 'pw-root' });
    expect((await exec(c2, 'cat /link')).stderr).toBe('cat: /link: Permission denied\n');
    c2.end();
  });
});

describe('words', () => {
  it.each([
    ['pmta show status', ['pmta', 'show', 'status']],
    [`pmta  pause queue 'a b'/v`, ['pmta', 'pause', 'queue', 'a b/v']],
    [`cat "/etc/pmta/my \\"x\\""`, ['cat', '/etc/pmta/my "x"']],
    ['  ', []],
  ])('%s', (line, expected) => expect(words(line)).toEqual(expected));
  it('refuses an unmatched quote', () => expect(words(`cat 'x`)).toBeUndefined());
});
