// @ts-nocheck
import pg from 'pg';
import { transaction } from '@console/server/src/db/transaction.ts';
import { recordEvents, type EventInput } from '@console/server/src/tracking/events.ts';
import type { Api } from './api.ts';
import { BEHAVIOUR } from './population.ts';
import { DOMAINS, random, type Seeded } from './seed.ts';
import { RATES } from './internet.ts';

/*
 * The campaigns of the demo. A history of finished campaigns over the last 30 days, each created and
 * stopped through the API, its traffic written through recordEvents (the one writer of the engines and the
 * trackers: events, counters and rollups together), so that every report and the profit dynamics have
 * data. Then one PMTA and one SMTP campaign really sent, at a pace one can watch.
 */

type Owner = 'alice' | 'bob';
type Kind = 'smtp' | 'pmta';
interface Ref {
  id: number;
}

function body(s: Seeded, o: { kind: Kind; owner: Owner; name: string; list: number; message: number; offer: string }) {
  const links = s.linkGroups[o.owner];
  return {
    name: o.name,
    sender: o.owner === 'alice' ? 'Alice Deals' : 'Bob Picks',
    emailList: o.list,
    mailProviders: s.providers,
    message: o.message,
    offer: s.offers[o.offer]!.id,
    relayStatus: 1,
    relayGroup: o.kind === 'pmta' ? s.pmtaGroups[o.owner] : s.smtpGroups[o.owner],
    ...(o.kind === 'smtp'
      ? { offerLinks: links.offer, unsubscribeLinks: links.unsubscribe, pixelLinks: links.pixel }
      : {}),
  };
}

async function create(api: Api, s: Seeded, o: Parameters<typeof body>[1]): Promise<number> {
  return (await api.post<Ref>(o.kind === 'pmta' ? '/pmta_campaigns' : '/smtp_campaigns', body(s, o))).id;
}

const HISTORY: { kind: Kind; owner: Owner; name: string; offer: string; daysAgo: number }[] = [
  { kind: 'pmta', owner: 'alice', name: 'Solar launch', offer: 'solar', daysAgo: 29 },
  { kind: 'smtp', owner: 'bob', name: 'Meal kits intro', offer: 'meal', daysAgo: 26 },
  { kind: 'smtp', owner: 'alice', name: 'VPN spring promo', offer: 'vpn', daysAgo: 23 },
  { kind: 'pmta', owner: 'bob', name: 'Coastal breaks', offer: 'travel', daysAgo: 19 },
  { kind: 'pmta', owner: 'alice', name: 'Solar follow-up', offer: 'solar', daysAgo: 15 },
  { kind: 'smtp', owner: 'bob', name: 'Meal kits reminder', offer: 'meal', daysAgo: 11 },
  { kind: 'pmta', owner: 'bob', name: 'Last-minute breaks', offer: 'travel', daysAgo: 7 },
  { kind: 'smtp', owner: 'alice', name: 'VPN privacy week', offer: 'vpn', daysAgo: 4 },
  { kind: 'pmta', owner: 'alice', name: 'Solar weekend', offer: 'solar', daysAgo: 1 },
  { kind: 'smtp', owner: 'bob', name: 'Meal kits this morning', offer: 'meal', daysAgo: 0.3 },
];

/** Creates, stops and fills the finished campaigns; returns how many events were recorded. */
export async function writeHistory(s: Seeded, databaseUrl: string, perCampaign: number, log: (m: string) => void) {
  const domains = (
    await s.admin.get<{ 'hydra:member': { domain: string; mailProvider: { id: number } | null }[] }>(
      '/mail_provider_domains?pagination=false',
    )
  )['hydra:member'];
  const providerOf = new Map(domains.map((d) => [d.domain, d.mailProvider?.id ?? null]));
  const total = DOMAINS.reduce((a, [, w]) => a + w, 0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let recorded = 0;
  try {
    for (const [n, h] of HISTORY.entries()) {
      const api = s.users[h.owner];
      const list = s.lists.find((l) => l.owner === h.owner)!;
      const id = await create(api, s, { ...h, list: list.id, message: s.messages[h.owner][n % 2]! });
      await api.post('/campaign_stop', { id, type: h.kind });
      const relays = (h.kind === 'pmta' ? s.pmtaRelays : s.smtpRelays)
        .filter((r) => r.owner === h.owner)
        .map((r) => r.id);
      const r = random(100 + n);
      const start = Date.now() - h.daysAgo * 86_400_000;
      const span = Math.min(6 * 3_600_000, h.daysAgo * 86_400_000 * 0.5);
      const sends = Math.round(perCampaign * (0.7 + r() * 0.6));
      const events: EventInput[] = [];
      const flush = async () => {
        if (!events.length) return;
        await transaction(client, () => recordEvents(client, events));
        recorded += events.length;
        events.length = 0;
      };
      const base = { campaignType: h.kind, campaignId: id, userId: s.ids[h.owner] };
      for (let k = 0; k < sends; k++) {
        let x = r() * total;
        const domain = DOMAINS.find(([, w]) => (x -= w) < 0)?.[0] ?? 'gmail.com';
        const at = (dt: number) => new Date(Math.min(Date.now() - 1000, start + (k / sends) * span + dt));
        const e = {
          ...base,
          relayId: relays[k % relays.length]!,
          mailProviderId: providerOf.get(domain) ?? null,
          domain,
        };
        events.push({ ...e, kind: 'sent', at: at(0) });
        if (r() < RATES.defer)
          events.push({ ...e, kind: 'deferred', at: at(1000), detail: '421 4.7.0 try again later' });
        if (r() < RATES.bounce) {
          events.push({ ...e, kind: 'bounced', at: at(2000), detail: '550 5.1.1 User unknown' });
          continue;
        }
        events.push({ ...e, kind: 'delivered', at: at(2000) });
        if (r() >= BEHAVIOUR.open) continue;
        events.push({ ...e, kind: 'open', first: true, at: at(60_000 + r() * 3_600_000) });
        if (r() < BEHAVIOUR.reopen) events.push({ ...e, kind: 'open', first: false, at: at(4_000_000) });
        if (h.kind === 'pmta' && r() < 0.004) events.push({ ...e, kind: 'complaint', at: at(5_000_000) });
        if (r() < BEHAVIOUR.unsubscribe) {
          events.push({ ...e, kind: 'unsubscribe', at: at(3_700_000) });
          continue;
        }
        if (r() >= BEHAVIOUR.click) continue;
        events.push({ ...e, kind: 'click', first: true, at: at(3_700_000), country: 'US' });
        if (r() >= BEHAVIOUR.convert) continue;
        const sum = BEHAVIOUR.amounts[Math.floor(r() * BEHAVIOUR.amounts.length)]!;
        events.push({
          ...e,
          kind: 'conversion',
          amountCents: Math.round(sum * 100),
          country: ['US', 'GB', 'DE', 'CA'][k % 4],
          at: at(7_200_000),
        });
        if (events.length >= 5000) await flush();
      }
      await flush();
      log(`history: ${h.name} (${h.kind}, ${h.owner}) ${sends.toLocaleString('en')} sent`);
    }
  } finally {
    await client.end();
  }
  return recorded;
}

/** A live campaign of `owner` on their first list: created and started through the API; its id. */
export async function startLive(s: Seeded, kind: Kind): Promise<number> {
  const owner: Owner = kind === 'pmta' ? 'alice' : 'bob';
  const api = s.users[owner];
  const list = s.lists.find((l) => l.owner === owner)!.id;
  const o =
    kind === 'pmta'
      ? { name: 'Solar autumn (live)', message: s.messages.alice[0]!, offer: 'solar' }
      : { name: 'Meal kits weekly (live)', message: s.messages.bob[0]!, offer: 'meal' };
  const id = await create(api, s, { kind, owner, list, ...o });
  if (kind === 'pmta') await api.post('/pmta_campaign_start', { id, type: 'pmta', v3: true });
  else await api.post('/campaign_start', { id, type: 'smtp' });
  return id;
}
