import type { EventKindName } from '@console/shared/enums';
import { recordEvents, type EventInput } from '../src/tracking/events.ts';
import type { factories } from './factories.ts';
import type { TestApp, TestUser } from './harness.ts';
import { CampaignType } from '@console/shared/enums';

/*
 * A known history for the PMTA relay reports (decision 0916): two users' PMTA relays on VPS and non-VPS
 * servers in two groups each, several mail services, PMTA and SMTP campaigns (the SMTP events carry a
 * relay id equal to a PMTA relay's: an SMTP relay with the same number), events across a month and a week
 * boundary, and in the current, the previous and an older clock hour. The figures are counted back from
 * `events` by the tests.
 */

type F = ReturnType<typeof factories>;

/** A small deterministic generator (mulberry32): the same history on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The history's days (UTC): a month boundary (Jan 31 / Feb 1) and a week boundary (Sun Feb 8 / Mon Feb 9). */
export const DAYS = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-08', '2026-02-09'];

export async function relayReportHistory(t: TestApp, f: F) {
  const alice = await t.user();
  const bob = await t.user();
  const providers = (
    await t.ctx.db.$client.query<{ id: number; name: string }>(
      `select id, name from mail_providers where name in ('Gmail', 'Yahoo', 'Outlook') order by name`,
    )
  ).rows;
  const byName = Object.fromEntries(providers.map((p) => [p.name, p.id])) as Record<string, number>;
  const gmail = byName.Gmail!;
  const yahoo = byName.Yahoo!;
  const outlook = byName.Outlook!;

  const vps = async (owner: TestUser) => f.pmtaServer({ owner, isVps: true });
  const net = async (owner: TestUser) => f.pmtaServer({ owner, isVps: false });
  const aliceVps = await vps(alice);
  const aliceNet = await net(alice);
  const bobNet = await net(bob);
  const bobVps = await vps(bob);
  const groupA1 = await f.pmtaRelayGroup({ owner: alice, name: 'Alpha relays' });
  const groupA2 = await f.pmtaRelayGroup({ owner: alice, name: 'Beta relays' });
  const groupB = await f.pmtaRelayGroup({ owner: bob, name: 'Bob relays' });

  const relay = (owner: TestUser, server: { id: number }, group: { id: number }, host: string, ip: string, o = {}) =>
    f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: group.id, smtpHost: host, ip, ...o });
  const a1 = await relay(alice, aliceVps, groupA1, 'mta1.alpha.example', '10.1.0.1', { description: 'warm-up east' });
  const a2 = await relay(alice, aliceNet, groupA1, 'mta2.alpha.example', '10.1.0.2', { description: 'main WEST' });
  const a3 = await relay(alice, aliceNet, groupA2, 'mta3.beta.example', '10.1.0.3', { active: false });
  const a4 = await relay(alice, aliceVps, groupA2, 'mta4.beta.example', '10.1.0.10'); // never sends
  const b1 = await relay(bob, bobNet, groupB, 'mta1.bob.example', '10.2.0.1', { description: 'bob east' });
  const b2 = await relay(bob, bobVps, groupB, 'mta2.bob.example', '10.2.0.2');

  const alicePmta = await f.pmtaCampaign({ owner: alice, relayGroupId: groupA1.id });
  const alicePmta2 = await f.pmtaCampaign({ owner: alice, relayGroupId: groupA2.id });
  const bobPmta = await f.pmtaCampaign({ owner: bob, relayGroupId: groupB.id });
  const aliceSmtp = await f.smtpCampaign({ owner: alice });

  const rnd = random(915);
  const n = (max: number) => Math.floor(rnd() * (max + 1));
  const events: EventInput[] = [];
  const add = (
    kind: EventKindName,
    c: { id: number; type: number; owner: TestUser },
    relayId: number | null,
    mailProviderId: number | null,
    at: Date,
    extra: Partial<EventInput> = {},
  ) =>
    events.push({
      kind,
      campaignType: c.type === CampaignType.SMTP ? 'smtp' : 'pmta',
      campaignId: c.id,
      userId: c.owner.id,
      relayId,
      mailProviderId,
      at,
      ...extra,
    });
  /** A burst of every kind for one campaign, relay and service at `at`. */
  const burst = (
    c: { id: number; type: number; owner: TestUser },
    relayId: number,
    provider: number | null,
    at: Date,
  ) => {
    const sent = 1 + n(6);
    for (let i = 0; i < sent; i++) add('sent', c, relayId, provider, at);
    for (let i = 0, k = n(sent); i < k; i++) add('delivered', c, relayId, provider, at);
    // Every other bounce a block of the sending IP: an infrastructure bounce (decision 1362).
    for (let i = 0, k = n(3); i < k; i++)
      add('bounced', c, relayId, provider, at, {
        detail:
          i % 2 ? 'bad-mailbox: 550 5.1.1 User unknown' : 'spam-related: 554 5.7.1 blocked using zen.spamhaus.org',
      });
    for (let i = 0, k = n(2); i < k; i++) add('deferred', c, relayId, provider, at);
    // A complaint in every other burst (decision 1390); drawn from `sent`, so the random figures stay as they were.
    for (let i = 0; i < sent % 2; i++) add('complaint', c, relayId, provider, at);
    for (let i = 0, k = n(4); i < k; i++) add('open', c, relayId, provider, at, { first: i % 2 === 0 });
    for (let i = 0, k = n(3); i < k; i++) add('click', c, relayId, provider, at, { first: i !== 1 });
    for (let i = 0, k = n(2); i < k; i++)
      add('conversion', c, relayId, provider, at, { amountCents: 100 + n(900), country: 'US' });
  };

  const pmtaTraffic: [typeof alicePmta, number][] = [
    [alicePmta, a1.id],
    [alicePmta, a2.id],
    [alicePmta2, a3.id],
    [bobPmta, b1.id],
    [bobPmta, b2.id],
  ];
  for (const day of DAYS)
    for (const hour of [0, 13, 23])
      for (const [c, relayId] of pmtaTraffic)
        for (const p of [gmail, yahoo, outlook, null])
          if (rnd() < 0.6) burst(c, relayId, p, new Date(`${day}T${String(hour).padStart(2, '0')}:30:00Z`));
  // SMTP campaigns' relays are SMTP relays: the same numbers as PMTA relays, never in the PMTA reports.
  for (const day of DAYS)
    for (const relayId of [a1.id, a2.id, b1.id])
      for (const p of [gmail, yahoo]) burst(aliceSmtp, relayId, p, new Date(`${day}T12:00:00Z`));

  // The last hours: the current clock hour, the previous one, and the one before (not the last hour).
  const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const recent = [new Date(Math.min(hour.getTime() + 1_000, Date.now())), new Date(hour.getTime() - 30 * 60_000)];
  const older = new Date(hour.getTime() - 90 * 60_000);
  for (const at of [...recent, older]) {
    for (const [c, relayId] of pmtaTraffic) for (const p of [gmail, yahoo]) burst(c, relayId, p, at);
    burst(aliceSmtp, a1.id, gmail, at);
  }

  const client = await t.ctx.db.$client.connect();
  try {
    await recordEvents(client, events);
  } finally {
    client.release();
  }

  return {
    alice,
    bob,
    gmail,
    yahoo,
    outlook,
    groups: { a1: groupA1, a2: groupA2, b: groupB },
    relays: { a1, a2, a3, a4, b1, b2 },
    campaigns: { alicePmta, alicePmta2, bobPmta, aliceSmtp },
  };
}

/** The figures of decision 0914 counted from `events` (the tests' truth), per relay id. */
export async function eventFigures(
  t: TestApp,
  where: { from?: string; to?: string; mailProviderId?: number; lastHour?: boolean; relayId?: number },
  groupBy = 'relay_id',
) {
  const cond = [`campaign_type = ${CampaignType.PMTA}`, `relay_id is not null`];
  const params: unknown[] = [];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  if (where.from) cond.push(`(at at time zone 'UTC')::date >= ${p(where.from)}::date`);
  if (where.to) cond.push(`(at at time zone 'UTC')::date <= ${p(where.to)}::date`);
  if (where.mailProviderId !== undefined) cond.push(`mail_provider_id = ${p(where.mailProviderId)}`);
  if (where.relayId !== undefined) cond.push(`relay_id = ${p(where.relayId)}`);
  if (where.lastHour) cond.push(`at >= date_trunc('hour', now()) - interval '1 hour'`);
  const { rows } = await t.ctx.db.$client.query<Record<string, number | string>>(
    `select ${groupBy} as key,
            count(*) filter (where kind = 2)::int as delivered,
            count(*) filter (where kind = 3)::int as bounced,
            count(*) filter (where kind = 3 and detail like 'spam-related:%')::int as "infraBounces",
            count(*) filter (where kind = 8)::int as complaints,
            count(*) filter (where kind = 5 and first)::int as views,
            count(*) filter (where kind = 6 and first)::int as clicks,
            count(*) filter (where kind = 9)::int as conversions,
            coalesce(sum(amount_cents) filter (where kind = 9), 0)::int as profit
     from events where ${cond.join(' and ')} group by 1`,
    params,
  );
  return new Map(rows.map(({ key, ...figures }) => [String(key), figures as Record<string, number>]));
}
