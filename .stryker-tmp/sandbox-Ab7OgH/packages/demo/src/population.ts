// @ts-nocheck
import http from 'node:http';
import type { Delivered } from './internet.ts';
import { chance } from './internet.ts';

/*
 * The recipients: each delivered message is read the way a mail client reads it (the links found in its
 * HTML and its List-Unsubscribe header) and some of its readers open it, click, buy, unsubscribe, at rates
 * close to a healthy commercial list. They only ever talk to loopback: whatever host a link names, the
 * connection goes to 127.0.0.1 on the link's port (the Host header keeps the name), so a link to a relay's
 * host on port 9999 reaches the demo's tracker.
 */

export const BEHAVIOUR = {
  /** Share of delivered recipients who open (load the pixel), some of them twice. */
  open: 0.22,
  reopen: 0.3,
  /** Share of openers who click the offer link. */
  click: 0.18,
  /** Share of clickers who buy (a postback to the console), and the amounts. */
  convert: 0.12,
  amounts: [12.5, 19.9, 24, 35, 49.99, 75],
  /** Share of openers who unsubscribe (one click, RFC 8058). */
  unsubscribe: 0.025,
  /** Seconds between delivery and the first action, at most. */
  delay: 90,
} as const;

export interface Conversion {
  /** The offer the landing page belongs to (`o` of the offer URL), and the click id the console gave. */
  offer: string;
  cid: string;
  sum: number;
}

export interface PopulationOptions {
  /** Where port 9999 (the PMTA relays' link port) really listens: the demo's tracker. */
  portMap: Record<number, number>;
  /** Reports a sale: the demo posts it back to the console (one function for every offer). */
  convert: (c: Conversion) => Promise<void>;
  /** Actions are delayed by up to `delay` seconds (0 in tests). */
  delaySeconds?: number;
}

export interface Population {
  receive(d: Delivered): void;
  stats: { received: number; opens: number; clicks: number; conversions: number; unsubscribes: number; errors: number };
  stop(): void;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });

/** One HTTP request to loopback, whatever the URL's host: the status and the Location header. */
export function loopbackRequest(
  url: string,
  portMap: Record<number, number>,
  init: { method?: string; body?: string; contentType?: string } = {},
): Promise<{ status: number; location?: string }> {
  const u = new URL(url);
  if (u.protocol !== 'http:') return Promise.reject(new Error(`not followed: ${u.protocol}`));
  const port = Number(u.port || 80);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: portMap[port] ?? port,
        method: init.method ?? 'GET',
        path: u.pathname + u.search,
        agent,
        headers: {
          host: u.host,
          'user-agent':
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
          ...(init.body !== undefined ? { 'content-type': init.contentType ?? 'text/plain' } : {}),
        },
        timeout: 15_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The links a mail client sees: the pixel (an <img>), the offer and unsubscribe links (tracked paths). */
export function linksOf(d: Delivered): { pixel?: string; offer?: string; unsubscribe?: string } {
  const html = typeof d.mail.html === 'string' ? d.mail.html : '';
  const srcs = [...html.matchAll(/<img[^>]+src="([^"]+)"/gi)].map((m) => m[1]!);
  const hrefs = [...html.matchAll(/<a[^>]+href="([^"]+)"/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const header = d.mail.headers.get('list-unsubscribe') as { url?: string } | string | undefined;
  const fromHeader = typeof header === 'string' ? /<(http[^>]+)>/.exec(header)?.[1] : header?.url;
  return {
    pixel: srcs.find((s) => s.includes('/t/o/')),
    offer: hrefs.find((h) => h.includes('/t/c/')),
    unsubscribe: fromHeader ?? hrefs.find((h) => h.includes('/t/u/')),
  };
}

export function startPopulation(o: PopulationOptions): Population {
  const stats = { received: 0, opens: 0, clicks: 0, conversions: 0, unsubscribes: 0, errors: 0 };
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (seconds: number, f: () => Promise<void>) => {
    if (stopped) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) f().catch(() => stats.errors++);
    }, seconds * 1000);
    timers.add(t);
  };
  const delay = o.delaySeconds ?? BEHAVIOUR.delay;

  const act = async (rcpt: string, links: ReturnType<typeof linksOf>) => {
    const get = (url: string) => loopbackRequest(url, o.portMap);
    if (links.pixel) {
      await get(links.pixel);
      stats.opens++;
      if (chance(rcpt, 'reopen') < BEHAVIOUR.reopen)
        later(Math.random() * delay, async () => void (await get(links.pixel!)));
    }
    if (links.unsubscribe && chance(rcpt, 'unsubscribe') < BEHAVIOUR.unsubscribe) {
      await loopbackRequest(links.unsubscribe, o.portMap, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        contentType: 'application/x-www-form-urlencoded',
      });
      stats.unsubscribes++;
      return;
    }
    if (!links.offer || chance(rcpt, 'click') >= BEHAVIOUR.click) return;
    const click = await get(links.offer);
    stats.clicks++;
    if (!click.location || chance(rcpt, 'convert') >= BEHAVIOUR.convert) return;
    const landing = new URL(click.location, 'http://localhost');
    const cid = landing.searchParams.get('cid');
    const offer = landing.searchParams.get('o');
    if (!cid || !offer) return;
    const sum = BEHAVIOUR.amounts[Math.floor(chance(rcpt, 'amount') * BEHAVIOUR.amounts.length)]!;
    later(Math.random() * delay, async () => {
      await o.convert({ offer, cid, sum });
      stats.conversions++;
    });
  };

  return {
    stats,
    receive(d) {
      stats.received++;
      if (chance(d.rcpt, 'open') >= BEHAVIOUR.open) return;
      const links = linksOf(d);
      later(Math.random() * delay, () => act(d.rcpt, links));
    },
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      agent.destroy();
    },
  };
}
