// @ts-nocheck
import { appendFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import type { AcctFile } from './config/parse.ts';

/*
 * Accounting CSV as PMTA writes it (../shared/PMTA.md "Accounting files"): a header row, `type` first, then
 * the default fields; one row per record. Every type carries the same columns (decision 0900).
 */

export const ACCT_FIELDS = [
  'type',
  'timeLogged',
  'timeQueued',
  'orig',
  'rcpt',
  'orcpt',
  'dsnAction',
  'dsnStatus',
  'dsnDiag',
  'dsnMta',
  'bounceCat',
  'srcType',
  'srcMta',
  'dlvType',
  'dlvSourceIp',
  'dlvDestinationIp',
  'dlvEsmtpAvailable',
  'dlvSize',
  'vmta',
  'jobId',
  'envId',
  'queue',
  'vmtaPool',
] as const;

export type AcctRecord = { type: 'd' | 'b' | 't' | 'f'; timeLogged: Date; timeQueued: Date } & Partial<
  Record<Exclude<(typeof ACCT_FIELDS)[number], 'type' | 'timeLogged' | 'timeQueued'>, string | number>
>;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `2016-05-29 01:10:51+0000` (the simulator logs in UTC). */
export function acctTime(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+0000`;
}

function csvCell(v: unknown): string {
  const s = v === undefined ? '' : v instanceof Date ? acctTime(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export class Accounting {
  private files: AcctFile[] = [];
  private movedAt = new Map<string, number>();
  /**
   * Records not yet on disk, per file: written by `flush`, which the simulator's clock calls every few
   * milliseconds (a synchronous append and stat per record was most of the simulator's work at thousands
   * of messages a second). A reader may find a file a few milliseconds behind, as with PMTA's own buffering.
   */
  private pending = new Map<AcctFile, string[]>();

  private readonly root: string;
  private readonly now: () => Date;

  constructor(root: string, now: () => Date) {
    this.root = root;
    this.now = now;
  }

  /** The `<acct-file>` blocks of the loaded configuration. */
  configure(files: AcctFile[]) {
    this.flush();
    this.files = files;
  }

  private real(path: string) {
    return join(this.root, posix.normalize('/' + path));
  }

  write(record: AcctRecord) {
    let line: string | undefined;
    for (const file of this.files) {
      if (!file.records.includes(record.type)) continue;
      line ??= ACCT_FIELDS.map((f) => csvCell(record[f])).join(',') + '\n';
      let lines = this.pending.get(file);
      if (!lines) this.pending.set(file, (lines = []));
      lines.push(line);
    }
  }

  /** Appends the pending records; a file that reached its `max-size` moves. */
  flush() {
    for (const [file, lines] of this.pending) {
      if (!lines.length) continue;
      const real = this.header(file);
      appendFileSync(real, lines.join(''));
      lines.length = 0;
      if (file.maxSize !== undefined && statSync(real).size >= file.maxSize) this.move(file);
    }
  }

  /** `pmta rotate acct`: every file that holds records moves to `acct-YYYY-MM-DD-HHMMSS.csv`. */
  rotate(): string[] {
    this.flush();
    return this.files.flatMap((f) => this.move(f) ?? []);
  }

  /** The simulator's clock: pending records go to disk, then `move-interval`. */
  tick() {
    this.flush();
    const now = this.now().getTime();
    for (const file of this.files) {
      if (file.moveInterval === undefined) continue;
      const since = this.movedAt.get(file.path);
      if (since !== undefined && now - since >= file.moveInterval * 1000) this.move(file);
    }
  }

  /** The file's real path, created with its header row when missing. */
  private header(file: AcctFile): string {
    const real = this.real(file.path);
    if (!existsSync(real) || statSync(real).size === 0) {
      mkdirSync(dirname(real), { recursive: true });
      appendFileSync(real, ACCT_FIELDS.join(',') + '\n');
      this.movedAt.set(file.path, this.now().getTime());
    }
    return real;
  }

  private move(file: AcctFile): string | undefined {
    const real = this.real(file.path);
    this.movedAt.delete(file.path);
    if (!existsSync(real) || statSync(real).size <= ACCT_FIELDS.join(',').length + 1) return undefined;
    const ext = posix.extname(file.path);
    const stem = file.path.slice(0, file.path.length - ext.length);
    const d = this.now();
    const stamp = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
    let target = `${stem}-${stamp}${ext}`;
    for (let n = 2; existsSync(this.real(target)); n++) target = `${stem}-${stamp}-${n}${ext}`;
    renameSync(real, this.real(target));
    this.header(file);
    return target;
  }
}
