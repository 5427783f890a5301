/**
 * bench/scale's send step (issue 42, section 2): on the full database, an SMTP campaign of `total` recipients
 * sent by two worker processes (`ROLE=worker`) to SMTP sinks in a process of their own (bench/send/sinks.ts,
 * 10 unpaced relays) while a tracker process (`ROLE=tracker`) takes opens and clicks (four opens to a click,
 * autocannon from another process, bench/track/load.mjs) at a tenth of the send rate. Beside it, the same
 * run's reference: a campaign of total/10 recipients by the same two workers with no hits, which is the
 * "small bench" the rate must stay within 10% of. Peak RSS (VmHWM) of every process.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { AppContext } from '../../packages/server/src/core/context.ts';
import { prepareCampaign } from '../../packages/server/src/sending/prepare.ts';
import { encodeTrackingId } from '../../packages/server/src/tracking/uuid.ts';
import { CampaignType } from '../../packages/shared/src/enums.ts';
import { campaignFinished } from '../lib/campaign.ts';
import { onExit, spawnTracked, stopChild } from '../lib/hermetic.ts';
import { seedNewsletter, seedSinkRelays } from '../lib/newsletter.ts';
import { startWorker } from '../lib/worker.ts';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, any>[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MAIN = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));
const RELAYS = 10;
const n = (x: number) => Math.round(x).toLocaleString('en');
const hwm = (pid: number | undefined) =>
  Math.round(Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)![1]) / 1024);

async function freePort(): Promise<number> {
  const s = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A tracker process of the app on the bench's database; resolves once it answers HTTP. */
async function startTracker(ctx: AppContext) {
  const port = await freePort();
  const child = spawnTracked('the tracker', process.execPath, [MAIN], {
    env: {
      ...process.env,
      ROLE: 'tracker',
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.env.DATA_DIR,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the tracker exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/t/o/none`);
      return { child, url };
    } catch {
      if (i > 600) throw new Error('the tracker did not answer within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function sendWhileTracking(ctx: AppContext, q: Query, total: number, log: (s: string) => void) {
  const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
  const sinks = spawnTracked(
    'the sinks',
    process.execPath,
    [fileURLToPath(new URL('../send/sinks.ts', import.meta.url)), String(RELAYS)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const sinkLines = readline.createInterface({ input: sinks.stdout! });
  const nextLine = () => new Promise<string>((resolve) => sinkLines.once('line', resolve));
  const { ports } = JSON.parse(await nextLine()) as { ports: number[] };
  const sinkCount = async () => {
    sinks.stdin!.write('count\n');
    return (JSON.parse(await nextLine()) as { accepted: number }).accepted;
  };

  const { user, list, provider, offer, message } = await seedNewsletter(
    q,
    total,
    'https://offer.example.com/?c=[click_id]&t=[trk]&e=[email]',
  );
  const small = Math.max(1, Math.round(total / 10));
  const refList = await one(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
     select 'reference', category_id, user_id, $2, $2 from email_lists where id = $1 returning id`,
    [list.id, small],
  );
  await q(
    `insert into emails (email_list_id, email, mail_provider_id, valid, name, city)
     select $1, 'ref' || g || '@example' || (g % 50) || '.com', $2, true, 'Name' || g, 'City' from generate_series(1, $3) g`,
    [refList.id, provider.id, small],
  );
  const { linkGroups, relayGroup } = await seedSinkRelays(q, ctx.secret, user.id, ports);
  await q('analyze emails, email_lists');

  async function send(listId: number, count: number, during?: () => Promise<() => Promise<string>>) {
    const campaign = await one(
      `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id, offer_links_id,
         unsubscribe_links_id, pixel_links_id, relay_status, smtp_relay_group_id, status, user_id, start_date)
       values (${CampaignType.SMTP}, 'scale', 'Scale [name]', $1, array[$2::int], $3, $4, $5, $6, $7, 1, $8, 3, $9, now())
       returning id`,
      [listId, provider.id, message.id, offer.id, ...linkGroups, relayGroup, user.id],
    );
    await q('vacuum analyze campaign_counters');
    await q('checkpoint');
    const workers: ChildProcess[] = [await startWorker(ctx), await startWorker(ctx)];
    const before = await sinkCount();
    let t0 = performance.now();
    await prepareCampaign(ctx, campaign.id);
    const prepared = (performance.now() - t0) / 1000;
    const hits = await during?.(); // the hits start with the send
    t0 = performance.now();
    await campaignFinished(q, { id: campaign.id, type: CampaignType.SMTP }, { stallSeconds: 120 });
    const seconds = (performance.now() - t0) / 1000;
    const rss = workers.map((w) => hwm(w.pid));
    await Promise.all(workers.map(stopChild));
    const k = await one(
      `select delivered from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
      [campaign.id],
    );
    const accepted = (await sinkCount()) - before;
    if (k.delivered !== count || accepted !== count)
      throw new Error(`sent ${count}: delivered ${k.delivered}, sinks accepted ${accepted}`);
    const rate = count / seconds;
    log(
      `  ${n(count)} recipients by 2 workers${during ? ' while the tracker takes hits' : ''}: prepare ${prepared.toFixed(1)} s, ` +
        `sent in ${seconds.toFixed(1)} s = ${n(rate)} messages/s; sinks accepted ${n(accepted)}; workers' peak RSS ${rss.join(' / ')} MB`,
    );
    if (hits) log(`  ${await hits()}`);
    return { id: campaign.id as number, rate };
  }

  log(`send: SMTP campaigns to ${RELAYS} sinks (their own process), 2 worker processes`);
  const ref = await send(refList.id, small);
  // The hits: opens and clicks of the reference campaign's recipients (delivered, so every hit is recorded).
  const { rows: recipients } = await q(
    `select email_id as "emailId", relay_id as "relayId" from campaign_recipients where campaign_id = $1`,
    [ref.id],
  );
  const paths = Array.from({ length: Math.min(200_000, recipients.length * 4) }, (_, i) => {
    const r = recipients[Math.floor(Math.random() * recipients.length)]!;
    const uuid = encodeTrackingId(ctx.secret, {
      campaignType: 'smtp',
      campaignId: ref.id,
      relayId: r.relayId,
      emailId: Number(r.emailId),
    });
    return i % 5 === 4 ? `/t/c/${uuid}/x` : `/t/o/${uuid}/p.gif`;
  });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-paths-'));
  onExit('the paths file', () => fs.rmSync(tmp, { recursive: true, force: true }));
  fs.writeFileSync(path.join(tmp, 'paths.json'), JSON.stringify(paths));
  const tracker = await startTracker(ctx);
  const rate = Math.max(50, Math.round(ref.rate / 10));
  const big = await send(list.id, total, async () => {
    // As many hits as `rate` a second over the send's expected time (at the reference's rate).
    const amount = Math.round((rate * total) / ref.rate);
    const load = spawnTracked('the hits', process.execPath, [
      fileURLToPath(new URL('../track/load.mjs', import.meta.url)),
      tracker.url,
      path.join(tmp, 'paths.json'),
      String(amount),
      '16',
      String(rate),
    ]);
    let out = '';
    load.stdout!.on('data', (d) => (out += d));
    const ended = new Promise<void>((resolve) => load.once('exit', () => resolve()));
    return async () => {
      await ended;
      const r = JSON.parse(out) as Record<'total' | 'duration' | '2xx' | '3xx' | '4xx' | '5xx' | 'errors', number> & {
        latency: { p50: number; p99: number };
      };
      return (
        `tracker: ${n(r.total)} hits at up to ${n(rate)}/s over ${r.duration.toFixed(1)} s (2xx ${n(r['2xx'])}, ` +
        `3xx ${n(r['3xx'])}, 4xx ${n(r['4xx'])}, 5xx ${n(r['5xx'])}, errors ${r.errors}), latency p50 ${r.latency.p50} / ` +
        `p99 ${r.latency.p99} ms; the tracker's peak RSS ${hwm(tracker.child.pid)} MB`
      );
    };
  });
  await stopChild(tracker.child);
  log(
    `  send rate at ${n(total)} with hits / at ${n(small)} without: ${(big.rate / ref.rate).toFixed(2)} ` +
      `(issue 42: within 10%, i.e. >= 0.90)`,
  );
  sinks.stdin!.end();
  await stopChild(sinks);
}
