import type { ImapFlow } from 'imapflow';
import type pg from 'pg';
import { CampaignTypeOf } from '@console/shared/enums';
import type { TrackingCampaignType, TrackingId } from '@console/shared/tracking';
import type { ReportOutcomeName } from '@console/shared/bounce-mailboxes';
import type { AppContext } from '../../core/context.ts';
import { publishCampaignLive } from '../../core/campaign-live.ts';
import { loggable } from '../../core/errors.ts';
import { logOf } from '../../core/log.ts';
import { open } from '../../core/sealed.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordCampaign, type Own } from '../../pmta/accounting/campaigns.ts';
import { pauseRelays } from '../../sending/relay-pause.ts';
import { SUPPRESS_BOUNCED } from '../../sending/suppress.ts';
import {
  READ_LIMIT,
  readReport,
  type ParsedReport,
  type ReportRecipient,
} from '../../suppression/reports/read-report.ts';
import { decodeTrackingId } from '../../tracking/uuid.ts';
import { openImap, plainWords, type MailboxAccess } from './bounce-mailboxes.remote.ts';

/*
 * One check of a bounce mailbox (issue 39 section 2, decisions 1380-1383): the messages after the last
 * UID read, in pages; each read by `readReport`, matched to a campaign and recipient of the mailbox's owner
 * by its tracking id, applied as the PMTA accounting applies an `rb` or `f` record (one rule for both),
 * stored with its first 64 KB, then moved to Processed or Unmatched. A page commits (reports, outcomes,
 * the last UID) before its messages move: a cut connection loses nothing (the page is read again) and
 * counts nothing twice (the place and the report's Message-ID are unique; the recipient's row is the
 * guard of its counters). Moves left undone by a cut are done at the next check.
 */

export const PROCESSED = 'Processed';
export const UNMATCHED = 'Unmatched';
/** Messages fetched at once. */
export const PAGE = 500;
/** Messages read in one check: a mailbox of 50,000 old reports is read over several minutes. */
export const RUN_LIMIT = 5_000;
const LEASE_MINUTES = 15;

interface MailboxRow extends Omit<MailboxAccess, 'password'> {
  id: number;
  userId: number;
  folder: string;
  passwordEnc: string;
  uidValidity: number | null;
  lastUid: number;
}

export interface CheckResult {
  /** Null when another check holds the mailbox. */
  read: number | null;
  error: string | null;
}

interface Read {
  uid: number;
  report: ParsedReport;
  reportId: string | null;
  recipient: ReportRecipient | null;
  id: TrackingId | null;
  outcome: ReportOutcomeName;
  size: number;
}

/** The report's own Message-ID (from its header block): the same report re-delivered under a new UID. */
function ownMessageId(source: Buffer): string | null {
  const head =
    source
      .subarray(0, Math.min(source.length, 64 * 1024))
      .toString('latin1')
      .split(/\r?\n\r?\n/)[0] ?? '';
  return /^Message-ID:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]{1,500}>)/im.exec(head)?.[1] ?? null;
}

/** The recipient the report is about: the one whose failure it reports, else its first. */
const recipientOf = (r: ParsedReport) => r.recipients.find((x) => x.outcome !== 'none') ?? r.recipients[0] ?? null;

/**
 * The keys in their order of trust (decision 1440): first the envelope's, which the reporting server returns
 * from its own records (the ENVID, the VERP address the report was sent to), then the console's id in the
 * original's headers as quoted (what a report may cut, rewrite or leave out).
 */
function trackingIdOf(secret: Uint8Array, r: ParsedReport): TrackingId | null {
  for (const key of [r.keys.envelopeId, r.keys.verp, r.keys.consoleId]) {
    const id = key ? decodeTrackingId(secret, key) : null;
    if (id) return id;
  }
  return null;
}

function outcomeOf(r: ParsedReport, rcpt: ReportRecipient | null, matched: boolean): ReportOutcomeName {
  if (!matched || r.kind === 'other' || !rcpt) return 'unmatched';
  return rcpt.outcome;
}

/** Claims the mailbox for one check (another worker's check, or a crashed one's until its lease ends). */
async function claim(ctx: Pick<AppContext, 'db'>, id: number): Promise<MailboxRow | undefined> {
  const { rows } = await ctx.db.$client.query<MailboxRow>(
    `update bounce_mailboxes set lease_until = now() + make_interval(mins => $2)
      where id = $1 and (lease_until is null or lease_until < now())
      returning id, user_id as "userId", host, port, security, username, password_enc as "passwordEnc", folder,
                uid_validity::float8 as "uidValidity", last_uid::float8 as "lastUid"`,
    [id, LEASE_MINUTES],
  );
  return rows[0];
}

async function release(ctx: Pick<AppContext, 'db'>, id: number, error: string | null) {
  await ctx.db.$client.query(
    `update bounce_mailboxes set lease_until = null, checked_at = now(), error = $2 where id = $1`,
    [id, error],
  );
}

/** Creates the folder when missing (an existing one is left as it is). */
async function ensureFolder(client: ImapFlow, name: string) {
  const list = await settled(client, client.list());
  if (!list.some((f) => f.path === name)) await settled(client, client.mailboxCreate(name));
}

/** imapflow answers a failed SEARCH or MOVE (a dropped connection too) with false: a failure here. */
class Dropped extends Error {
  code = 'NoConnection';
}

/**
 * A command that settles when the connection closes: imapflow can leave a command in flight unsettled when the
 * server drops the connection in its middle (a check then hung until its lease ran out, seen in CI with the
 * test that kills Dovecot mid-read), so each command races the client's `close`.
 */
const untilClosed = new WeakMap<ImapFlow, Promise<never>>();
function settled<T>(client: ImapFlow, command: Promise<T>): Promise<T> {
  let closed = untilClosed.get(client);
  if (!closed) {
    closed = new Promise<never>((_, reject) => {
      if (!client.usable) reject(new Dropped());
      client.once('close', () => reject(new Dropped()));
    });
    closed.catch(() => {}); // only ever awaited through a race
    untilClosed.set(client, closed);
  }
  return Promise.race([command, closed]);
}

async function move(client: ImapFlow, uids: number[], to: string) {
  for (let i = 0; i < uids.length; i += 500)
    if (!(await settled(client, client.messageMove(uids.slice(i, i + 500).join(','), to, { uid: true }))))
      throw client.usable ? new Error(`moving to ${to} failed`) : new Dropped();
}

/** Moves the reports a cut check committed but did not move. */
async function moveLeftovers(ctx: Pick<AppContext, 'db'>, client: ImapFlow, m: MailboxRow, validity: number) {
  const { rows } = await ctx.db.$client.query<{ uid: number; outcome: string }>(
    `select uid::float8 as uid, outcome from bounce_reports
      where mailbox_id = $1 and uid_validity = $2 and moved_at is null order by uid`,
    [m.id, validity],
  );
  await moveAll(ctx, client, m, validity, rows);
  // reports of an older UIDVALIDITY cannot be found any more: nothing left to move
  await ctx.db.$client.query(
    `update bounce_reports set moved_at = now() where mailbox_id = $1 and uid_validity <> $2 and moved_at is null`,
    [m.id, validity],
  );
}

async function moveAll(
  ctx: Pick<AppContext, 'db'>,
  client: ImapFlow,
  m: MailboxRow,
  validity: number,
  rows: { uid: number; outcome: string }[],
) {
  if (!rows.length) return;
  const unmatched = rows.filter((r) => r.outcome === 'unmatched').map((r) => r.uid);
  const processed = rows.filter((r) => r.outcome !== 'unmatched').map((r) => r.uid);
  if (processed.length) await move(client, processed, PROCESSED);
  if (unmatched.length) await move(client, unmatched, UNMATCHED);
  await ctx.db.$client.query(
    `update bounce_reports set moved_at = now() where mailbox_id = $1 and uid_validity = $2 and uid = any($3::bigint[])`,
    [m.id, validity, rows.map((r) => r.uid)],
  );
}

/** Reads one page of fetched messages. */
function readPage(secret: Uint8Array, page: { uid: number; source?: Buffer; size?: number }[]): Read[] {
  return page.map((msg) => {
    const source = msg.source ?? Buffer.alloc(0);
    const report = readReport(source);
    const id = trackingIdOf(secret, report);
    const recipient = recipientOf(report);
    return {
      uid: msg.uid,
      report,
      reportId: ownMessageId(source),
      recipient,
      id,
      outcome: outcomeOf(report, recipient, id !== null),
      size: msg.size ?? source.length,
    };
  });
}

/**
 * Stores a page and applies what it says, in one transaction; returns the rows stored (for the moves) and
 * what must happen after the commit.
 */
async function storePage(ctx: AppContext, client: pg.ClientBase, m: MailboxRow, validity: number, reads: Read[]) {
  // Only the owner's campaigns: a report never touches another owner's campaign, whatever id it carries.
  const campaignIds = [...new Set(reads.flatMap((r) => (r.id ? [r.id.campaignId] : [])))];
  const { rows: owned } = await client.query<{ id: number; type: number }>(
    `select id, type from campaigns where id = any($1::int[]) and user_id = $2`,
    [campaignIds, m.userId],
  );
  const typeOf = new Map(owned.map((c) => [c.id, c.type]));
  for (const r of reads)
    if (r.id && typeOf.get(r.id.campaignId) !== CampaignTypeOf[r.id.campaignType]) {
      r.id = null;
      r.outcome = 'unmatched';
    }
  // The same report re-delivered (a new UID, another of the owner's mailboxes): stored, shown, never applied.
  const ids = reads.flatMap((r) => (r.reportId ? [r.reportId] : []));
  const { rows: seen } = await client.query<{ reportId: string }>(
    `select report_id as "reportId" from bounce_reports where user_id = $1 and report_id = any($2::text[])`,
    [m.userId, ids],
  );
  const known = new Set(seen.map((s) => s.reportId));
  const firstOf = new Set<string>();
  const duplicate = (r: Read) => {
    if (!r.reportId) return false;
    if (known.has(r.reportId) || firstOf.has(r.reportId)) return true;
    firstOf.add(r.reportId);
    return false;
  };
  const rows = reads.map((r) => {
    const dup = duplicate(r);
    return {
      r,
      dup,
      uid: r.uid,
      report_id: dup ? null : r.reportId,
      kind: r.report.kind,
      format: r.report.format,
      outcome: r.outcome,
      category: r.recipient?.category ?? null,
      recipient: r.recipient?.email?.slice(0, 320) ?? null,
      diagnostic: (r.recipient?.diagnostic ?? r.recipient?.status ?? null)?.slice(0, 1000) ?? null,
      subject: r.report.subject.slice(0, 500),
      campaign_id: r.id?.campaignId ?? null,
      campaign_type: r.id ? CampaignTypeOf[r.id.campaignType] : null,
      relay_id: r.id?.relayId ?? null,
      problems: dup ? [...r.report.problems, 'duplicate'] : r.report.problems,
      size: r.size,
      // where its first 64 KB sit in the page's one bytea parameter (below)
      raw_at: 0,
      raw_length: r.report.raw.length,
    };
  });
  // The raw reports go as one binary parameter, each a slice of it: as base64 inside the JSON they were most of
  // the page's bytes to encode, escape, parse and decode (the bench's GC time).
  let offset = 1;
  for (const row of rows) {
    row.raw_at = offset;
    offset += row.raw_length;
  }
  const raws = Buffer.concat(reads.map((r) => r.report.raw));
  const { rows: inserted } = await client.query<{ uid: number }>(
    `insert into bounce_reports (mailbox_id, user_id, uid_validity, uid, report_id, kind, format, outcome, category,
            recipient, diagnostic, subject, campaign_id, campaign_type, relay_id, problems, size, raw)
     select $1, $2, $3, v.uid, v.report_id, v.kind, v.format, v.outcome, v.category, v.recipient, v.diagnostic,
            v.subject, v.campaign_id, v.campaign_type, v.relay_id,
            array(select jsonb_array_elements_text(v.problems)), v.size, substring($5::bytea from v.raw_at for v.raw_length)
       from jsonb_to_recordset($4::jsonb) as v(uid bigint, report_id text, kind text, format text, outcome text,
            category text, recipient text, diagnostic text, subject text, campaign_id int, campaign_type int2,
            relay_id int, problems jsonb, size int, raw_at int, raw_length int)
     on conflict do nothing
     returning uid::float8 as uid`,
    [m.id, m.userId, validity, JSON.stringify(rows.map(({ r: _r, dup: _d, ...v }) => v)), raws],
  );
  const fresh = new Set(inserted.map((i) => i.uid));
  const applied = rows.filter((x) => fresh.has(x.uid) && !x.dup && x.r.id && x.outcome !== 'unmatched');

  // Each applied report is an accounting record of its campaign: `rb` a late bounce, `f` a complaint.
  const byCampaign = new Map<number, { type: TrackingCampaignType; own: Own[] }>();
  const at = new Date();
  for (const { r } of applied) {
    if (r.outcome === 'none') continue;
    const id = r.id!;
    const rcpt = r.recipient!;
    const own: Own = {
      emailId: id.emailId,
      relayId: id.relayId,
      at,
      record: {
        type: r.outcome === 'complaint' ? 'f' : 'rb',
        timeLogged: at,
        rcpt: rcpt.email ?? '',
        envId: '',
        jobId: '',
        vmta: '',
        // the reader's category, so that the outcome applied is the one stored (the same classifier)
        bounceCat: rcpt.category ?? '',
        dsnStatus: rcpt.status ?? '',
        dsnDiag: rcpt.diagnostic ?? rcpt.status ?? 'failed',
      },
    };
    const c = byCampaign.get(id.campaignId) ?? { type: id.campaignType, own: [] };
    c.own.push(own);
    byCampaign.set(id.campaignId, c);
  }
  const suppress: string[] = [];
  /** Relays of each kind with infrastructure bounces or complaints: maybe paused for a mail service. */
  const infra = { pmta: new Set<number>(), smtp: new Set<number>() };
  const live: [number, number][] = [];
  for (const [campaignId, c] of byCampaign) {
    const done = await recordCampaign(client, c.type, campaignId, c.own, 'report');
    if (!done) continue;
    suppress.push(...done.suppress);
    for (const relayId of done.infra) infra[c.type].add(relayId);
    if (done.events) live.push([CampaignTypeOf[c.type], campaignId]);
  }

  const counted = rows.filter((x) => fresh.has(x.uid) && !x.dup);
  const count = (f: (o: string) => boolean) => counted.filter((x) => f(x.outcome)).length;
  await client.query(
    `update bounce_mailboxes set uid_validity = $2, last_uid = greatest(last_uid, $3),
            read_count = read_count + $4, bounces_count = bounces_count + $5,
            complaints_count = complaints_count + $6, unmatched_count = unmatched_count + $7
      where id = $1`,
    [
      m.id,
      validity,
      Math.max(...reads.map((r) => r.uid)),
      fresh.size,
      count((o) => o === 'permanent' || o === 'temporary' || o === 'infrastructure'),
      count((o) => o === 'complaint'),
      count((o) => o === 'unmatched'),
    ],
  );
  return { rows: rows.map((x) => ({ uid: x.uid, outcome: x.outcome })), suppress, infra, live };
}

async function afterCommit(ctx: AppContext, done: Awaited<ReturnType<typeof storePage>>) {
  const log = logOf(ctx).child({ component: 'bounce-mailboxes' });
  for (const [type, id] of done.live) publishCampaignLive(ctx, type, id);
  for (let i = 0; i < done.suppress.length; i += 1000)
    await ctx.jobs
      .send(SUPPRESS_BOUNCED, { emails: done.suppress.slice(i, i + 1000) })
      .catch((e) => log.error({ err: loggable(e) }, 'sending the suppression job failed'));
  for (const kind of ['pmta', 'smtp'] as const)
    await pauseRelays(ctx, kind, [...done.infra[kind]])
      .then((paused) => paused.length && log.warn({ paused }, 'relays paused for mail services'))
      .catch((e) => log.error({ err: loggable(e) }, 'pausing the relays failed'));
}

/** One check of one mailbox; the row keeps the outcome (checkedAt, error, counts). */
export async function checkMailbox(
  ctx: AppContext,
  mailboxId: number,
  o: { runLimit?: number; page?: number } = {},
): Promise<CheckResult> {
  const m = await claim(ctx, mailboxId);
  if (!m) return { read: null, error: null };
  const runLimit = o.runLimit ?? RUN_LIMIT;
  const pageSize = o.page ?? PAGE;
  let read = 0;
  let client: ImapFlow | undefined;
  try {
    client = await openImap(ctx, { ...m, password: open(ctx.secret, m.passwordEnc) });
    const lock = await settled(client, client.getMailboxLock(m.folder));
    try {
      const box = client.mailbox;
      const validity = box ? Number(box.uidValidity) : 0;
      const last = m.uidValidity === validity ? m.lastUid : 0;
      await ensureFolder(client, PROCESSED);
      await ensureFolder(client, UNMATCHED);
      await moveLeftovers(ctx, client, m, validity);
      // One SEARCH a check, then pages of it: a SEARCH answers every UID left, so one a page cost a mailbox
      // of 50,000 old reports 100 answers of up to 50,000 UIDs (mail arriving meanwhile waits for the next check).
      const all = await settled(client, client.search({ uid: `${last + 1}:*` }, { uid: true }));
      if (!all) throw new Dropped();
      // `N:*` always names the highest UID, even one below N: filtered
      const pending = all
        .filter((u) => u > last)
        .sort((a, b) => a - b)
        .slice(0, runLimit);
      for (let i = 0; i < pending.length; i += pageSize) {
        const uids = pending.slice(i, i + pageSize);
        const messages = await settled(
          client,
          client.fetchAll(
            uids.join(','),
            { uid: true, size: true, source: { start: 0, maxLength: READ_LIMIT + 1 } },
            { uid: true },
          ),
        );
        const reads = readPage(ctx.secret, messages);
        if (!reads.length) {
          if (!client.usable) throw new Dropped();
          continue; // removed by someone else meanwhile
        }
        let done!: Awaited<ReturnType<typeof storePage>>;
        await inTransaction(ctx.db, async (tx) => {
          done = await storePage(ctx, tx, m, validity, reads);
        });
        await afterCommit(ctx, done);
        await moveAll(ctx, client, m, validity, done.rows);
        read += reads.length;
      }
    } finally {
      lock.release();
    }
    await settled(client, client.logout()).catch(() => {});
    await release(ctx, m.id, null);
    return { read, error: null };
  } catch (e) {
    client?.close();
    const error = plainWords(e, m);
    logOf(ctx).warn({ component: 'bounce-mailboxes', mailboxId, err: loggable(e) }, 'bounce mailbox check failed');
    await release(ctx, m.id, error).catch(() => {});
    return { read, error };
  }
}
