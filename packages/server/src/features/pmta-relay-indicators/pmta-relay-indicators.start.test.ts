import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContext } from '../../bootstrap.ts';
import { loadEnv } from '../../env.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp } from '../../../test/harness.ts';

/*
 * Issue 22 §5: a fresh install gets its relay indicators when a worker starts, not at the first 02:00 run.
 * Issue 38 item 8: and a relay gets them when it is created or changed, without any process starting.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const indicators = async (relayId: number) =>
  (
    await t.ctx.db.$client.query<{ n: number }>(
      'select count(*)::int as n from pmta_relay_indicators where relay_id = $1 and mail_provider_id is null',
      [relayId],
    )
  ).rows[0]!.n;

describe('relay indicators at start', () => {
  it('are computed when a working process starts and there are none', async () => {
    const relay = await factories(t).pmtaRelay();
    expect(await indicators(relay.id)).toBe(0);
    // Another process of the console starts on this database (a worker, as an operator starts one).
    const env = loadEnv({
      DATA_DIR: t.dataDir,
      APP_SECRET: t.ctx.env.APP_SECRET!,
      LOG_LEVEL: 'silent',
      ROLE: 'worker',
    });
    const worker = await startContext(env, t.ctx.databaseUrl, { schedules: false });
    try {
      await eventually(async () => (await indicators(relay.id)) === 1, 30_000);
    } finally {
      await worker.stop();
    }
  });

  it('are computed when a relay is created and when it is changed, with no process starting', async () => {
    const make = factories(t);
    const owner = await t.user();
    const server = await make.pmtaServer({ owner });
    const group = await make.pmtaRelayGroup({ owner });
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/pmta_relays',
      payload: {
        group: group.id,
        pmtaServer: server.id,
        smtpHost: 'mta9.example.com',
        ip: '10.9.0.1',
        senderEmail: 'a@example.com',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const relay = res.json<{ id: number }>();
    await eventually(async () => (await indicators(relay.id)) === 1, 30_000);

    // Gone (as before any computation): an edit brings them back.
    await t.ctx.db.$client.query('delete from pmta_relay_indicators where relay_id = $1', [relay.id]);
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/pmta_relays/${relay.id}`,
      payload: {
        group: group.id,
        ip: '10.9.0.2',
        senderEmail: 'b@example.com',
        active: true,
        backoff: false,
        normalSpeed: 30,
        backoffSpeed: 300,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await eventually(async () => (await indicators(relay.id)) === 1, 30_000);
  });
});
