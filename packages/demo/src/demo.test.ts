import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from './api.ts';
import { chance, RATES, startReceiver, type Receiver } from './internet.ts';
import { BEHAVIOUR, linksOf, openRate, startPopulation, type Conversion, type Population } from './population.ts';
import { postback } from './postback.ts';

/*
 * The demo's internet and recipients against real peers on loopback: mail over SMTP to the receiver, the
 * recipients' requests to an HTTP server standing in for the tracker.
 */

let tracker: http.Server;
let trackerPort: number;
const requests: string[] = [];
let receiver: Receiver;
let population: Population;
const sales: Conversion[] = [];

beforeAll(async () => {
  tracker = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.headers.host} ${req.url}`);
    if (req.url?.startsWith('/t/c/')) {
      res.writeHead(302, { location: `http://localhost/?o=solar&cid=${req.url.split('/')[3]}` });
      return res.end();
    }
    res.end('ok');
  });
  await new Promise<void>((r) => tracker.listen(0, '127.0.0.1', r));
  trackerPort = (tracker.address() as AddressInfo).port;
  population = startPopulation({
    portMap: { 9999: trackerPort },
    delaySeconds: 0,
    convert: async (c) => void sales.push(c),
  });
  receiver = await startReceiver(0, (d) => population.receive(d));
});

afterAll(async () => {
  population.stop();
  await receiver.close();
  await new Promise((r) => tracker.close(r));
});

const html = (id: string) =>
  `<p>Hi</p><a href="http://mta1.pmta-1.localhost:9999/t/c/${id}/xyz">Offer</a>` +
  `<img src="http://mta1.pmta-1.localhost:9999/t/o/${id}/abc" width="1" height="1">`;

describe('the receiver and the recipients', () => {
  it('bounces, defers once and accepts by address; the recipients follow the links on loopback', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    const addresses = Array.from({ length: 200 }, (_, i) => `reader${i}@gmail.com`);
    const outcomes = { accepted: 0, deferred: 0, bounced: 0 };
    const one = async (i: number, to: string) => {
      const send = () =>
        transport.sendMail({
          from: 'news@mta1.pmta-1.localhost',
          to,
          subject: 'Hello',
          html: html(`u${i}`),
          headers: { 'List-Unsubscribe': `<http://mta1.pmta-1.localhost:9999/t/u/u${i}>` },
        });
      try {
        await send();
        outcomes.accepted++;
      } catch (e) {
        // nodemailer's message holds the reply ('Can't send mail - all recipients were rejected: 550 ...').
        const code = Number(/\b([45]\d\d) \d\.\d/.exec((e as Error).message)?.[1]);
        if (code === 421) {
          outcomes.deferred++;
          await send(); // the next attempt is accepted
          outcomes.accepted++;
        } else {
          expect(code).toBe(550);
          expect((e as Error).message).toContain('The email account that you tried to reach does not exist');
          outcomes.bounced++;
        }
      }
    };
    for (const [i, to] of addresses.entries()) await one(i, to);
    transport.close();
    const expected = (purpose: string, rate: number) => addresses.filter((a) => chance(a, purpose) < rate);
    expect(outcomes.bounced).toBe(expected('bounce', RATES.bounce).length);
    expect(outcomes.deferred).toBe(
      addresses.filter((a) => chance(a, 'bounce') >= RATES.bounce && chance(a, 'defer') < RATES.defer).length,
    );
    expect(outcomes.accepted).toBe(addresses.length - outcomes.bounced);
    expect(receiver.counts.accepted).toBe(outcomes.accepted);

    // Opens, clicks (with the Host header of the link), sales with the click id; all to 127.0.0.1.
    const delivered = addresses.filter((a) => chance(a, 'bounce') >= RATES.bounce);
    const openers = delivered.filter((a) => chance(a, 'open') < openRate(a));
    const clickers = openers.filter(
      (a) => chance(a, 'unsubscribe') >= BEHAVIOUR.unsubscribe && chance(a, 'click') < BEHAVIOUR.click,
    );
    const buyers = clickers.filter((a) => chance(a, 'convert') < BEHAVIOUR.convert);
    expect(openers.length).toBeGreaterThan(20);
    expect(clickers.length).toBeGreaterThan(3);
    const distinct = (part: string) =>
      new Set(requests.filter((r) => r.includes(part)).map((r) => r.split('/')[3])).size;
    await expect.poll(() => distinct('/t/o/'), { timeout: 20_000 }).toBe(openers.length);
    await expect.poll(() => distinct('/t/c/'), { timeout: 20_000 }).toBe(clickers.length);
    await expect.poll(() => sales.length, { timeout: 20_000 }).toBe(buyers.length);
    expect(requests.every((r) => r.includes('mta1.pmta-1.localhost:9999'))).toBe(true);
    for (const sale of sales) expect(sale).toMatchObject({ offer: 'solar', cid: expect.stringMatching(/^u\d+$/) });
  }, 90_000);
});

describe('postback', () => {
  const api = (offer: unknown) => ({ get: async () => offer }) as unknown as Api;

  it("uses the offer's postbackUrl when the console gives one", async () => {
    const before = requests.length;
    const url = `http://localhost:${trackerPort}/postback?key=k1&cid={cid}&sum={sum}`;
    await postback({
      api: api({ postbackUrl: url }),
      baseUrl: 'http://x',
      portMap: {},
      offerId: 1,
      cid: 'a b',
      sum: 12.5,
    });
    expect(requests.slice(before).filter((r) => r.includes('/postback'))).toEqual([
      `GET localhost:${trackerPort} /postback?key=k1&cid=a%20b&sum=12.5`,
    ]);
  });

  it('falls back to /postback?cid=&sum= without one', async () => {
    const before = requests.length;
    await postback({
      api: api({}),
      baseUrl: `http://localhost:${trackerPort}`,
      portMap: {},
      offerId: 2,
      cid: 'c1',
      sum: 20,
    });
    expect(requests.slice(before).filter((r) => r.includes('/postback'))).toEqual([
      `GET localhost:${trackerPort} /postback?cid=c1&sum=20`,
    ]);
  });
});

describe('what a mail client loads', () => {
  it("finds the pixel as an <img> and as the CSS background the console uses when it is the message's only image", () => {
    const mail = (html: string) => ({ rcpt: 'a@gmail.com', mail: { html, headers: new Map() } }) as never;
    const url = 'http://mta1.pmta-1.localhost:9999/t/o/u1/k.gif?a=1&b=2';
    expect(linksOf(mail(`<img src="${url.replace('&', '&amp;')}" width="1">`)).pixel).toBe(url);
    expect(
      linksOf(mail(`<div style="width:1px;background-image:url('${url.replace('&', '&amp;')}')"></div>`)).pixel,
    ).toBe(url);
  });

  it('opens more at Gmail than at an old ISP address, never all or nothing', () => {
    expect(openRate('x@gmail.com')).toBeGreaterThan(openRate('x@comcast.net'));
    for (const d of ['gmail.com', 'yahoo.com', 'outlook.com', 'unknown.example'])
      expect(openRate(`x@${d}`)).toBeGreaterThan(0.1);
    expect(BEHAVIOUR.click).toBeLessThan(1);
    expect(BEHAVIOUR.convert).toBeLessThan(1);
  });
});
