import type http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { startMetrics } from './metrics.ts';

/** Issue 37: /metrics answered anyone on 0.0.0.0. It listens on METRICS_HOST and may ask for a bearer token. */
let server: http.Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

const start = async (env: Record<string, string>) => {
  server = await startMetrics(loadEnv({ METRICS_PORT: '0', ...env }));
  return server!.address() as net.AddressInfo;
};
const scrape = (a: net.AddressInfo, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${a.port}/metrics`, { headers });

describe('/metrics', () => {
  it('is off without METRICS_PORT', async () => {
    expect(await startMetrics(loadEnv({}))).toBeUndefined();
  });

  it('listens on 127.0.0.1 by default, whatever HOST says', async () => {
    const a = await start({ HOST: '0.0.0.0' });
    expect(a.address).toBe('127.0.0.1');
    const res = await scrape(a);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('console_messages_total');
  });

  it('listens on METRICS_HOST when given', async () => {
    expect((await start({ METRICS_HOST: '0.0.0.0' })).address).toBe('0.0.0.0');
  });

  it('asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const token = 'a-long-enough-metrics-token';
    const a = await start({ METRICS_TOKEN: token });
    const none = await scrape(a);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.text()).not.toContain('console_');
    expect((await scrape(a, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await scrape(a, { authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await scrape(a, { authorization: token })).status).toBe(401);
    const ok = await scrape(a, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('console_messages_total');
  });

  it('refuses a short METRICS_TOKEN at start', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
