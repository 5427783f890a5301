import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftBounceMessages as M } from '@console/shared/bounced-emails';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { expectAccess } from '../../../test/access.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordSoftBounces, resetSoftBounces, type SoftBounce } from '../../suppression/soft-bounces.ts';

/*
 * Soft bounces (issue 39, decision 1361): the window of N within D days, the reset by a delivery, and the
 * administrators' settings route.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const settings = (payload?: object, u: TestUser = admin) =>
  t.as(u, { method: payload ? 'PUT' : 'GET', url: '/api/bounce_settings', payload });
const DAY = 86_400_000;
const RATES = {
  complaintPausePercent: 0.3,
  complaintPauseMinDelivered: 1000,
  hardBouncePausePercent: 5,
  hardBouncePauseMinSent: 500,
};
const soft = (email: string, daysAgo: number): SoftBounce => ({
  email,
  reason: 'quota-issues',
  diagnostic: '552 5.2.2 Mailbox full',
  campaignId: 0,
  relayId: null,
  at: new Date(Date.now() - daysAgo * DAY),
});
const record = (b: SoftBounce[]) => inTransaction(t.ctx.db, (client) => recordSoftBounces(client, b));
const count = async (email: string) =>
  ((await q('select cardinality(bounces)::int as n from soft_bounces where email = $1', [email]))[0]?.n as number) ?? 0;
const suppressed = async (email: string) =>
  (await q('select 1 from bounced_emails where email = $1', [email])).length === 1;

describe('the soft-bounce settings', () => {
  it('start at 5 within 30 days; administrators change them, with the messages of bad values', async () => {
    const first = await settings();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ softBounceLimit: 5, softBounceDays: 30, infraPausePercent: 0, ...RATES });
    const bad = await settings({ softBounceLimit: 0, softBounceDays: 366, infraPausePercent: 101 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toEqual({
      softBounceLimit: M.limitInvalid,
      softBounceDays: M.daysInvalid,
      infraPausePercent: M.pauseInvalid,
    });
    const wrongType = await settings({ softBounceLimit: '3', softBounceDays: 1.5, infraPausePercent: -1 });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().error).toEqual({
      softBounceLimit: M.limitInvalid,
      softBounceDays: M.daysInvalid,
      infraPausePercent: M.pauseInvalid,
    });
    for (const payload of ['x', [], {}]) {
      const res = await t.as(admin, { method: 'PUT', url: '/api/bounce_settings', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const ok = await settings({ softBounceLimit: 3, softBounceDays: 10, infraPausePercent: 20 });
    expect(ok.statusCode).toBe(200);
    // A body without the campaign pause thresholds (decision 1391) keeps them.
    expect(ok.json()).toEqual({ softBounceLimit: 3, softBounceDays: 10, infraPausePercent: 20, ...RATES });
    expect((await settings()).json()).toEqual({
      softBounceLimit: 3,
      softBounceDays: 10,
      infraPausePercent: 20,
      ...RATES,
    });
  });

  it('are for administrators only', async () => {
    await expectAccess(t, { method: 'GET', url: '/api/bounce_settings', admin: true });
    const payload = { softBounceLimit: 9, softBounceDays: 9, infraPausePercent: 9 };
    await expectAccess(t, { method: 'PUT', url: '/api/bounce_settings', admin: true, payload });
    expect((await settings()).json()).not.toEqual(payload); // the refusals changed nothing
  });
});

describe('counting soft bounces', () => {
  beforeAll(async () => {
    expect((await settings({ softBounceLimit: 3, softBounceDays: 10, infraPausePercent: 0 })).statusCode).toBe(200);
  });

  it('suppresses at the limit within the window; older bounces fall out of it', async () => {
    // 3 bounces, but the first 12 days before the last: only 2 within 10 days.
    expect(await record([soft('win@soft.example', 14), soft('win@soft.example', 5)])).toEqual([]);
    expect(await record([soft('win@soft.example', 2)])).toEqual([]);
    expect(await count('win@soft.example')).toBe(2);
    expect(await suppressed('win@soft.example')).toBe(false);
    // A third within 10 days: suppressed, the soft row gone, the story in the diagnostic.
    expect(await record([soft('win@soft.example', 0)])).toEqual(['win@soft.example']);
    expect(await count('win@soft.example')).toBe(0);
    expect(await q('select reason, diagnostic from bounced_emails where email = $1', ['win@soft.example'])).toEqual([
      { reason: 'quota-issues', diagnostic: '3 soft bounces without a delivery; the last: 552 5.2.2 Mailbox full' },
    ]);
    // Three in one batch count as three.
    expect(await record([0, 1, 2].map((d) => soft('batch@soft.example', d)))).toEqual(['batch@soft.example']);
  });

  it('forgets the bounces before a delivery, not those after it', async () => {
    await record([soft('kept@soft.example', 4), soft('kept@soft.example', 1)]);
    await inTransaction(t.ctx.db, (client) =>
      resetSoftBounces(client, [{ email: 'kept@soft.example', at: new Date(Date.now() - 2 * DAY) }]),
    );
    expect(await count('kept@soft.example')).toBe(1);
    await inTransaction(t.ctx.db, (client) => resetSoftBounces(client, [{ email: 'kept@soft.example' }]));
    expect(await q('select email from soft_bounces where email = $1', ['kept@soft.example'])).toEqual([]);
    expect(await record([soft('kept@soft.example', 0)])).toEqual([]);
    expect(await count('kept@soft.example')).toBe(1);
  });
});
