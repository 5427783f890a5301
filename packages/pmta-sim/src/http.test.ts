import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_PATH } from './sim.ts';
import { TEST_CONFIG, eventually, inject, tempSim } from './testing.ts';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

const get = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.text() };
};

describe('the HTTP management interface', () => {
  it('answers /status, /queues and /vmtas in XML and honours http-access', async () => {
    const s = await tempSim({ config: TEST_CONFIG, timeScale: 1 });
    cleanup = s.cleanup;
    await s.command(['pause', 'queue', 'example.com/v1']);
    await inject(s.smtpPort, { to: ['a@example.com', 'b@example.com'], vmta: 'v1' });

    const status = await get(s.httpPort, '/status?format=xml');
    expect(status.status).toBe(200);
    expect(status.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rsp><data>/);
    expect(status.body).toContain('<total><in><rcp>2</rcp><msg>1</msg>');
    expect(status.body).toContain('<queue><smtp><rcp>2</rcp><dom>1</dom>');

    const queues = await get(s.httpPort, '/queues?format=xml');
    expect(queues.body).toContain(
      '<queue><name>example.com/v1</name><domain>example.com</domain><vmta>v1</vmta><rcp>2</rcp><kb>1</kb><conn>0</conn><paused>true</paused><mode>normal</mode><modeSince></modeSince><backoffReason></backoffReason><retryTime></retryTime><lastError></lastError><deliveredLastHour>0</deliveredLastHour><deferredLastHour>0</deferredLastHour><errors></errors></queue>',
    );
    const vmtas = await get(s.httpPort, '/vmtas?format=xml');
    expect(vmtas.body).toContain(
      '<vmta><name>v1</name><sourceIp>10.1.1.1</sourceIp><hostName>mta1.example.com</hostName><pools><pool>group-1</pool></pools><rcp>2</rcp><conn>0</conn><paused>true</paused></vmta>',
    );
    expect((await get(s.httpPort, '/nothing')).status).toBe(404);

    const file = join(s.root, CONFIG_PATH);
    writeFileSync(file, TEST_CONFIG.replace('http-access 127.0.0.1 monitor', 'http-access 10.0.0.0/8 admin'));
    expect((await s.command(['reload'])).code).toBe(0);
    expect(await get(s.httpPort, '/status?format=xml')).toEqual({ status: 403, body: '403 access denied\n' });
    writeFileSync(
      file,
      TEST_CONFIG.replace('http-access 127.0.0.1 monitor', 'http-access 0/0 monitor\nhttp-access 127.0.0.1 none'),
    );
    expect((await s.command(['reload'])).code).toBe(0);
    expect((await get(s.httpPort, '/status?format=xml')).status).toBe(403);
    writeFileSync(file, TEST_CONFIG.replace('http-access 127.0.0.1 monitor', 'http-access 127.0.0.0/8 admin'));
    expect((await s.command(['reload'])).code).toBe(0);
    expect((await get(s.httpPort, '/vmtas?format=xml')).status).toBe(200);
  });

  it('tells a queue’s backoff, its reply and the last hour’s counts, on /queues, /domains and `pmta show`', async () => {
    const s = await tempSim({
      config: TEST_CONFIG,
      timeScale: 60,
      outcomes: [{ match: 'slow.example', result: 'deferred', reply: '421 4.7.0 SERVICE NOT AVAILABLE try later' }],
    });
    cleanup = s.cleanup;
    await inject(s.smtpPort, { to: ['a@slow.example', 'b@slow.example'], vmta: 'v1' });
    await inject(s.smtpPort, { to: ['c@fast.example'], vmta: 'v2' });
    await eventually(() => expect(s.queues.select('slow.example/v1')[0]?.mode).toBe('backoff'));
    await eventually(() => expect(s.queues.select('fast.example/v2')[0]?.messages.length).toBe(0));

    const queues = (await get(s.httpPort, '/queues?format=xml')).body;
    const slow = /<queue><name>slow.example\/v1<\/name>.*?<\/queue>/.exec(queues)![0];
    expect(slow).toContain('<rcp>2</rcp>');
    expect(slow).toContain('<mode>backoff</mode><modeSince>20');
    expect(slow).toContain('<backoffReason>421 4.7.0 SERVICE NOT AVAILABLE try later</backoffReason>');
    expect(slow).toContain('<lastError>421 4.7.0 SERVICE NOT AVAILABLE try later</lastError>');
    expect(slow).toMatch(/<deliveredLastHour>0<\/deliveredLastHour><deferredLastHour>[12]<\/deferredLastHour>/);
    expect(queues).toMatch(/<name>fast.example\/v2<\/name>.*?<deliveredLastHour>1<\/deliveredLastHour>/);

    expect((await get(s.httpPort, '/domains?format=xml')).body).toContain(
      '<domain><name>slow.example</name><rcp>2</rcp><kb>1</kb><queues>1</queues></domain><domain><name>fast.example</name><rcp>0</rcp>',
    );
    const shown = (await s.command(['show', 'queues'])).stdout.split('\n');
    expect(shown[0]).toMatch(
      /^queue +rcpt +kB +conn +paused +mode +mode-since +next-retry +dlv-1h +dfr-1h +last-error$/,
    );
    expect(shown.find((l) => l.startsWith('slow.example/v1'))).toMatch(
      /^slow.example\/v1 +2 +1 +0 +no +backoff +20\S+Z +\S+ +0 +[12] +421 4.7.0 SERVICE NOT AVAILABLE try later$/,
    );
    expect((await s.command(['show', 'topdomains', '--n=1'])).stdout).toBe(
      'domain        rcpt  kB  queues\nslow.example  2     1   1\n',
    );
  });
});
