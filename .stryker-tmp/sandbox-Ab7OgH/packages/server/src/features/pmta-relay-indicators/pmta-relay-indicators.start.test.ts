// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContext } from '../../bootstrap.ts';
import { loadEnv } from '../../env.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, eventually, type TestApp } from '../../../test/harness.ts';

/* Issue 22 §5: a fresh install gets its relay indicators when a worker starts, not at the first 02:00 run. */

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
});
