// @ts-nocheck
import fs from 'node:fs/promises';
import type { CommandResult, PmtaControl } from './control.ts';
import type { Sandbox } from './ssh-sandbox.ts';

/** Splits a command line as a POSIX shell would for plain words, '...' and "..." (no expansions). */
export function words(line: string): string[] | undefined {
  const out: string[] = [];
  const re = /\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|((?:[^\s'"\\]|\\.)+))/gy;
  let word: string | undefined;
  let at = 0;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    at = re.lastIndex;
    const part = m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!.replace(/\\(.)/g, '$1');
    // Adjacent pieces (a"b"'c') make one word; whitespace before a piece starts a new one.
    if (word !== undefined && !/^\s/.test(m[0])) word += part;
    else {
      if (word !== undefined) out.push(word);
      word = part;
    }
  }
  if (line.slice(at).trim()) return undefined; // an unmatched quote
  if (word !== undefined) out.push(word);
  return out;
}

const result = (code: number, stdout = '', stderr = ''): CommandResult => ({ code, stdout, stderr });
const SERVICE_ACTIONS = ['start', 'stop', 'restart', 'status'] as const;
type ServiceAction = (typeof SERVICE_ACTIONS)[number];
const isServiceAction = (a: string | undefined): a is ServiceAction => SERVICE_ACTIONS.includes(a as ServiceAction);

/**
 * The few shell commands an operator's console runs on a PMTA host: `pmta ...`, the service through
 * systemctl or service, and `cat`, `stat`, `test -f|-d|-e`, `mkdir [-p]`, `rm [-f]` of files in the
 * sandbox. Anything else is 127.
 */
export async function runCommand(line: string, control: PmtaControl, sandbox: Sandbox): Promise<CommandResult> {
  const argv = words(line);
  if (!argv) return result(2, '', 'bash: syntax error: unexpected end of file\n');
  const [cmd, ...args] = argv;
  if (cmd === undefined) return result(0);
  switch (cmd) {
    case 'pmta':
      return control.command(args);
    case 'systemctl':
      if (args[1] === 'pmta' && args[0] === 'is-active')
        return control.running ? result(0, 'active\n') : result(3, 'inactive\n');
      if (args[1] === 'pmta' && isServiceAction(args[0])) return control.service(args[0]);
      return result(1, '', `Unit ${args[1] ?? ''}.service not found or action unknown.\n`);
    case 'service':
      if (args[0] === 'pmta' && isServiceAction(args[1])) return control.service(args[1]);
      return result(1, '', `Usage: service pmta {start|stop|restart|status}\n`);
    case 'cat':
      return cat(args, sandbox);
    case 'stat':
      return stat(args, sandbox);
    case 'test':
    case '[':
      return test(cmd === '[' ? args.slice(0, -1) : args, sandbox);
    case 'mkdir':
      return mkdir(args, sandbox);
    case 'rm':
      return rm(args, sandbox);
    default:
      return result(127, '', `bash: ${cmd}: command not found\n`);
  }
}

function errorText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR'
    ? 'No such file or directory'
    : code === 'EISDIR'
      ? 'Is a directory'
      : 'Permission denied';
}

async function cat(paths: string[], sandbox: Sandbox): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  for (const p of paths) {
    try {
      stdout += await fs.readFile(await sandbox.resolve(p), 'utf8');
    } catch (e) {
      stderr += `cat: ${p}: ${errorText(e)}\n`;
    }
  }
  return result(stderr ? 1 : 0, stdout, stderr);
}

/** `stat -c FORMAT` (%Y mtime, %X atime, %s size, %n name, %a octal mode) and plain `stat` as coreutils. */
async function stat(args: string[], sandbox: Sandbox): Promise<CommandResult> {
  let format: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c' || a === '--format' || a === '--printf') format = args[++i];
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a.startsWith('-c') && a.length > 2) format = a.slice(2);
    else paths.push(a);
  }
  if (paths.length === 0) return result(1, '', "stat: missing operand\nTry 'stat --help' for more information.\n");
  let stdout = '';
  let stderr = '';
  for (const p of paths) {
    try {
      const s = await fs.stat(await sandbox.resolve(p));
      stdout += format === undefined ? plainStat(p, s) : formatStat(format, p, s) + '\n';
    } catch (e) {
      stderr += `stat: cannot statx '${p}': ${errorText(e)}\n`;
    }
  }
  return result(stderr ? 1 : 0, stdout, stderr);
}

function formatStat(format: string, name: string, s: import('node:fs').Stats): string {
  return format.replace(/%(.)/g, (all, c: string) => {
    if (c === 'Y') return String(Math.floor(s.mtimeMs / 1000));
    if (c === 'X') return String(Math.floor(s.atimeMs / 1000));
    if (c === 's') return String(s.size);
    if (c === 'n') return name;
    if (c === 'a') return (s.mode & 0o7777).toString(8);
    if (c === '%') return '%';
    return all;
  });
}

function plainStat(name: string, s: import('node:fs').Stats): string {
  const kind = s.isDirectory() ? 'directory' : s.size === 0 ? 'regular empty file' : 'regular file';
  const when = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '000000 +0000');
  return [
    `  File: ${name}`,
    `  Size: ${s.size}\tBlocks: ${s.blocks}\tIO Block: ${s.blksize}\t${kind}`,
    `Access: (0${(s.mode & 0o7777).toString(8)})  Uid: (${s.uid})   Gid: (${s.gid})`,
    `Access: ${when(s.atime)}`,
    `Modify: ${when(s.mtime)}`,
    `Change: ${when(s.ctime)}`,
    '',
  ].join('\n');
}

async function test(args: string[], sandbox: Sandbox): Promise<CommandResult> {
  const [flag, p] = args;
  if (!p || !['-f', '-d', '-e'].includes(flag ?? '')) return result(2, '', 'test: unsupported expression\n');
  try {
    const s = await fs.stat(await sandbox.resolve(p));
    return result(flag === '-e' || (flag === '-f' ? s.isFile() : s.isDirectory()) ? 0 : 1);
  } catch {
    return result(1);
  }
}

async function mkdir(args: string[], sandbox: Sandbox): Promise<CommandResult> {
  const parents = args.includes('-p');
  let stderr = '';
  for (const p of args.filter((a) => !a.startsWith('-'))) {
    try {
      await fs.mkdir(await sandbox.resolve(p), { recursive: parents });
    } catch (e) {
      const exists = (e as NodeJS.ErrnoException).code === 'EEXIST';
      stderr += `mkdir: cannot create directory '${p}': ${exists ? 'File exists' : errorText(e)}\n`;
    }
  }
  return result(stderr ? 1 : 0, '', stderr);
}

/** `rm [-f] FILE...`: files only (no -r); -f makes a missing file no error. */
async function rm(args: string[], sandbox: Sandbox): Promise<CommandResult> {
  const force = args.includes('-f');
  let stderr = '';
  for (const p of args.filter((a) => !a.startsWith('-'))) {
    try {
      await fs.unlink(await sandbox.resolve(p));
    } catch (e) {
      const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
      if (!(force && missing)) stderr += `rm: cannot remove '${p}': ${errorText(e)}\n`;
    }
  }
  return result(stderr ? 1 : 0, '', stderr);
}
