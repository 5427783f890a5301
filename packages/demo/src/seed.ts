import { MAIL_SERVICE_SETTING_DEFAULTS } from '@console/shared/mail-service-settings';
import { signIn, type Api } from './api.ts';

/*
 * The demo's workspace, made through the console's own HTTP API as a team would make it by hand: users
 * with their profit rates, categories, lists loaded through the real import, offers, link groups, two PMTA
 * servers (relays and their VMTAs on the simulators), SMTP servers and relays on the loopback receivers,
 * mail service settings and balancers, messages and tags, and the campaigns.
 */

export const LOGINS = {
  admin: { email: 'admin@demo.localhost', password: 'demo-admin-2026', username: 'admin' },
  alice: { email: 'alice@demo.localhost', password: 'demo-alice-2026', username: 'alice', profitRate: 70 },
  bob: { email: 'bob@demo.localhost', password: 'demo-bob-2026', username: 'bob', profitRate: 55 },
} as const;

/** The real providers' domains of the generated lists, with their shares. */
export const DOMAINS: [string, number][] = [
  ['gmail.com', 34],
  ['yahoo.com', 13],
  ['outlook.com', 8],
  ['hotmail.com', 8],
  ['aol.com', 5],
  ['icloud.com', 5],
  ['comcast.net', 4],
  ['gmx.de', 4],
  ['web.de', 3],
  ['orange.fr', 3],
  ['att.net', 3],
  ['verizon.net', 2],
  ['mail.ru', 4],
  ['yandex.ru', 4],
];

const FIRST =
  'james mary john patricia robert jennifer michael linda william elizabeth david barbara richard susan joseph jessica thomas sarah charles karen daniel lisa matthew nancy anthony betty mark sandra paul ashley steven emily andrew kimberly joshua donna kevin michelle brian carol george amanda timothy melissa ronald deborah jason stephanie edward rebecca jeffrey sharon ryan laura jacob cynthia gary kathleen nicholas amy eric angela jonathan shirley stephen anna larry brenda justin pamela scott emma brandon nicole benjamin helen samuel samantha gregory katherine alexander christine frank debra patrick rachel raymond carolyn jack janet dennis catherine jerry maria tyler heather aaron diane'.split(
    ' ',
  );
const LAST =
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez'.split(
    ' ',
  );
const CITIES = [
  'New York',
  'Chicago',
  'Houston',
  'Phoenix',
  'London',
  'Manchester',
  'Berlin',
  'Munich',
  'Paris',
  'Lyon',
  'Toronto',
  'Dallas',
  'Moscow',
  'Madrid',
];
const GEOS = ['US', 'US', 'US', 'GB', 'DE', 'FR', 'CA', 'RU', 'ES'];

/** A deterministic pseudo-random generator (mulberry32): the same demo every time. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A CSV of `n` believable subscribers over the providers' domains (email,name,surname,city,geo,birthyear). */
export function listCsv(n: number, seed: number): string {
  const r = random(seed);
  const total = DOMAINS.reduce((s, [, w]) => s + w, 0);
  const pickDomain = () => {
    let x = r() * total;
    for (const [d, w] of DOMAINS) if ((x -= w) < 0) return d;
    return DOMAINS[0]![0];
  };
  const lines = ['email,name,surname,city,geo,birthyear'];
  for (let i = 0; i < n; i++) {
    const first = FIRST[Math.floor(r() * FIRST.length)]!;
    const last = LAST[Math.floor(r() * LAST.length)]!;
    const style = r();
    const local =
      style < 0.4
        ? `${first}.${last}${Math.floor(r() * 1000)}`
        : style < 0.7
          ? `${first[0]}${last}${1950 + Math.floor(r() * 55)}`
          : `${first}_${last}.${seed}${i}`;
    const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
    lines.push(
      `${local}@${pickDomain()},${cap(first)},${cap(last)},${CITIES[Math.floor(r() * CITIES.length)]},${GEOS[Math.floor(r() * GEOS.length)]},${1950 + Math.floor(r() * 55)}`,
    );
  }
  return lines.join('\n') + '\n';
}

/** Loads a list's generated addresses through the real import (POST /api/add-emails, a CSV file). */
export async function uploadList(admin: Api, list: Seeded['lists'][number]) {
  await admin.upload(
    '/add-emails',
    { emailListId: String(list.id) },
    { field: 'emails', name: `${list.name}.csv`, content: listCsv(list.size, list.seed) },
  );
}

/** Balancers synced and VMTAs uploaded to the simulators over SSH (the PMTA servers' screens' actions). */
export async function pushToServers(s: Seeded, log: (m: string) => void) {
  log('balancers and VMTAs to the PMTA servers');
  for (const id of s.servers)
    await s.admin.post('/pmta/server/balancers/upload', { id }).catch((e: Error) => log(`balancers: ${e.message}`));
  for (const r of s.pmtaRelays)
    await s.admin.get(`/pmta_relays/${r.id}/upload_vmta`).catch((e: Error) => log(`VMTA: ${e.message}`));
}

/** The domains whose PMTA queues ride out the demo's Microsoft storm (decision 1470). */
export const MICROSOFT = ['outlook.com', 'hotmail.com'];

/**
 * A provider's mail service setting in the demo. Microsoft's, as operators set it for its throttling: a
 * queue in backoff sends at 120 an hour (inside a relay's VMTA, at the relay's backoff speed), retries its deferred mail every 2 minutes and is back to normal at
 * its first delivery (decision 1470).
 */
export function serviceSetting(domainMacro: string, share: number) {
  return {
    ...MAIL_SERVICE_SETTING_DEFAULTS,
    name: domainMacro,
    domainMacro,
    maxMsgRate: `${share * 60}/h`,
    ...(MICROSOFT.includes(domainMacro)
      ? { backoffMaxMsgRate: '120/h', backoffRetryAfter: '2m', backoffToNormalAfterDelivery: true }
      : {}),
  };
}

/**
 * The demo's warm-up plan (decision 1471): Yahoo only (the other services are not held), a week from 2,400 a
 * day (100 an hour) up; day 1 paces alice's live campaign at Yahoo on that relay (780 an hour without it)
 * without holding it.
 */
export const YAHOO_WARMUP = {
  name: 'Yahoo warm-up (new IP)',
  description: 'A new IP at Yahoo: a week from 2,400 a day, about 1.5 times a day.',
  services: [{ perDay: [2400, 3600, 5400, 8000, 12000, 18000, 27000] }],
};

export interface SimPorts {
  smtpPort: number;
  httpPort: number;
  sshPort: number;
}

export interface SeedInput {
  baseUrl: string;
  /** The console's own address as recipients and links reach it (http://localhost:PORT). */
  trackerHost: string;
  receiverPort: number;
  sims: [SimPorts, SimPorts];
  sshPassword: string;
  /** Addresses per list, about: the three lists hold 3 x this / 2 (200,000 by default). */
  listSize: number;
  log: (m: string) => void;
}

interface Ref {
  id: number;
}
type Hydra<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export interface Seeded {
  admin: Api;
  users: { alice: Api; bob: Api };
  ids: { alice: number; bob: number; admin: number };
  /** Offer slug (the `o` of its landing URL) -> offer id and its owner's API. */
  offers: Record<string, { id: number; owner: 'alice' | 'bob' }>;
  lists: { id: number; name: string; owner: 'alice' | 'bob'; size: number; seed: number }[];
  messages: { alice: number[]; bob: number[] };
  linkGroups: {
    alice: { offer: number; unsubscribe: number; pixel: number };
    bob: { offer: number; unsubscribe: number; pixel: number };
  };
  pmtaGroups: { alice: number; bob: number };
  smtpGroups: { alice: number; bob: number };
  pmtaRelays: { id: number; owner: 'alice' | 'bob' }[];
  smtpRelays: { id: number; owner: 'alice' | 'bob' }[];
  providers: number[];
  servers: number[];
}

const OFFERS: { slug: string; name: string; category: string; owner: 'alice' | 'bob' }[] = [
  { slug: 'solar', name: 'SunPeak Solar quotes', category: 'Home improvement', owner: 'alice' },
  { slug: 'vpn', name: 'ShieldLine VPN annual', category: 'Software', owner: 'alice' },
  { slug: 'meal', name: 'GreenPlate meal kits', category: 'Food & drink', owner: 'bob' },
  { slug: 'travel', name: 'Coastline weekend breaks', category: 'Travel', owner: 'bob' },
];

const MESSAGE = (title: string, line: string) => `<!doctype html>
<html><body style="font-family:Arial,sans-serif;background:#f4f5f7;margin:0;padding:24px">
<table width="600" align="center" style="background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="color:#1f3a5f">{Hi|Hello|Good news} [name],</h1>
<p>${line}</p>
<p><a href="[offer]" style="background:#1677ff;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${title}</a></p>
<p style="color:#888;font-size:12px">{footer} <a href="[unsub]">Unsubscribe</a></p>
[pixel]</td></tr></table></body></html>`;

export async function seed(i: SeedInput): Promise<Seeded> {
  const admin = await signIn(i.baseUrl, LOGINS.admin.email, LOGINS.admin.password);
  const profile = await admin.get<{ id: number }>('/profile');
  i.log('users and categories');
  const users: Record<'alice' | 'bob', number> = { alice: 0, bob: 0 };
  for (const who of ['alice', 'bob'] as const) {
    const u = LOGINS[who];
    const made = await admin.post<Ref>('/users', {
      username: u.username,
      email: u.email,
      isActive: true,
      profitRate: u.profitRate,
      password: u.password,
      confirmPassword: u.password,
    });
    users[who] = made.id;
  }
  const alice = await signIn(i.baseUrl, LOGINS.alice.email, LOGINS.alice.password);
  const bob = await signIn(i.baseUrl, LOGINS.bob.email, LOGINS.bob.password);
  const as = { alice, bob };

  const categories = new Map<string, number>();
  const consumer = await admin.post<Ref>('/categories', { name: 'Consumer' });
  for (const name of [...new Set(OFFERS.map((o) => o.category)), 'Newsletters'])
    categories.set(name, (await admin.post<Ref>('/categories', { name, parent: consumer.id })).id);

  i.log('offers and link groups');
  const offers: Seeded['offers'] = {};
  for (const o of OFFERS) {
    const made = await admin.post<Ref>('/offers', {
      name: o.name,
      category: categories.get(o.category),
      url: `${i.trackerHost}/?o=${o.slug}&cid=[click_id]&trk=[trk]`,
      user: users[o.owner],
    });
    offers[o.slug] = { id: made.id, owner: o.owner };
  }

  const linkGroups = {} as Seeded['linkGroups'];
  for (const who of ['alice', 'bob'] as const) {
    const group = async (type: 'offer' | 'unsubscribe' | 'pixel', name: string, paths: string[]) => {
      const g = await as[who].post<Ref>('/link_groups', { type, name });
      for (const p of paths) await as[who].post('/links', { group: g.id, url: `${i.trackerHost}${p}` });
      return g.id;
    };
    linkGroups[who] = {
      offer: await group('offer', `${who} offer links`, ['/t/c/[uuid]/[junk]', '/t/c/[uuid]/go/[junk]']),
      unsubscribe: await group('unsubscribe', `${who} unsubscribe links`, ['/t/u/[uuid]']),
      pixel: await group('pixel', `${who} pixels`, ['/t/o/[uuid]/[junk].gif']),
    };
  }

  i.log('messages and tags');
  await alice.post('/tags', {
    name: 'footer',
    content: ['You receive this because you subscribed at our partners.', 'Sent to [email].'],
  });
  await bob.post('/tags', {
    name: 'footer',
    content: ['You asked to hear about our deals.', 'This message was sent to [email].'],
  });
  const messages = { alice: [] as number[], bob: [] as number[] };
  const texts: Record<'alice' | 'bob', [string, string, string][]> = {
    alice: [
      [
        'Solar savings spring',
        '{Cut|Lower} your power bill',
        'Homeowners in [city] are saving up to 40% with solar this season.',
      ],
      [
        'VPN privacy week',
        'Your privacy, [name]',
        'Browse safely on every device: one year of ShieldLine for less than a coffee a month.',
      ],
    ],
    bob: [
      [
        'Meal kits autumn',
        '{Dinner is sorted|Fresh dinners}, [name]',
        'Chef-designed recipes delivered to your door, first box half price.',
      ],
      [
        'Weekend breaks',
        'A {weekend|short break} by the sea',
        'Two nights on the coast from 99 per person, breakfast included.',
      ],
    ],
  };
  for (const who of ['alice', 'bob'] as const)
    for (const [name, subject, line] of texts[who])
      messages[who].push(
        (await as[who].post<Ref>('/messages', { name, subject, htmlContent: MESSAGE('See the offer', line) })).id,
      );

  i.log('PMTA servers, relays and their VMTAs');
  const pmtaGroups = {
    alice: (await alice.post<Ref>('/pmta_relay_groups', { name: 'Alice warm IPs' })).id,
    bob: (await bob.post<Ref>('/pmta_relay_groups', { name: 'Bob main pool' })).id,
  };
  const pmtaRelays: Seeded['pmtaRelays'] = [];
  const servers: number[] = [];
  for (const [n, sim] of i.sims.entries()) {
    const owner = n === 0 ? 'alice' : 'bob';
    const ips = [1, 2, 3, 4].map((k) => `127.0.${n + 1}.${k}`);
    const server = await admin.post<Ref>('/pmta_servers', {
      name: `pmta-${n + 1}.demo`,
      serverIp: '127.0.0.1',
      pmtaHttpPort: sim.httpPort,
      sshPort: sim.sshPort,
      smtpPort: sim.smtpPort,
      serverUsername: 'root',
      sshPassword: i.sshPassword,
      relayNormalSpeed: 1,
      relayBackoffSpeed: 5,
      ipList: ips.join('\n'),
      isVps: n === 1,
      user: users[owner],
    });
    servers.push(server.id);
    for (const [k, ip] of ips.entries()) {
      const host = `mta${k + 1}.pmta-${n + 1}.localhost`;
      const relay = await admin.post<Ref>('/pmta_relays', {
        group: pmtaGroups[owner],
        pmtaServer: server.id,
        smtpHost: host,
        ip,
        senderEmail: `news@${host}`,
        active: true,
        user: users[owner],
      });
      pmtaRelays.push({ id: relay.id, owner });
    }
  }

  i.log('SMTP servers and relays');
  const smtpGroups = {
    alice: (await alice.post<Ref>('/smtp_relay_groups', { name: 'Alice SMTP accounts' })).id,
    bob: (await bob.post<Ref>('/smtp_relay_groups', { name: 'Bob SMTP accounts' })).id,
  };
  const smtpRelays: Seeded['smtpRelays'] = [];
  for (const [n, name] of ['smtp.sendwave.localhost', 'smtp.postlane.localhost'].entries()) {
    const owner = n === 0 ? 'alice' : 'bob';
    const server = await admin.post<Ref>('/smtp_servers', {
      name,
      host: '127.0.0.1',
      port: i.receiverPort,
      tls: false,
      relayNormalSpeed: 1,
      relayBackoffSpeed: 10,
      user: users[owner],
    });
    for (let k = 0; k < 3; k++) {
      const relay = await as[owner].post<Ref>('/smtp_relays', {
        group: smtpGroups[owner],
        smtpServer: server.id,
        senderEmail: `offers${k + 1}@${name.replace(/^smtp\./, '')}`,
        account: `account${k + 1}`,
        password: `demo-pass-${k + 1}`,
        active: true,
      });
      smtpRelays.push({ id: relay.id, owner });
    }
  }

  i.log('mail service settings');
  // One throttle per provider, per VMTA, in proportion to its share of the lists (60 an hour per percent,
  // under the relays' own 1 a second): every provider's queue empties at the same pace, as an operator
  // sets them so that the biggest provider is not the last one still sending.
  for (const [domainMacro, share] of DOMAINS)
    await admin.post('/mail_service_settings', serviceSetting(domainMacro, share));

  const lists: Seeded['lists'] = [];
  const plan = [
    { name: 'US consumers 2026', owner: 'alice' as const, size: i.listSize, seed: 1 },
    { name: 'EU newsletter opt-ins', owner: 'bob' as const, size: Math.round(i.listSize / 4), seed: 2 },
    { name: 'Travel leads Q3', owner: 'bob' as const, size: Math.round(i.listSize / 4), seed: 3 },
  ];
  for (const p of plan) {
    const list = await admin.post<Ref>('/email_lists', {
      name: p.name,
      category: categories.get('Newsletters'),
      user: users[p.owner],
    });
    lists.push({ id: list.id, name: p.name, owner: p.owner, size: p.size, seed: p.seed });
  }
  const services = (await admin.get<Hydra<Ref & { name: string }>>('/mail_providers?pagination=false'))['hydra:member'];
  const providers = services.filter((p) => !['Trash Mail', 'GI'].includes(p.name)).map((p) => p.id);

  i.log("a warm-up plan at Yahoo for alice's second PMTA relay");
  const yahoo = services.find((p) => p.name === 'Yahoo')!;
  const warmup = await alice.post<Ref>('/warmup_plans', {
    ...YAHOO_WARMUP,
    services: [{ ...YAHOO_WARMUP.services[0], mailProvider: yahoo.id }],
  });
  await alice.post(`/warmup_plans/${warmup.id}/attach`, {
    kind: 'pmta',
    relays: [pmtaRelays.filter((r) => r.owner === 'alice')[1]!.id],
  });

  return {
    admin,
    users: as,
    ids: { ...users, admin: profile.id },
    offers,
    lists,
    messages,
    linkGroups,
    pmtaGroups,
    smtpGroups,
    pmtaRelays,
    smtpRelays,
    providers,
    servers,
  };
}
