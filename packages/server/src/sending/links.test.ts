import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus, CampaignTypeOf } from '@console/shared/enums';
import type { TrackingCampaignType } from '@console/shared/tracking';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { hitTracker, linksOf, PLACEHOLDER, trackedKind, type FoundLink } from '../../test/mail-links.ts';
import { pmtaPeer } from '../../test/peers/pmta.ts';
import { startSmtpSink } from '../../test/peers/smtp-sink.ts';
import { serverRow, uploadConfig } from '../pmta/operations.ts';
import { decodeTrackingId } from '../tracking/uuid.ts';
import { startCampaign } from './campaign-state.ts';
import { PMTA_LINK_PORT } from './compose.ts';
import { startSender, type Sender } from './sender/sender.ts';
import { relayOn } from './test-setup.ts';

/*
 * Issue 22 §1: the links of a campaign's mail as the receiving mail client sees them. Each delivered
 * message is parsed by a real MIME parser; every URL of every part and header (List-Unsubscribe included)
 * is collected. None may hold an unfilled `[macro]`; each tracked link points where the campaign says (a
 * PMTA campaign: the sending relay's own host name on port 9999; an SMTP campaign: its link groups'
 * hosts); and each one's path, sent over HTTP to the console's tracker, counts its hit (open, click,
 * unsubscribe). PMTA mail goes through the simulator, which delivers it to an SMTP sink downstream.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
let trackerPort: number;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  trackerPort = (t.app.server.address() as AddressInfo).port;
  sender = await startSender(t.ctx);
});
afterAll(async () => {
  await sender?.stop();
  for (const c of closers) await c();
  await t?.close();
});

async function sink(o: Parameters<typeof startSmtpSink>[0] = {}) {
  const s = await startSmtpSink({ ...o, keepRaw: true });
  closers.push(() => s.close());
  return s;
}

const HTML =
  '<html><body><p>Hello [name]</p><p><a href="[offer]">See the offer</a></p>' +
  '<p><a href="[unsub]">Unsubscribe</a></p>[pixel]</body></html>';

const N = 6;
const addresses = () => {
  const tag = Math.random().toString(36).slice(2, 8);
  return Array.from({ length: N }, (_, i) => `r${i}@d${i % 3}.links-${tag}.test`);
};

const status = async (id: number) =>
  (await t.ctx.db.$client.query<{ status: number }>('select status from campaigns where id = $1', [id])).rows[0]!
    .status;

const counters = async (type: TrackingCampaignType, id: number) =>
  (
    await t.ctx.db.$client.query<{ uniqueOpens: number; uniqueClicks: number; unsubscribes: number }>(
      `select unique_opens as "uniqueOpens", unique_clicks as "uniqueClicks", unsubscribes
         from campaign_counters where campaign_type = $1 and campaign_id = $2`,
      [CampaignTypeOf[type], id],
    )
  ).rows[0];

const unsubscribed = async (campaignId: number) =>
  (
    await t.ctx.db.$client.query<{ n: number }>(
      'select count(*)::int as n from campaign_recipients where campaign_id = $1 and unsubscribed_at is not null',
      [campaignId],
    )
  ).rows[0]!.n;

interface Checked {
  uuid: string;
  relayId: number;
  tracked: (FoundLink & { kind: 'open' | 'click' | 'unsubscribe' })[];
}

/** Parses a delivered message: no placeholder anywhere, the tracked links found, in the body and the header. */
async function check(raw: Buffer | undefined, type: TrackingCampaignType, campaignId: number): Promise<Checked> {
  expect(raw).toBeDefined();
  const { links, html } = await linksOf(raw!);
  expect(html).toContain('Hello ');
  expect(links.filter((l) => PLACEHOLDER.test(l.url))).toEqual([]);
  const tracked = links.flatMap((l) => {
    const kind = trackedKind(l.url);
    return kind ? [{ ...l, kind }] : [];
  });
  const uuids = new Set(tracked.map((l) => new URL(l.url).pathname.split('/')[3]));
  expect(uuids.size).toBe(1);
  const uuid = [...uuids][0]!;
  const id = decodeTrackingId(t.ctx.secret, uuid);
  expect(id).toMatchObject({ campaignType: type, campaignId });
  const kinds = tracked.map((l) => `${l.where}:${l.kind}`).sort();
  // The text part (issue 26) keeps the click and unsubscribe links readable; the pixel is the HTML's only.
  expect(kinds).toEqual([
    'html:click',
    'html:open',
    'html:unsubscribe',
    'list-unsubscribe:unsubscribe',
    'text:click',
    'text:unsubscribe',
  ]);
  return { uuid, relayId: id!.relayId, tracked };
}

/** Every tracked link of every message sent to the tracker: each answers, and the counters move by one each. */
async function hitAll(type: TrackingCampaignType, campaignId: number, checked: Checked[], offerUrl: string) {
  for (const m of checked) {
    const link = (where: string, kind: string) => m.tracked.find((l) => l.where === where && l.kind === kind)!.url;
    const open = await hitTracker(trackerPort, link('html', 'open'));
    expect(open.status).toBe(200);
    const click = await hitTracker(trackerPort, link('html', 'click'));
    expect(click.status).toBe(302);
    expect(click.location).toBe(offerUrl.replace('[click_id]', m.uuid));
    const page = await hitTracker(trackerPort, link('html', 'unsubscribe'));
    expect(page.status).toBe(200);
    const oneClick = await hitTracker(
      trackerPort,
      link('list-unsubscribe', 'unsubscribe'),
      'POST',
      'List-Unsubscribe=One-Click',
    );
    expect(oneClick.status).toBe(200);
  }
  expect(await counters(type, campaignId)).toEqual({ uniqueOpens: N, uniqueClicks: N, unsubscribes: N });
  expect(await unsubscribed(campaignId)).toBe(N);
}

async function messageOf(owner: TestUser) {
  return f.message({ owner, subject: 'Links for [name]', content: HTML });
}

describe('the links of a PMTA campaign', () => {
  it('point at the sending relay host on port 9999, fill every macro, and count at the tracker', async () => {
    const downstream = await sink();
    const peer = await pmtaPeer(t, f, { downstream: { host: '127.0.0.1', port: downstream.port } });
    closers.push(() => peer.close());
    const owner = await t.user();
    const serverId = await peer.server(owner);
    const group = await f.pmtaRelayGroup({ owner });
    const relays = [
      await f.pmtaRelay({ owner, pmtaServerId: serverId, groupId: group.id, smtpHost: 'mta-one.links.test' }),
      await f.pmtaRelay({ owner, pmtaServerId: serverId, groupId: group.id, smtpHost: 'mta-two.links.test' }),
    ];
    await t.ctx.db.$client.query('update pmta_relays set normal_speed = 0, backoff_speed = 0 where group_id = $1', [
      group.id,
    ]);
    await uploadConfig(t.ctx, await serverRow(t.ctx, serverId));
    const offer = await f.offer({ owner, url: 'https://offer.example.com/land?c=[click_id]' });
    const list = await f.emailList({ owner, emails: addresses() });
    const campaign = await f.pmtaCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      offerId: offer.id,
      messageId: (await messageOf(owner)).id,
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)) === CampaignStatus.Finished, 60_000);
    await eventually(async () => downstream.messages.length === N, 60_000);

    const hostOf = new Map(relays.map((r) => [r.id, r.smtpHost]));
    const checked: Checked[] = [];
    for (const m of downstream.messages) {
      const c = await check(m.raw, 'pmta', campaign.id);
      for (const l of c.tracked) {
        const u = new URL(l.url);
        expect(`${u.protocol}//${u.host}`).toBe(`http://${hostOf.get(c.relayId)}:${PMTA_LINK_PORT}`);
      }
      checked.push(c);
    }
    expect(new Set(checked.map((c) => c.relayId)).size).toBe(2);
    await hitAll('pmta', campaign.id, checked, offer.url);
  });
});

describe('the links of an SMTP campaign', () => {
  it("come from the campaign's link groups, fill every macro, and count at the tracker", async () => {
    const s = await sink({ credentials: { user: 'links1', password: 'pw' } });
    const owner = await t.user();
    const group = await f.smtpRelayGroup({ owner });
    await relayOn(t, { owner, groupId: group.id, port: s.port, account: 'links1', password: 'pw' });
    const groupOf = async (type: 0 | 1 | 2, urls: string[]) => {
      const g = await f.linkGroup({ owner, type });
      for (const url of urls) await f.link({ owner, groupId: g.id, url });
      return g.id;
    };
    const hosts = {
      click: ['trk-a.links.test', 'trk-b.links.test'],
      unsubscribe: ['u.links.test'],
      open: ['p.links.test'],
    };
    const offer = await f.offer({ owner, url: 'https://offer.example.com/land?c=[click_id]' });
    const list = await f.emailList({ owner, emails: addresses() });
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      offerId: offer.id,
      messageId: (await messageOf(owner)).id,
      offerLinksId: await groupOf(0, [
        'http://trk-a.links.test/t/c/[uuid]/[junk]',
        'https://trk-b.links.test/t/c/[uuid]?x=[junk]',
      ]),
      unsubscribeLinksId: await groupOf(1, ['https://u.links.test/t/u/[uuid]']),
      pixelLinksId: await groupOf(2, ['https://p.links.test/t/o/[uuid]/[junk].gif']),
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => (await status(campaign.id)) === CampaignStatus.Finished, 60_000);
    expect(s.messages).toHaveLength(N);

    const checked: Checked[] = [];
    for (const m of s.messages) {
      const c = await check(m.raw, 'smtp', campaign.id);
      for (const l of c.tracked) expect(hosts[l.kind]).toContain(new URL(l.url).host);
      checked.push(c);
    }
    await hitAll('smtp', campaign.id, checked, offer.url);
  });
});
