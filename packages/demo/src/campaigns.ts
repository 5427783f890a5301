import pg from 'pg';
import { RecipientStatus } from '@console/shared/campaigns';
import type { AppContext } from '@console/server/src/core/context.ts';
import { createDb } from '@console/server/src/db/client.ts';
import { inTransaction } from '@console/server/src/db/transaction.ts';
import { computeRelayIndicators } from '@console/server/src/features/pmta-relay-indicators/pmta-relay-indicators.compute.ts';
import { claimRecipients, markSending } from '@console/server/src/sending/claim.ts';
import { recordOutcomes, type Outcome } from '@console/server/src/sending/outcomes.ts';
import { materializeRecipients } from '@console/server/src/sending/prepare.ts';
import { holdLiveness, newWorkerId } from '@console/server/src/sending/reconcile.ts';
import { CampaignCache } from '@console/server/src/tracking/campaigns.ts';
import { GroupCommit, type Hit } from '@console/server/src/tracking/group-commit.ts';
import { profitCents } from '@console/server/src/tracking/postback.ts';
import { unsubscribe } from '@console/server/src/tracking/unsubscribe.ts';
import type { Api } from './api.ts';
import { BEHAVIOUR, openRate } from './population.ts';
import type { Seeded } from './seed.ts';
import { chance, RATES, bounceReply, deferReply } from './internet.ts';

/*
 * The campaigns of the demo. A history of finished campaigns over the last 30 days, made the way real ones
 * are (issue 38): each created through the API, its recipients and totals materialized by the prepare step,
 * claimed and sent through the engine's own outcome writer (recordOutcomes) and then opened, clicked,
 * bought and unsubscribed through the tracker's own writers (the group commit, unsubscribe), every one with
 * the time it happened, in the past; so the counters, the rollups, the Bounced Emails and the recipients'
 * rows are the console's own. Then one PMTA and one SMTP campaign really sent, at a pace one can watch.
 */

type Owner = 'alice' | 'bob';
type Kind = 'smtp' | 'pmta';
interface Ref {
  id: number;
}

function body(
  s: Seeded,
  o: { kind: Kind; owner: Owner; name: string; list: number; message: number; offer: string; providers?: number[] },
) {
  const links = s.linkGroups[o.owner];
  return {
    name: o.name,
    sender: o.owner === 'alice' ? 'Alice Deals' : 'Bob Picks',
    emailList: o.list,
    mailProviders: o.providers ?? s.providers,
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Alice sends to segments of her big list (by mail service), Bob to the whole of his small ones. */
const SEGMENTS: Record<string, string[] | 'all'> = {
  gmail: ['Gmail'],
  us: ['Yahoo', 'Outlook', 'AOL', 'iCloud', 'Comcast', 'AT&T', 'Verizon'],
  europe: ['GMX', 'Web.de', 'Orange', 'Mail.ru', 'Yandex'],
  all: 'all',
};
const NAMES: Record<Owner, [string, string][]> = {
  alice: [
    ['Solar launch', 'solar'],
    ['VPN spring promo', 'vpn'],
    ['Solar follow-up', 'solar'],
    ['VPN privacy week', 'vpn'],
    ['Solar weekend', 'solar'],
    ['VPN family plan', 'vpn'],
    ['Solar last call', 'solar'],
    ['VPN travel edition', 'vpn'],
  ],
  bob: [
    ['Meal kits intro', 'meal'],
    ['Coastal breaks', 'travel'],
    ['Meal kits reminder', 'meal'],
    ['Last-minute breaks', 'travel'],
    ['Meal kits family box', 'meal'],
    ['Autumn getaways', 'travel'],
    ['Meal kits this week', 'meal'],
  ],
};
/**
 * Fifteen campaigns, one every two days from 29.5 days ago, each sending for about a day and a half and
 * read for days after: traffic on every one of the 30 days.
 */
export const HISTORY = Array.from({ length: 15 }, (_, n) => {
  const owner: Owner = n % 2 === 0 ? 'alice' : 'bob';
  const [name, offer] = NAMES[owner][Math.floor(n / 2)]!;
  const kind: Kind =
    Math.floor(n / 2) % 2 === 0 ? (owner === 'alice' ? 'pmta' : 'smtp') : owner === 'alice' ? 'smtp' : 'pmta';
  const segment = owner === 'bob' ? 'all' : (['gmail', 'us', 'europe'] as const)[Math.floor(n / 2) % 3]!;
  return { kind, owner, name, offer, segment, daysAgo: 29.5 - 2 * n, hours: 30 + (n % 3) * 4 };
});

/** `at`, but never later than a minute ago (a history does not reach into the future). */
const past = (t: number) => new Date(Math.min(t, Date.now() - 60_000));

/**
 * Makes the finished campaigns of the last 30 days through the console's own write path; then the relay
 * indicators (as the nightly run would make them). Returns how many recipients were sent to.
 */
export async function writeHistory(s: Seeded, databaseUrl: string, log: (m: string) => void): Promise<number> {
  const providers = (
    await s.admin.get<{ 'hydra:member': { id: number; name: string }[] }>('/mail_providers?pagination=false')
  )['hydra:member'];
  const idsOf = (segment: string) => {
    const names = SEGMENTS[segment]!;
    return names === 'all' ? s.providers : providers.filter((p) => names.includes(p.name)).map((p) => p.id);
  };
  const db = createDb(databaseUrl, 4);
  // The tracker's writers want a context: the database, and a hub that has no live screens to tell.
  const ctx = { db, env: { LOG_LEVEL: 'silent' }, hub: { publish: async () => undefined } } as unknown as AppContext;
  const tracker = new GroupCommit(ctx, { delayMs: 5 });
  const campaigns = new CampaignCache(db.$client);
  // A sender's liveness, as every sender holds one: its rows are never taken for a dead worker's.
  const worker = newWorkerId();
  const liveness = new pg.Client({ connectionString: databaseUrl });
  await liveness.connect();
  await holdLiveness(liveness, worker);
  let sent = 0;
  try {
    // The relays were there before the history: a month and a half old.
    await db.$client.query(`update pmta_relays set created_at = now() - interval '45 days'`);
    await db.$client.query(`update smtp_relays set created_at = now() - interval '45 days'`);
    for (const [n, h] of HISTORY.entries()) {
      // Resumable (issue 38: a demo stopped while it wrote its history never wrote it): a campaign written
      // whole (its end at its last outcome) stays; one cut short is removed and written again.
      const before = await db.$client.query<{ id: number; whole: boolean }>(
        `select c.id, coalesce(c.end_date = (select max(done_at) from campaign_recipients where campaign_id = c.id), false) as whole
           from campaigns c where c.name = $1 and c.user_id = $2`,
        [h.name, s.ids[h.owner]],
      );
      if (before.rows.some((r) => r.whole)) continue;
      for (const r of before.rows) await removeCampaign(db.$client, r.id);
      const api = s.users[h.owner];
      const lists = s.lists.filter((l) => l.owner === h.owner);
      const list = lists[n % lists.length]!;
      const id = await create(api, s, {
        ...h,
        list: list.id,
        message: s.messages[h.owner][n % 2]!,
        providers: idsOf(h.segment),
      });
      // Finished at once (the live senders leave it alone), then started in the past: its recipients and
      // totals as the prepare step makes them, its start and creation at their times.
      await api.post('/campaign_stop', { id, type: h.kind });
      const start = Date.now() - h.daysAgo * DAY;
      await inTransaction(db, (c) => materializeRecipients(c, id));
      await db.$client.query(`update campaigns set created_at = $2, prepared_at = $3, start_date = $3 where id = $1`, [
        id,
        new Date(start - 2 * HOUR),
        new Date(start),
      ]);
      const relays = (h.kind === 'pmta' ? s.pmtaRelays : s.smtpRelays)
        .filter((r) => r.owner === h.owner)
        .map((r) => r.id);
      const n0 = await sendHistory(
        ctx,
        worker,
        { id, type: h.kind, userId: s.ids[h.owner] },
        relays,
        start,
        h.hours * HOUR,
      );
      // Read afterwards: opens, clicks, sales, unsubscribes.
      const tracked = (await campaigns.get(h.kind, id))!;
      const hits = await readHistory(ctx, tracker, tracked, id);
      await db.$client.query(
        `update campaigns set end_date = (select max(done_at) from campaign_recipients where campaign_id = $1)
          where id = $1`,
        [id],
      );
      sent += n0;
      log(
        `history: ${h.name} (${h.kind}, ${h.owner}) ${n0.toLocaleString('en')} sent, ${hits.toLocaleString('en')} opens, clicks and sales`,
      );
    }
    const client = await db.$client.connect();
    try {
      await computeRelayIndicators(client);
    } finally {
      client.release();
    }
  } finally {
    await tracker.close();
    await db.$client.end();
    await liveness.end();
  }
  return sent;
}

/**
 * A history campaign cut short, and what it left: campaign_id columns mostly have no foreign key (counters,
 * recipients), so every table that has one is cleared of it. Relay-level counters keep its partial sends.
 */
async function removeCampaign(sql: pg.Pool, id: number) {
  const tables = await sql.query<{ name: string }>(
    `select format('%I', c.table_name) as name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'campaign_id' and t.table_type = 'BASE TABLE'`,
  );
  for (const t of tables.rows) await sql.query(`delete from ${t.name} where campaign_id = $1`, [id]);
  await sql.query(`delete from campaigns where id = $1`, [id]);
}

/**
 * The engine's sending, in the past: batches claimed and marked sending as a sender does, each recipient
 * delivered, bounced or deferred once (then delivered) as the demo's mail servers answer, the outcomes
 * recorded at their time along `span`. Returns how many recipients got an outcome.
 */
async function sendHistory(
  ctx: AppContext,
  worker: string,
  campaign: { id: number; type: Kind; userId: number },
  relays: number[],
  start: number,
  span: number,
): Promise<number> {
  const pool = ctx.db.$client;
  const total = (await pool.query<{ total: number }>('select total from campaigns where id = $1', [campaign.id]))
    .rows[0]!.total;
  // A batch about every quarter of an hour of the span: the hourly charts show a steady send, not bursts.
  const batch = Math.max(20, Math.ceil(total / (span / 900_000)));
  let done = 0;
  for (let k = 0; ; k++) {
    const rows = await claimRecipients(pool, campaign.id, worker, batch);
    if (!rows.length) break;
    const withRelay = rows.map((r, i) => ({ row: r, relayId: relays[(k + i) % relays.length]! }));
    await markSending(
      pool,
      campaign.id,
      worker,
      withRelay.map((r) => ({ emailId: r.row.emailId, relayId: r.relayId })),
    );
    const outcomes: Outcome[] = withRelay.map(({ row, relayId }) => {
      if (chance(row.email, 'bounce') < RATES.bounce)
        return { row, relayId, kind: 'bounced', code: 550, reply: `550 ${bounceReply(row.email)}` };
      if (row.attempts === 0 && chance(row.email, `defer:${campaign.id}`) < RATES.defer)
        return { row, relayId, kind: 'deferred', code: 421, reply: `421 ${deferReply(row.email)}` };
      return { row, relayId, kind: 'delivered', reply: '250 2.0.0 OK' };
    });
    const at = past(start + span * Math.min(1, done / Math.max(1, total)));
    await recordOutcomes(ctx.db, campaign, worker, outcomes, { retryBaseMs: 0, maxAttempts: 5 }, at);
    done += outcomes.filter((o) => o.kind !== 'deferred').length;
  }
  return done;
}

/**
 * The delivered recipients read the campaign as the live ones do (population.ts), over the days after
 * their delivery: the pixel, then some click, buy or unsubscribe. Returns the hits recorded.
 */
async function readHistory(
  ctx: AppContext,
  tracker: GroupCommit,
  campaign: NonNullable<Awaited<ReturnType<CampaignCache['get']>>>,
  id: number,
) {
  const { rows } = await ctx.db.$client.query<{ emailId: string; email: string; relayId: number; doneAt: Date }>(
    `select email_id as "emailId", email, relay_id as "relayId", done_at as "doneAt"
       from campaign_recipients where campaign_id = $1 and status = ${RecipientStatus.delivered}`,
    [id],
  );
  const hits: Hit[] = [];
  const unsubscribes: { emailId: number; relayId: number; at: Date }[] = [];
  for (const r of rows) {
    const c = (purpose: string) => chance(r.email, `${purpose}:${id}`);
    if (c('open') >= openRate(r.email)) continue;
    const emailId = Number(r.emailId);
    const base = { campaign, relayId: r.relayId, emailId };
    // Most read within hours, some days later.
    const opened = r.doneAt.getTime() + (c('when') < 0.7 ? c('hours') * 6 * HOUR : c('hours') * 72 * HOUR);
    hits.push({ ...base, kind: 'open', at: past(opened) });
    if (c('reopen') < BEHAVIOUR.reopen) hits.push({ ...base, kind: 'open', at: past(opened + 5 * HOUR) });
    if (c('unsubscribe') < BEHAVIOUR.unsubscribe) {
      unsubscribes.push({ emailId, relayId: r.relayId, at: past(opened + 60_000) });
      continue;
    }
    if (c('click') >= BEHAVIOUR.click) continue;
    hits.push({ ...base, kind: 'click', at: past(opened + 40_000), detail: () => 'offer link', country: null });
    if (c('convert') >= BEHAVIOUR.convert) continue;
    const sum = BEHAVIOUR.amounts[Math.floor(c('amount') * BEHAVIOUR.amounts.length)]!;
    hits.push({
      ...base,
      kind: 'conversion',
      at: past(opened + 20 * 60_000),
      amountCents: profitCents(Math.round(sum * 1e6), campaign.profitRate),
    });
  }
  // In time order, as they came: a recipient's open before their click.
  hits.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  for (let i = 0; i < hits.length; i += 2000) await Promise.all(hits.slice(i, i + 2000).map((h) => tracker.hit(h)));
  for (const u of unsubscribes) await unsubscribe(ctx, campaign, u.relayId, u.emailId, u.at);
  return hits.length + unsubscribes.length;
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
