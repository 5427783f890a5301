import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordComplaints } from '../tracking/complaints.ts';
import { recordEvents, type EventInput } from '../tracking/events.ts';
import { addRecipients } from '../tracking/test-helpers.ts';
import { pauseOnRates } from './rate-pause.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
  owner = await t.user();
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);

/** An active SMTP campaign of `n` recipients, each sent and delivered (or hard-bounced) as the engine records it. */
async function sentCampaign(n: number, hardBounced = 0) {
  const tag = Math.random().toString(36).slice(2, 8);
  const emails = Array.from({ length: n }, (_, i) => `r${i}@${tag}.rate.example`);
  const list = await make.emailList({ owner, emails });
  const c = await make.smtpCampaign({
    owner,
    emailListId: list.id,
    status: CampaignStatus.Active,
    name: `Rates ${tag}`,
  });
  const rows = await addRecipients(t, c);
  await q('update campaigns set prepared_at = now() where id = $1', [c.id]);
  const events: EventInput[] = rows.flatMap((r, i) => {
    const base = { campaignType: 'smtp' as const, campaignId: c.id, userId: owner.id, emailId: Number(r.emailId) };
    return [
      { ...base, kind: 'sent' as const },
      i < hardBounced
        ? { ...base, kind: 'bounced' as const, detail: 'bad-mailbox: 550 5.1.1 User unknown' }
        : { ...base, kind: 'delivered' as const },
    ];
  });
  await inTransaction(t.ctx.db, (client) => recordEvents(client, events));
  return { id: c.id, rows };
}
const complain = (campaignId: number, emailIds: number[]) =>
  inTransaction(t.ctx.db, (client) =>
    recordComplaints(
      client,
      emailIds.map((emailId) => ({ campaignId, emailId, source: 'report' as const })),
    ),
  );
const state = async (id: number) =>
  (await q('select status, pause_reason as "pauseReason" from campaigns where id = $1', [id]))[0];

describe('pausing a campaign by its complaint and hard-bounce rates', () => {
  it('pauses at the complaint threshold with the reason, shows it, tells the owner; a resume holds', async () => {
    const c = await sentCampaign(1000);
    const ids = c.rows.map((r) => Number(r.emailId));
    await complain(c.id, ids.slice(0, 3));
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([]); // 0.3% of 1000: on the line, not past it
    expect((await state(c.id)).status).toBe(CampaignStatus.Active);

    await complain(c.id, ids.slice(3, 4));
    const reason = 'Paused: the complaint rate 0.4% (4 complaints of 1000 delivered) passed the 0.3% limit.';
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([{ id: c.id, reason }]);
    expect(await state(c.id)).toEqual({ status: CampaignStatus.Paused, pauseReason: reason });
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([]); // paused once, told once
    const shown = await t.as(owner, { method: 'GET', url: `/api/smtp_campaigns/${c.id}` });
    expect(shown.json()).toMatchObject({ status: CampaignStatus.Paused, pauseReason: reason });
    expect(
      await q('select subject, message from notifications where user_id = $1 and message like $2', [
        owner.id,
        'Paused: the complaint%',
      ]),
    ).toEqual([{ subject: expect.stringMatching(/^Campaign "Rates \w+" paused$/), message: reason }]);

    // The owner resumes it on purpose: the same rates do not pause it again.
    const start = await t.as(owner, {
      method: 'POST',
      url: '/api/campaign_start',
      payload: { id: c.id, type: 'smtp' },
    });
    expect(start.statusCode, start.body).toBe(200);
    await complain(c.id, ids.slice(4, 10));
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([]);
    expect(await state(c.id)).toEqual({ status: CampaignStatus.Active, pauseReason: null });
  });

  it('waits for 1,000 delivered before judging the complaint rate', async () => {
    const c = await sentCampaign(200);
    await complain(
      c.id,
      c.rows.slice(0, 20).map((r) => Number(r.emailId)),
    );
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([]);
  });

  it('pauses at the hard-bounce threshold of its sent mail, after the minimum sent; the settings move the lines', async () => {
    const c = await sentCampaign(500, 26);
    const put = (payload: object) => t.as(admin, { method: 'PUT', url: '/api/bounce_settings', payload });
    const keep = { softBounceLimit: 5, softBounceDays: 30, infraPausePercent: 0 };
    // Raised to 6%: 5.2% stays under it.
    expect((await put({ ...keep, hardBouncePausePercent: 6 })).statusCode).toBe(200);
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([]);
    expect((await put({ ...keep, hardBouncePausePercent: 5 })).statusCode).toBe(200);
    expect(await pauseOnRates(t.ctx, [c.id])).toEqual([
      { id: c.id, reason: 'Paused: the hard-bounce rate 5.2% (26 hard bounces of 500 sent) passed the 5% limit.' },
    ]);
    // Fewer sent than the minimum: no judgement yet.
    const small = await sentCampaign(100, 50);
    expect(await pauseOnRates(t.ctx, [small.id])).toEqual([]);
    expect((await put({ ...keep, hardBouncePauseMinSent: 100 })).statusCode).toBe(200);
    expect(await pauseOnRates(t.ctx, [small.id])).toHaveLength(1);
    expect((await put({ ...keep, hardBouncePauseMinSent: 500 })).statusCode).toBe(200);
  });

  it('refuses bad thresholds with their messages, changing nothing', async () => {
    const keep = { softBounceLimit: 5, softBounceDays: 30, infraPausePercent: 0 };
    const before = (await t.as(admin, { method: 'GET', url: '/api/bounce_settings' })).json();
    const res = await t.as(admin, {
      method: 'PUT',
      url: '/api/bounce_settings',
      payload: {
        ...keep,
        complaintPausePercent: 0.123,
        complaintPauseMinDelivered: 0,
        hardBouncePausePercent: 101,
        hardBouncePauseMinSent: '5',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      complaintPausePercent: 'Complaint rate must be a percentage from 0 to 100 with at most two decimals.',
      complaintPauseMinDelivered: 'Delivered must be a whole number from 1 to 1000000.',
      hardBouncePausePercent: 'Hard-bounce rate must be a percentage from 0 to 100 with at most two decimals.',
      hardBouncePauseMinSent: 'Sent must be a whole number from 1 to 1000000.',
    });
    expect((await t.as(admin, { method: 'GET', url: '/api/bounce_settings' })).json()).toEqual(before);
    const ok = await t.as(admin, {
      method: 'PUT',
      url: '/api/bounce_settings',
      payload: { ...keep, complaintPausePercent: 0.25 },
    });
    expect(ok.json()).toMatchObject({ complaintPausePercent: 0.25 });
    await t.as(admin, { method: 'PUT', url: '/api/bounce_settings', payload: { ...keep, complaintPausePercent: 0.3 } });
  });
});
