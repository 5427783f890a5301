import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from './queues.ts';

/*
 * The spool (issue 38): every queued message on disk, as a real PowerMTA keeps it in its spool directory,
 * so that a stop and a start (a restart, a crash) still deliver and account for what was queued. One file per
 * message, `ID.msg`: a JSON line of its envelope, then the message as injected. Written (to a temporary
 * name, then renamed: a crash never leaves half a message) before the injection is answered 250; removed
 * only once its accounting record is on disk (`flush`, after the accounting's own), so no message ever
 * leaves the spool without its record.
 */

type Envelope = Pick<
  Message,
  'id' | 'from' | 'rcpt' | 'orcpt' | 'envId' | 'jobId' | 'vmta' | 'pool' | 'size' | 'srcMta' | 'queuedAt'
>;

export class Spool {
  readonly dir: string;
  private done: number[] = [];

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
  }

  write(m: Message) {
    const envelope: Envelope = {
      id: m.id,
      from: m.from,
      rcpt: m.rcpt,
      orcpt: m.orcpt,
      envId: m.envId,
      jobId: m.jobId,
      vmta: m.vmta,
      pool: m.pool,
      size: m.size,
      srcMta: m.srcMta,
      queuedAt: m.queuedAt,
    };
    const tmp = join(this.dir, `${m.id}.tmp`);
    writeFileSync(tmp, Buffer.concat([Buffer.from(JSON.stringify(envelope) + '\n'), m.data]));
    renameSync(tmp, join(this.dir, `${m.id}.msg`));
  }

  /** The message left the queue: its file goes at the next `flush`, once its record is written. */
  remove(m: Message) {
    this.done.push(m.id);
  }

  flush() {
    if (!this.done.length) return;
    for (const id of this.done) rmSync(join(this.dir, `${id}.msg`), { force: true });
    this.done = [];
  }

  /** The spooled messages, oldest first (a temporary file is a message never answered 250: dropped). */
  load(): (Envelope & { data: Buffer })[] {
    const out: (Envelope & { data: Buffer })[] = [];
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      if (name.endsWith('.tmp')) rmSync(path, { force: true });
      if (!name.endsWith('.msg')) continue;
      const raw = readFileSync(path);
      const eol = raw.indexOf(0x0a);
      if (eol < 0) continue;
      try {
        out.push({ ...(JSON.parse(raw.subarray(0, eol).toString('utf8')) as Envelope), data: raw.subarray(eol + 1) });
      } catch {
        // Not one of ours: left where it is.
      }
    }
    return out.sort((a, b) => a.id - b.id);
  }
}
