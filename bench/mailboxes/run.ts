/**
 * Bounce mailbox benchmark (issue 39): node bench/mailboxes/run.ts [reports]   (default 10,000)
 *
 * A Dovecot mailbox (the tests' peer: packages/server/test/peers/dovecot.ts) filled by IMAP APPEND with
 * `reports` report mails about the recipients of one SMTP campaign (delivered, set-based SQL): 60% DSNs of
 * dead addresses, 20% full mailboxes, 10% blocked senders, 10% ARF complaints. Then the mailbox checks run
 * (as the job does, RUN_LIMIT a check) until the folder is empty, timed from the first connection to the
 * last move, with the process's peak RSS sampled every 50 ms. Checks what landed: reports stored, Bounced
 * Emails, complaints, folders. Uses DATABASE_URL when set, otherwise an embedded PostgreSQL.
 *
 * Prints what the machine's load does not distort: CPU milliseconds per report of this process and of
 * PostgreSQL, and where this process's went (a sampling profile split by phase: NO_PROFILE=1 leaves it out,
 * PROFILE=<dir> keeps the .cpuprofile). Run with `node --expose-gc` to see the heap and RSS after a full GC at
 * the end of each check: flat when memory is bounded, growing with the count when something is kept.
 * RECORD=1 appends the result to RESULTS.md.
 */
import { ImapFlow } from 'imapflow';
import { exit } from '../lib/hermetic.ts';
import { cpuMeter, machine, ownCpuMs, pidWith, postgresCpu, record, treeCpu } from '../lib/measure.ts';
import { phaseProfiler } from '../lib/profile.ts';
import { startBenchApp } from '../lib/bench-app.ts';
import { factories } from '../../packages/server/test/factories.ts';
import { startDovecot } from '../../packages/server/test/peers/dovecot.ts';
import { arf, dsn } from '../../packages/server/test/reports/build.ts';
import { seal } from '../../packages/server/src/core/sealed.ts';
import { encodeTrackingId } from '../../packages/server/src/tracking/uuid.ts';
import { PAGE, checkMailbox } from '../../packages/server/src/features/bounce-mailboxes/mailbox-check.ts';
import type { TestApp } from '../../packages/server/test/harness.ts';

const total = Number(process.argv[2] ?? 10_000);
// Appending is the slow part on a loaded machine (50,000 took 18 minutes at load 10-20): the deadline grows with it.
const { ctx, q, stop } = await startBenchApp('mailboxes', {
  schedules: false,
  jobs: [],
  deadlineS: 1200 + Math.ceil(total / 20),
});
const dove = await startDovecot();
dove.addUser('bounces', 'secret');
try {
  await q(`insert into users (username, email, password_hash, roles, is_active)
    values ('owner', 'owner@example.com', 'x', '{ROLE_USER}', true)`);
  const { rows: u } = await q('select id, username from users');
  const owner = { ...u[0], roles: ['ROLE_USER'], token: '', password: '' } as never;
  const f = factories({ ctx } as unknown as TestApp);
  const list = await f.emailList({ owner });
  const { rows: p } = await q(`select id from mail_providers where name = 'Other'`);
  await q(
    `insert into emails (email_list_id, email, mail_provider_id, valid)
     select $1, 'user' || g || '@example' || (g % 50) || '.com', $2, true from generate_series(1, $3) g`,
    [list.id, p[0]!.id, total],
  );
  const c = await f.smtpCampaign({ owner, emailListId: list.id });
  await q(`create table campaign_recipients_${c.id} partition of campaign_recipients for values in (${c.id})`);
  await q(
    `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, status, relay_id, done_at)
     select $1, e.id, e.email, split_part(e.email, '@', 2), e.mail_provider_id, $2, null, now()
       from emails e where e.email_list_id = $3`,
    [c.id, 3 /* delivered */, list.id],
  );
  const { rows: recipients } = await q(
    `select email_id::int as "emailId", email from campaign_recipients where campaign_id = $1 order by email_id`,
    [c.id],
  );
  const { rows: mb } = await q(
    `insert into bounce_mailboxes (name, host, port, security, username, password_enc, user_id)
     values ('bench', $1, $2, 'plain', 'bounces', $3, $4) returning id`,
    [dove.host, dove.port, seal(ctx.secret, 'secret'), u[0]!.id],
  );
  const mailboxId = mb[0]!.id as number;

  console.log(`appending ${total.toLocaleString('en')} reports ...`);
  const mails = recipients.map((r, i) => {
    const original = new Map([
      ['message-id', `<${r.emailId}@sender.example>`],
      [
        'x-console-id',
        encodeTrackingId(ctx.secret, { campaignType: 'smtp', campaignId: c.id, relayId: 1, emailId: r.emailId }),
      ],
      ['subject', 'Hello'],
    ]);
    const k = i % 10;
    if (k < 6) return dsn({ rcpt: r.email, status: '5.1.1', diagnostic: '550 5.1.1 User unknown', original });
    if (k < 8) return dsn({ rcpt: r.email, status: '5.2.2', diagnostic: '552 5.2.2 Mailbox full', original });
    if (k < 9)
      return dsn({ rcpt: r.email, status: '5.7.1', diagnostic: '554 5.7.1 blocked using zen.spamhaus.org', original });
    return arf({ rcpt: r.email, original });
  });
  const a0 = performance.now();
  const lanes = 8;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const client = new ImapFlow({
        host: dove.host,
        port: dove.port,
        secure: false,
        doSTARTTLS: false,
        auth: { user: 'bounces', pass: 'secret' },
        logger: false,
      });
      await client.connect();
      for (let i = lane; i < mails.length; i += lanes) await client.append('INBOX', mails[i]!);
      await client.logout();
    }),
  );
  console.log(`appended in ${((performance.now() - a0) / 1000).toFixed(1)} s`);

  const gc = (globalThis as { gc?: () => void }).gc;
  const megabytes = (n: number) => Math.round(n / 2 ** 20);
  gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const before = process.memoryUsage().rss;
  /** After a full GC at the end of each check (with --expose-gc): [reports read, heap used, RSS]. */
  const settledMemory: [number, number, number][] = [];
  // Dovecot: its master (started with the config in its folder) and the imap and auth processes it forks.
  const dovecotPid = pidWith(`${dove.dir}/dovecot.conf`);
  const meter = cpuMeter({
    node: ownCpuMs,
    postgres: await postgresCpu(q),
    dovecot: dovecotPid ? treeCpu(dovecotPid) : () => NaN,
  });
  const stopProfile =
    process.env.NO_PROFILE === '1'
      ? undefined
      : await phaseProfiler(
          {
            readPage: 'readReport (parse)',
            storePage: "the page's transaction",
            moveAll: 'MOVE',
            afterCommit: 'after commit',
          },
          {
            '/imapflow/': 'IMAP (search, fetch, replies)',
            '/pg/': 'pg driver',
            '/pg-protocol/': 'pg driver',
            '/mailparser/': 'readReport (parse)',
            '/libmime/': 'readReport (parse)',
            '/iconv-lite/': 'readReport (parse)',
            'node:internal/streams': 'sockets and streams',
            'node:net': 'sockets and streams',
            'node:internal/tls': 'sockets and streams',
          },
        );
  const t0 = performance.now();
  let read = 0;
  let checks = 0;
  for (;;) {
    const r = await checkMailbox(ctx, mailboxId);
    checks++;
    if (r.error) throw new Error(r.error);
    read += r.read ?? 0;
    if (gc) {
      gc();
      const m = process.memoryUsage();
      settledMemory.push([read, megabytes(m.heapUsed), megabytes(m.rss)]);
    }
    if (!r.read) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = meter.used();
  const phases = await stopProfile?.('mailboxes');
  clearInterval(sampler);

  const { rows: stored } = await q(
    `select outcome, count(*)::int as n from bounce_reports where mailbox_id = $1 group by 1 order by 1`,
    [mailboxId],
  );
  const { rows: bounced } = await q(`select count(*)::int as n from bounced_emails`);
  const { rows: counters } = await q(
    `select bounced, infra_bounces, complaints from campaign_counters where campaign_id = $1`,
    [c.id],
  );
  console.log({ stored, bounced: bounced[0], counters: counters[0] });
  if (read !== total) throw new Error(`read ${read} of ${total}`);
  const lines = [
    `${read.toLocaleString('en')} reports in ${seconds.toFixed(1)} s over ${checks} checks (page ${PAGE}): ` +
      `${Math.round(read / seconds)} reports/s wall-clock`,
    `CPU per report: node ${(cpu.node / read).toFixed(3)} + PostgreSQL ${(cpu.postgres / read).toFixed(3)} = ` +
      `${((cpu.node + cpu.postgres) / read).toFixed(3)} ms (ours: at most ` +
      `${Math.round((1000 * read) / (cpu.node + cpu.postgres))} reports/s a core); ` +
      `the peer Dovecot ${(cpu.dovecot / read).toFixed(3)} ms more`,
    ...(phases
      ? [
          `node's CPU by phase (its share of the samples x node's CPU): ` +
            Object.entries(phases)
              .sort((a, b) => b[1] - a[1])
              .map(([k, v]) => `${k} ${((v * cpu.node) / read).toFixed(3)} (${Math.round(v * 100)}%)`)
              .join(', ') +
            ' ms per report',
        ]
      : []),
    `RSS ${megabytes(before)} MB before, peak ${megabytes(peak)} MB` +
      (settledMemory.length
        ? `; after a full GC at each check's end [reports, heap MB, RSS MB]: ${JSON.stringify(settledMemory)}`
        : ' (run with --expose-gc for the heap after each check)'),
    machine(),
  ];
  for (const l of lines) console.log(l);
  record(import.meta.dirname, `${read.toLocaleString('en')} reports`, lines);
} finally {
  await dove.stop();
  await stop();
}
exit(0);
