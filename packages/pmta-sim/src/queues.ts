import type { AcctRecord } from './accounting.ts';
import type { PmtaConfig } from './config/parse.ts';
import { settingsFor, type QueueSettings } from './config/settings.ts';
import type { Attempt } from './outcomes.ts';

/*
 * One queue per `domain/vmta`, delivered at the simulator's clock (milliseconds of simulated time) under
 * the queue's `<domain>` settings: max-msg-rate, max-smtp-out, retry-after, bounce-after, backoff mode.
 */

export interface Message {
  id: number;
  from: string;
  rcpt: string;
  orcpt: string;
  envId: string;
  jobId: string;
  domain: string;
  /** The VMTA's name; '' when the message named none (queue `domain/{default}`). */
  vmta: string;
  pool: string;
  size: number;
  data: Buffer;
  srcMta: string;
  queuedAt: number;
  attempts: number;
  nextAt: number;
  busy?: boolean;
  gone?: boolean;
  lastAttempt?: Attempt;
}

export class Queue {
  messages: Message[] = [];
  paused = false;
  mode: 'normal' | 'backoff' = 'normal';
  backoffReason = '';
  backoffAt = 0;
  nextSendAt = 0;
  inFlight = 0;
  recentErrors: string[] = [];
  /** Deliveries and deferrals per minute of simulated time (the last hour's counts; decision 1401). */
  private readonly minutes = new Map<number, { delivered: number; deferred: number }>();
  readonly domain: string;
  readonly vmta: string;

  constructor(domain: string, vmta: string) {
    this.domain = domain;
    this.vmta = vmta;
  }
  get name() {
    return `${this.domain}/${this.vmta || '{default}'}`;
  }
  /** Counts one delivery or deferral at `now` (simulated ms); minutes older than an hour are let go. */
  count(kind: 'delivered' | 'deferred', now: number) {
    const minute = Math.floor(now / 60_000);
    let m = this.minutes.get(minute);
    if (!m) {
      for (const k of this.minutes.keys()) if (k <= minute - 60) this.minutes.delete(k);
      this.minutes.set(minute, (m = { delivered: 0, deferred: 0 }));
    }
    m[kind]++;
  }
  /** Deliveries and deferrals in the 60 minutes up to `now`. */
  lastHour(now: number) {
    const minute = Math.floor(now / 60_000);
    let delivered = 0;
    let deferred = 0;
    for (const [k, m] of this.minutes) {
      if (k <= minute - 60) continue;
      delivered += m.delivered;
      deferred += m.deferred;
    }
    return { delivered, deferred };
  }
  /** The last error reply (deferral or bounce), '' when none. */
  get lastError(): string {
    return this.recentErrors[this.recentErrors.length - 1] ?? '';
  }
  /** When the queue entered its current mode (simulated ms); undefined while it never changed. */
  get modeSince(): number | undefined {
    return this.backoffAt || undefined;
  }
  /** The earliest retry of a message waiting after a deferral (simulated ms), if any. */
  get nextRetry(): number | undefined {
    const waiting = this.messages.filter((m) => m.attempts > 0 && !m.busy).map((m) => m.nextAt);
    return waiting.length ? Math.min(...waiting) : undefined;
  }
}

export interface JobCounts {
  queued: number;
  delivered: number;
  bounced: number;
  deferred: number;
}

export interface QueueDeps {
  now: () => number;
  config: () => PmtaConfig;
  /** One delivery attempt of one message (outcome table and/or downstream relay). */
  attempt: (message: Message) => Promise<Attempt & { mta: string; destinationIp: string }>;
  record: (record: AcctRecord) => void;
  /** Traffic counters: a message left the queue delivered. */
  delivered: (message: Message) => void;
  /** The spool on disk (spool.ts): a message is written when queued, removed when it leaves the queue. */
  spool?: { write(m: Message): void; remove(m: Message): void };
}

const settingsCache = new WeakMap<PmtaConfig, Map<string, QueueSettings>>();

/** A queue's settings, computed once per loaded configuration. */
function cachedSettings(config: PmtaConfig, q: Queue): QueueSettings {
  let byQueue = settingsCache.get(config);
  if (!byQueue) settingsCache.set(config, (byQueue = new Map()));
  let s = byQueue.get(q.name);
  if (!s) byQueue.set(q.name, (s = settingsFor(config, q.domain, q.vmta)));
  return s;
}

export class Queues {
  readonly queues = new Map<string, Queue>();
  readonly jobs = new Map<string, JobCounts>();
  private nextId = 1;

  private readonly deps: QueueDeps;

  constructor(deps: QueueDeps) {
    this.deps = deps;
  }

  private queue(domain: string, vmta: string): Queue {
    const key = `${domain}/${vmta}`;
    let q = this.queues.get(key);
    if (!q) this.queues.set(key, (q = new Queue(domain, vmta)));
    return q;
  }

  private job(id: string): JobCounts {
    let j = this.jobs.get(id);
    if (!j) this.jobs.set(id, (j = { queued: 0, delivered: 0, bounced: 0, deferred: 0 }));
    return j;
  }

  enqueue(m: Omit<Message, 'id' | 'queuedAt' | 'attempts' | 'nextAt' | 'domain'>) {
    const now = this.deps.now();
    const domain = m.rcpt.slice(m.rcpt.lastIndexOf('@') + 1).toLowerCase();
    const message: Message = { ...m, domain, id: this.nextId++, queuedAt: now, attempts: 0, nextAt: now };
    this.deps.spool?.write(message);
    this.queue(domain, m.vmta).messages.push(message);
    if (m.jobId) this.job(m.jobId).queued++;
  }

  /**
   * The spool's messages back in their queues after a start, in the order they were queued, due now; their
   * time in the queue counts from when they were first queued (bounce-after), never from the future.
   */
  restore(spooled: Omit<Message, 'domain' | 'attempts' | 'nextAt'>[]) {
    const now = this.deps.now();
    for (const m of spooled) {
      const domain = m.rcpt.slice(m.rcpt.lastIndexOf('@') + 1).toLowerCase();
      this.queue(domain, m.vmta).messages.push({
        ...m,
        domain,
        queuedAt: Math.min(m.queuedAt, now),
        attempts: 0,
        nextAt: now,
      });
      if (m.jobId) this.job(m.jobId).queued++;
      this.nextId = Math.max(this.nextId, m.id + 1);
    }
  }

  /** Queues named by `D/V`, `D` (all VMTAs), with `*` for any domain or VMTA and a pool for its VMTAs. */
  select(pattern: string, create = false): Queue[] {
    const [domain = '', vmta = '*'] = pattern.toLowerCase().split('/');
    const pools = this.deps.config().pools;
    const vmtaOk = (v: string) =>
      vmta === '*' || v === vmta || (pools.get(vmta)?.includes(v) ?? false) || (vmta === '{default}' && v === '');
    const found = [...this.queues.values()].filter((q) => (domain === '*' || q.domain === domain) && vmtaOk(q.vmta));
    if (create && found.length === 0 && domain !== '*' && vmta !== '*' && !pools.has(vmta)) {
      return [this.queue(domain, vmta === '{default}' ? '' : vmta)];
    }
    return found;
  }

  /** Removes messages (`delete --queue`, `delete --jobId`); their recipients get no record, as PMTA. */
  remove(which: (m: Message) => boolean, queues = [...this.queues.values()]): number {
    let n = 0;
    for (const q of queues) {
      q.messages = q.messages.filter((m) => {
        if (!which(m)) return true;
        m.gone = true;
        this.deps.spool?.remove(m);
        if (m.jobId) this.job(m.jobId).queued--;
        n++;
        return false;
      });
    }
    return n;
  }

  tick() {
    const now = this.deps.now();
    const config = this.deps.config();
    for (const q of this.queues.values()) {
      if (q.messages.length === 0) continue;
      const s = cachedSettings(config, q);
      if (
        q.mode === 'backoff' &&
        s.backoffToNormalAfter !== null &&
        now - q.backoffAt >= s.backoffToNormalAfter * 1000
      ) {
        this.setMode(q, 'normal');
      }
      // bounce-after counts from queueing, paused or not. Messages stay in the order they were queued:
      // the expired ones are at the front.
      const expired: Message[] = [];
      for (const m of q.messages) {
        if (now - m.queuedAt < s.bounceAfter * 1000) break;
        if (!m.busy) expired.push(m);
      }
      for (const m of expired) this.expire(q, m, now);
      const rate = q.mode === 'backoff' ? s.backoffMaxMsgRate : s.maxMsgRate;
      if (q.paused || rate === 0 || s.maxSmtpOut === 0) continue;
      for (const m of q.messages) {
        if (q.inFlight >= s.maxSmtpOut) break;
        if (m.busy || m.nextAt > now) continue;
        if (rate !== Infinity) {
          if (q.nextSendAt > now) break;
          q.nextSendAt = now + 1000 / rate;
        }
        void this.send(q, m, s);
      }
    }
  }

  setMode(q: Queue, mode: 'normal' | 'backoff', reason = '') {
    q.mode = mode;
    q.backoffReason = mode === 'backoff' ? reason : '';
    q.backoffAt = this.deps.now();
  }

  private base(q: Queue, m: Message, now: number): AcctRecord {
    const pool = m.pool;
    return {
      type: 'd',
      timeLogged: new Date(now),
      timeQueued: new Date(m.queuedAt),
      orig: m.from,
      rcpt: m.rcpt,
      orcpt: m.orcpt,
      srcType: 'smtp',
      srcMta: m.srcMta,
      vmta: m.vmta,
      jobId: m.jobId,
      envId: m.envId,
      queue: q.name,
      vmtaPool: pool,
    };
  }

  private expire(q: Queue, m: Message, now: number) {
    q.messages.splice(q.messages.indexOf(m), 1);
    this.deps.spool?.remove(m);
    if (m.jobId) {
      this.job(m.jobId).queued--;
      this.job(m.jobId).bounced++;
    }
    const last = m.lastAttempt;
    this.deps.record({
      ...this.base(q, m, now),
      type: 'b',
      dsnAction: 'failed',
      dsnStatus: last?.dsnStatus ?? '4.4.7 (delivery time expired)',
      dsnDiag: last ? `smtp;${last.reply}` : 'delivery time expired',
      bounceCat: 'message-expired',
    });
  }

  private async send(q: Queue, m: Message, s: QueueSettings) {
    m.busy = true;
    q.inFlight++;
    const vmta = this.deps.config().vmtas.get(m.vmta);
    let a: Attempt & { mta: string; destinationIp: string };
    try {
      a = await this.deps.attempt(m);
    } catch (e) {
      a = {
        kind: 'deferred',
        dsnStatus: '4.4.1 (no answer from host)',
        reply: `421 4.4.1 ${(e as Error).message}`,
        mta: '',
        destinationIp: '',
      };
    }
    q.inFlight--;
    m.busy = false;
    if (m.gone) return;
    const now = this.deps.now();
    const record: AcctRecord = {
      ...this.base(q, m, now),
      dsnStatus: a.dsnStatus,
      dsnDiag: `smtp;${a.reply}`,
      dsnMta: a.mta,
      dlvType: 'smtp',
      dlvSourceIp: vmta?.sourceIp ?? '',
      dlvDestinationIp: a.destinationIp,
      dlvEsmtpAvailable: '8BITMIME,PIPELINING,SIZE',
      dlvSize: m.size,
    };
    const job = m.jobId ? this.job(m.jobId) : undefined;
    if (a.kind === 'deferred') {
      m.attempts++;
      m.lastAttempt = a;
      const list = q.mode === 'backoff' ? s.backoffRetryAfter : s.retryAfter;
      m.nextAt = now + list[Math.min(m.attempts - 1, list.length - 1)]! * 1000;
      q.recentErrors = [...q.recentErrors, a.reply].slice(-5);
      q.count('deferred', now);
      if (job) job.deferred++;
      const pattern = s.patterns.find((p) => p.regex.test(a.reply));
      if (pattern && pattern.mode !== q.mode) this.setMode(q, pattern.mode, a.reply);
      this.deps.record({ ...record, type: 't', dsnAction: 'delayed' });
      return;
    }
    q.messages.splice(q.messages.indexOf(m), 1);
    this.deps.spool?.remove(m);
    if (job) job.queued--;
    if (a.kind === 'bounced') {
      if (job) job.bounced++;
      q.recentErrors = [...q.recentErrors, a.reply].slice(-5);
      this.deps.record({ ...record, type: 'b', dsnAction: 'failed', bounceCat: a.bounceCat });
      return;
    }
    if (job) job.delivered++;
    q.count('delivered', now);
    this.deps.delivered(m);
    if (q.mode === 'backoff' && s.backoffToNormalAfterDelivery) this.setMode(q, 'normal');
    this.deps.record({ ...record, type: 'd', dsnAction: 'relayed' });
    if (a.complaint) this.deps.record({ ...this.base(q, m, now), type: 'f', dsnAction: 'complained' });
  }
}
