// @ts-nocheck
import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import ssh2 from 'ssh2';
import type { Attributes, SFTPWrapper } from 'ssh2';
import { Sandbox } from './ssh-sandbox.ts';

const { STATUS_CODE } = ssh2.utils.sftp;
const { flagsToString } = ssh2.utils.sftp;

type Handle = { file: fs.FileHandle } | { dir: string; names: string[] | undefined };

export function attrsOf(s: Stats): Attributes {
  return {
    mode: s.mode,
    uid: s.uid,
    gid: s.gid,
    size: s.size,
    atime: Math.floor(s.atimeMs / 1000),
    mtime: Math.floor(s.mtimeMs / 1000),
  };
}

/** `-rw-r--r-- 1 0 0 123 Jan  1 00:00 name`, as `ls -l` (OpenSSH's longname). */
function longname(name: string, s: Stats): string {
  const kind = s.isDirectory() ? 'd' : s.isSymbolicLink() ? 'l' : '-';
  const bits = 'rwxrwxrwx'.replace(/./g, (c, i: number) => (s.mode & (0o400 >> i) ? c : '-'));
  const date = s.mtime.toUTCString().slice(5, 22);
  return `${kind}${bits} 1 ${s.uid} ${s.gid} ${s.size} ${date} ${name}`;
}

/** Reads the two strings of an extended request's data (`string oldpath, string newpath`). */
function twoStrings(data: Buffer | undefined): [string, string] | undefined {
  if (!data || data.length < 4) return undefined;
  const a = data.readUInt32BE(0);
  if (data.length < 8 + a) return undefined;
  const b = data.readUInt32BE(4 + a);
  if (data.length < 8 + a + b) return undefined;
  return [data.toString('utf8', 4, 4 + a), data.toString('utf8', 8 + a, 8 + a + b)];
}

/**
 * Serves one SFTP session on the sandbox. RENAME overwrites its target as rename(2) does (OpenSSH's v3
 * RENAME refuses an existing target; its `posix-rename@openssh.com` extension, answered here too, does not).
 */
export function serveSftp(sftp: SFTPWrapper, sandbox: Sandbox): void {
  const handles = new Map<number, Handle>();
  let next = 0;
  const newHandle = (h: Handle) => {
    const id = next++;
    handles.set(id, h);
    const buf = Buffer.alloc(4);
    buf.writeUInt32BE(id);
    return buf;
  };
  const handleOf = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);

  /** Runs one request; a thrown file-system error becomes its SFTP status. */
  const run = (reqid: number, work: () => Promise<void>) => {
    work().catch((e: NodeJS.ErrnoException) => {
      const code =
        e.code === 'ENOENT' || e.code === 'ENOTDIR'
          ? STATUS_CODE.NO_SUCH_FILE
          : e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EISDIR'
            ? STATUS_CODE.PERMISSION_DENIED
            : STATUS_CODE.FAILURE;
      // OpenSSH's wording; never the real path (it would show where the sandbox lives).
      sftp.status(reqid, code, code === STATUS_CODE.FAILURE ? 'Failure' : undefined);
    });
  };
  const ok = (reqid: number) => sftp.status(reqid, STATUS_CODE.OK);
  const bad = (reqid: number) => sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
  const rename = async (from: string, to: string) => fs.rename(await sandbox.resolve(from), await sandbox.resolve(to));

  // A file created with a mode gets that mode exactly, as OpenSSH's sftp-server does under umask 022 for
  // 0600 (the simulator's own umask is not the host's), so a test reads back what a client asked for.
  sftp.on('OPEN', (reqid, filename, flags, attrs) =>
    run(reqid, async () => {
      const mode = flagsToString(flags);
      if (!mode) return void sftp.status(reqid, STATUS_CODE.FAILURE, 'Unsupported open flags');
      const real = await sandbox.resolve(filename);
      const existed = await fs.stat(real).then(
        () => true,
        () => false,
      );
      const perm = typeof attrs?.mode === 'number' ? attrs.mode & 0o777 : undefined;
      const file = await fs.open(real, mode, perm ?? 0o644);
      if (!existed) await file.chmod(perm ?? 0o644);
      sftp.handle(reqid, newHandle({ file }));
    }),
  );
  sftp.on('READ', (reqid, handle, offset, length) =>
    run(reqid, async () => {
      const h = handleOf(handle);
      if (!h || !('file' in h)) return bad(reqid);
      const buf = Buffer.alloc(length);
      const { bytesRead } = await h.file.read(buf, 0, length, offset);
      if (bytesRead === 0) sftp.status(reqid, STATUS_CODE.EOF);
      else sftp.data(reqid, buf.subarray(0, bytesRead));
    }),
  );
  sftp.on('WRITE', (reqid, handle, offset, data) =>
    run(reqid, async () => {
      const h = handleOf(handle);
      if (!h || !('file' in h)) return bad(reqid);
      await h.file.write(data, 0, data.length, offset);
      ok(reqid);
    }),
  );
  sftp.on('FSTAT', (reqid, handle) =>
    run(reqid, async () => {
      const h = handleOf(handle);
      if (!h) return bad(reqid);
      sftp.attrs(reqid, attrsOf('file' in h ? await h.file.stat() : await fs.stat(h.dir)));
    }),
  );
  sftp.on('CLOSE', (reqid, handle) =>
    run(reqid, async () => {
      const h = handleOf(handle);
      if (!h) return bad(reqid);
      handles.delete(handle.readUInt32BE(0));
      if ('file' in h) await h.file.close();
      ok(reqid);
    }),
  );
  // The mode a client sets is kept (chmod); other attributes (owner, times) are accepted and ignored.
  sftp.on('SETSTAT', (reqid, p, attrs) =>
    run(reqid, async () => {
      if (typeof attrs.mode === 'number') await fs.chmod(await sandbox.resolve(p), attrs.mode & 0o777);
      ok(reqid);
    }),
  );
  sftp.on('FSETSTAT', (reqid, handle, attrs) =>
    run(reqid, async () => {
      const h = handleOf(handle);
      if (!h) return bad(reqid);
      if (typeof attrs.mode === 'number' && 'file' in h) await h.file.chmod(attrs.mode & 0o777);
      ok(reqid);
    }),
  );
  for (const event of ['STAT', 'LSTAT'] as const)
    sftp.on(event, (reqid: number, p: string) =>
      run(reqid, async () => sftp.attrs(reqid, attrsOf(await fs.stat(await sandbox.resolve(p))))),
    );
  sftp.on('OPENDIR', (reqid, p) =>
    run(reqid, async () => {
      const dir = await sandbox.resolve(p);
      if (!(await fs.stat(dir)).isDirectory()) throw Object.assign(new Error('Not a directory'), { code: 'ENOTDIR' });
      sftp.handle(reqid, newHandle({ dir, names: undefined }));
    }),
  );
  sftp.on('READDIR', (reqid, handle) =>
    run(reqid, async () => {
      const h = handleOf(handle);
      if (!h || !('dir' in h)) return bad(reqid);
      if (h.names) return void sftp.status(reqid, STATUS_CODE.EOF); // everything went in the first answer
      h.names = await fs.readdir(h.dir);
      const entries = await Promise.all(
        h.names.map(async (filename) => {
          const s = await fs.lstat(`${h.dir}/${filename}`);
          return { filename, longname: longname(filename, s), attrs: attrsOf(s) };
        }),
      );
      if (entries.length === 0) sftp.status(reqid, STATUS_CODE.EOF);
      else sftp.name(reqid, entries);
    }),
  );
  sftp.on('REMOVE', (reqid, p) => run(reqid, async () => (await fs.unlink(await sandbox.resolve(p)), ok(reqid))));
  sftp.on('RMDIR', (reqid, p) => run(reqid, async () => (await fs.rmdir(await sandbox.resolve(p)), ok(reqid))));
  sftp.on('MKDIR', (reqid, p) => run(reqid, async () => (await fs.mkdir(await sandbox.resolve(p)), ok(reqid))));
  sftp.on('RENAME', (reqid, from, to) => run(reqid, async () => (await rename(from, to), ok(reqid))));
  sftp.on('REALPATH', (reqid, p) =>
    run(reqid, async () => {
      const filename = Sandbox.virtual(p);
      sftp.name(reqid, [{ filename, longname: filename, attrs: {} as Attributes }]);
    }),
  );
  sftp.on('EXTENDED', (reqid: number, name: string, data: Buffer | undefined) => {
    const paths = name === 'posix-rename@openssh.com' ? twoStrings(data) : undefined;
    if (!paths) return void sftp.status(reqid, STATUS_CODE.OP_UNSUPPORTED);
    run(reqid, async () => (await rename(...paths), ok(reqid)));
  });
  sftp.on('close', () => {
    for (const h of handles.values()) if ('file' in h) void h.file.close().catch(() => {});
    handles.clear();
  });
}
