import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { prepareCampaign } from '../../sending/prepare.ts';
import { recordEvents } from '../../tracking/events.ts';
import { encodeTrackingId } from '../../tracking/uuid.ts';
import { campaignRecords } from './campaigns.ts';
import { pauseRelays } from '../../sending/relay-pause.ts';
import type { AcctRecord } from './record.ts';

/*
 * Issue 39, section 1, through PMTA's accounting records: `b` and `rb` (a DSN that came back after a `d`) go
 * through the one classifier. PMTA's bounceCat is taken, but never to suppress a recipient for a block of
 * the sending IP; a soft bounce is counted and a delivery resets it; an `rb` seen twice counts once.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  await t.ctx.db.$client.query(
    `insert into console_settings (id, soft_bounce_limit, soft_bounce_days) values (true, 2, 30)
     on conflict (id) do update set soft_bounce_limit = 2, soft_bounce_days = 30`,
  );
});
afterAll(async () => {
  await t?.close();
});

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);

/** A PMTA campaign whose recipients (`<local>@<domain>`) were injected, and its records read as a pull does. */
async function injected(locals: string[], domain: string) {
  const server = await f.pmtaServer({ owner, serverIp: '127.0.0.1' });
  const relay = await f.pmtaRelay({ owner, pmtaServerId: server.id });
  const emails = locals.map((l) => `${l}@${domain}`);
  const c = await f.smtpCampaign({ owner, emails });
  await q(
    `update campaigns set type = ${CampaignType.PMTA}, smtp_relay_group_id = null, pmta_relay_group_id = $2 where id = $1`,
    [c.id, relay.groupId],
  );
  await prepareCampaign(t.ctx, c.id);
  const rows = await q<{ emailId: number; email: string; domain: string; mailProviderId: number }>(
    `update campaign_recipients set status = 7, relay_id = $2 where campaign_id = $1
     returning email_id as "emailId", email, domain, mail_provider_id as "mailProviderId"`,
    [c.id, relay.id],
  );
  expect(rows).toHaveLength(locals.length);
  const client = await t.ctx.db.$client.connect();
  await recordEvents(
    client,
    rows.map((r) => ({
      kind: 'sent',
      campaignType: 'pmta',
      campaignId: c.id,
      userId: owner.id,
      relayId: relay.id,
      ...r,
    })),
  ).finally(() => client.release());
  const envId = (local: string) =>
    encodeTrackingId(t.ctx.secret, {
      campaignType: 'pmta',
      campaignId: c.id,
      relayId: relay.id,
      emailId: Number(rows.find((r) => r.email === `${local}@${domain}`)!.emailId),
    });
  const record = (type: AcctRecord['type'], local: string, bounceCat = '', dsnDiag = ''): AcctRecord => ({
    type,
    timeLogged: new Date(),
    rcpt: `${local}@${domain}`,
    envId: envId(local),
    jobId: `campaign-${c.id}`,
    vmta: 'v1',
    bounceCat,
    dsnStatus: type === 'd' ? '2.0.0 (success)' : '5.0.0',
    dsnDiag,
  });
  const pull = async (records: AcctRecord[]) => {
    const client = await t.ctx.db.$client.connect();
    const after: (() => unknown)[] = [];
    try {
      await client.query('begin');
      await campaignRecords(t.ctx, { id: server.id, name: server.name, userId: owner.id }, records, {
        client,
        afterCommit: (fn) => after.push(fn),
      });
      await client.query('commit');
    } finally {
      client.release();
    }
    for (const fn of after) await fn();
  };

  return { c, relay, rows, record, pull };
}

describe('PMTA bounce records through the one classifier', () => {
  it('suppresses, counts soft, counts infrastructure and reads rb records once', async () => {
    const { c, relay, record, pull } = await injected(
      ['gone', 'blocked', 'full', 'late', 'reset', 'rbsoft'],
      'bounce-classes.test',
    );
    // An earlier soft bounce of `reset`, which its delivery below forgets.
    await q(
      `insert into soft_bounces (email, bounces, reason) values ($1, array[now() - interval '1 day'], 'quota-issues')`,
      ['reset@bounce-classes.test'],
    );

    const lateBounce = record(
      'rb',
      'late',
      '',
      'smtp;550 5.1.1 <late@bounce-classes.test>: Recipient address rejected: User unknown',
    );
    await pull([
      record('b', 'gone', 'bad-mailbox', 'smtp;550 5.1.1 User unknown'),
      // PMTA filed a block of the sending IP as bad-mailbox: the words win, the recipient stays.
      record(
        'b',
        'blocked',
        'bad-mailbox',
        'smtp;554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org',
      ),
      record('b', 'full', 'quota-issues', 'smtp;552 5.2.2 Mailbox full'),
      record('d', 'late'),
      record('d', 'reset'),
      record('d', 'rbsoft'),
      lateBounce,
      record('rb', 'rbsoft', 'quota-issues', 'smtp;452 4.2.2 Mailbox full'),
    ]);
    // The same remote bounce read again (a re-read file): the row is bounced already.
    await pull([lateBounce]);

    expect(
      await q('select email, reason from bounced_emails where email like $1 order by email', ['%@bounce-classes.test']),
    ).toEqual([
      { email: 'gone@bounce-classes.test', reason: 'bad-mailbox' },
      { email: 'late@bounce-classes.test', reason: 'bad-mailbox' },
    ]);
    expect(
      await q(
        'select email, cardinality(bounces)::int as n, reason from soft_bounces where email like $1 order by email',
        ['%@bounce-classes.test'],
      ),
    ).toEqual([
      { email: 'full@bounce-classes.test', n: 1, reason: 'quota-issues' },
      { email: 'rbsoft@bounce-classes.test', n: 1, reason: 'quota-issues' },
    ]);
    expect(
      await q(
        `select sent, delivered, bounced, infra_bounces as infra from campaign_counters where campaign_type = $1 and campaign_id = $2`,
        [CampaignType.PMTA, c.id],
      ),
    ).toEqual([{ sent: 6, delivered: 3, bounced: 5, infra: 1 }]);
    expect(
      await q(
        `select sum(infra_bounces)::int as infra from event_rollup_daily where relay_id = $1 and campaign_id = $2`,
        [relay.id, c.id],
      ),
    ).toEqual([{ infra: 1 }]);
    expect(
      await q(`select email, status from campaign_recipients where campaign_id = $1 order by email`, [c.id]),
    ).toEqual([
      { email: 'blocked@bounce-classes.test', status: 4 },
      { email: 'full@bounce-classes.test', status: 4 },
      { email: 'gone@bounce-classes.test', status: 4 },
      { email: 'late@bounce-classes.test', status: 4 },
      { email: 'rbsoft@bounce-classes.test', status: 4 },
      { email: 'reset@bounce-classes.test', status: 3 },
    ]);

    // A second soft bounce of `full` reaches the limit (2 here): suppressed as a hard bounce would be.
    await q(`update campaign_recipients set status = 7 where campaign_id = $1 and email = $2`, [
      c.id,
      'full@bounce-classes.test',
    ]);
    await pull([record('b', 'full', 'quota-issues', 'smtp;552 5.2.2 Mailbox full')]);
    expect(
      await q('select reason, diagnostic from bounced_emails where email = $1', ['full@bounce-classes.test']),
    ).toEqual([
      { reason: 'quota-issues', diagnostic: '2 soft bounces without a delivery; the last: 552 5.2.2 Mailbox full' },
    ]);
    expect(await q('select email from soft_bounces where email = $1', ['full@bounce-classes.test'])).toEqual([]);
  });

  it('switches a relay off for a mail service when its infra bounces there reach the setting', async () => {
    const { c, relay, rows, record, pull } = await injected(['a', 'b'], 'pause.test');
    const provider = rows[0]!.mailProviderId;
    const base = { campaignType: 'pmta' as const, campaignId: c.id, userId: owner.id, relayId: relay.id };
    const blocked = 'spam-related: 554 5.7.1 blocked using zen.spamhaus.org';
    // 97 earlier results of this relay for this mail service, 23 of them infrastructure bounces.
    const client = await t.ctx.db.$client.connect();
    await recordEvents(client, [
      ...Array.from({ length: 74 }, () => ({ ...base, kind: 'delivered' as const, mailProviderId: provider })),
      ...Array.from({ length: 23 }, () => ({
        ...base,
        kind: 'bounced' as const,
        mailProviderId: provider,
        detail: blocked,
      })),
    ]).finally(() => client.release());
    const switches = () =>
      q('select mail_provider_id as provider, off from pmta_relay_switches where relay_id = $1', [relay.id]);
    const diag = 'smtp;554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org';

    // Off (0): never paused. Then 25%: 24 of 98 results is under the line (and under the 100 results needed).
    await q('update console_settings set infra_pause_percent = 0');
    await pull([record('b', 'a', 'spam-related', diag)]);
    expect(await switches()).toEqual([]);
    await q('update console_settings set infra_pause_percent = 25');
    expect(await pauseRelays(t.ctx, 'pmta', [relay.id])).toEqual([]);
    // A delivery (99 results), then an infrastructure bounce read by a pull: 25 of 100, at the line: paused.
    const more = await t.ctx.db.$client.connect();
    await recordEvents(more, [{ ...base, kind: 'delivered', mailProviderId: provider }]).finally(() => more.release());
    await pull([record('b', 'b', 'spam-related', diag)]);
    expect(await switches()).toEqual([{ provider, off: true }]);
    // With the reason and since when, shown on the relay (decision 1481).
    const paused = (
      await q('select reason, paused_at from pmta_relay_switches where relay_id = $1', [relay.id])
    )[0] as {
      reason: string;
      paused_at: Date;
    };
    expect(paused.reason).toMatch(
      /^Paused for .+: 25 infrastructure bounces of 100 results \(25%\) reached the 25% limit/,
    );
    expect(paused.paused_at).toBeInstanceOf(Date);
    const item = (await t.as(owner, { method: 'GET', url: `/api/pmta_relays/${relay.id}` })).json();
    expect(item.pauses).toEqual([
      {
        mailService: { id: provider, name: expect.any(String) },
        reason: paused.reason,
        since: paused.paused_at.toISOString(),
      },
    ]);
    // Already off: nothing switched again.
    expect(await pauseRelays(t.ctx, 'pmta', [relay.id])).toEqual([]);
  });
});
