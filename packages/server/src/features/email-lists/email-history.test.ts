import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordHardBounces } from '../../suppression/bounced.ts';
import { addComplaintEmails } from '../../suppression/complaints.ts';
import { recordSoftBounces, resetSoftBounces, type SoftBounce } from '../../suppression/soft-bounces.ts';
import { addRecipients } from '../../tracking/test-helpers.ts';

/*
 * An address's history on an e-mail list's row (issue 39 section 4, decision 1480): each user sees the soft
 * bounces, complaint and last delivery of their own campaigns; an administrator sees everything; another
 * owner's events never show.
 */

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let owner: TestUser;
let assigned: TestUser;
let other: TestUser;
let listId: number;
let ownCampaign: { id: number; name: string };
let otherCampaign: { id: number; name: string; emailListId: number };
const X = 'x@hist.example';
const Y = 'y@hist.example';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
  owner = await t.user();
  assigned = await t.user();
  other = await t.user();
  listId = (await make.emailList({ owner, users: [assigned], emails: [X, Y] })).id;
  ownCampaign = await make.smtpCampaign({ owner, emailListId: listId, name: 'Own spring' });
  otherCampaign = await make.smtpCampaign({ owner: other, emails: [X, Y], name: 'Other spring' });
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const idOf = async (email: string, list = listId) =>
  (await q('select id from emails where email = $1 and email_list_id = $2', [email, list]))[0]!.id as number;
const history = (u: TestUser | null, emailId: number | string, list: number | string = listId) =>
  t.as(u, { method: 'GET', url: `/api/email_lists/${list}/emails/${emailId}/history` });
const soft = (email: string, campaignId: number, daysAgo: number, diagnostic: string): SoftBounce => ({
  email,
  reason: 'quota-issues',
  diagnostic,
  campaignId,
  relayId: null,
  at: ago(daysAgo),
});
const tx = <T>(f: (c: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<T>) => inTransaction(t.ctx.db, f);

describe('GET /api/email_lists/{id}/emails/{emailId}/history', () => {
  it("shows each user their own campaigns' events and an administrator all of them", async () => {
    await tx((c) =>
      recordSoftBounces(c, [
        soft(X, ownCampaign.id, 3, '452 4.2.2 own first'),
        soft(X, ownCampaign.id, 2, '452 4.2.2 own second'),
      ]),
    );
    await tx((c) => recordSoftBounces(c, [soft(X, otherCampaign.id, 1, '452 4.2.2 the other owner')]));
    await tx((c) =>
      addComplaintEmails(c, [
        { userId: other.id, email: X, source: 'report', at: ago(1), campaignId: otherCampaign.id, relayId: null },
      ]),
    );
    // Both campaigns delivered to X: the other owner's later.
    await addRecipients(t, { id: ownCampaign.id, emailListId: listId });
    await q(`update campaign_recipients set done_at = $2 where campaign_id = $1`, [ownCampaign.id, ago(5)]);
    await addRecipients(t, { id: otherCampaign.id, emailListId: otherCampaign.emailListId });
    const x = await idOf(X);

    const mine = await history(owner, x);
    expect(mine.statusCode).toBe(200);
    const h = mine.json().history;
    expect(mine.json().email).toBe(X);
    expect(h.softBounces).toEqual({
      count: 2,
      limit: 5,
      days: 30,
      last: { at: expect.any(String), reason: 'quota-issues', diagnostic: '452 4.2.2 own second' },
    });
    expect(h.complaints).toBe(0);
    expect(h.lastComplaint).toBeNull();
    expect(h.lastDelivery).toEqual({ at: expect.any(String), campaign: { id: ownCampaign.id, name: 'Own spring' } });
    expect(h.bounced).toBeNull();
    expect(JSON.stringify(mine.json())).not.toContain('other owner');

    const all = (await history(admin, x)).json().history;
    expect(all.softBounces.count).toBe(3);
    expect(all.softBounces.last.diagnostic).toBe('452 4.2.2 the other owner');
    expect(all.complaints).toBe(1);
    expect(all.lastComplaint).toEqual({ at: expect.any(String), source: 'report' });
    expect(all.lastDelivery.campaign).toEqual({ id: otherCampaign.id, name: 'Other spring' });

    // The list's assigned user reads the row, and sees none of the owner's nor the other owner's events.
    const theirs = await history(assigned, x);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().history).toMatchObject({
      softBounces: { count: 0, last: null },
      complaints: 0,
      lastComplaint: null,
      lastDelivery: null,
    });
  });

  it("shows a Bounced Emails entry to every user of the list, its reply only to its campaign's owner", async () => {
    await tx((c) =>
      recordHardBounces(c, [
        {
          email: Y,
          reason: 'bad-mailbox',
          diagnostic: '550 5.1.1 via other relay',
          campaignId: otherCampaign.id,
          relayId: null,
        },
      ]),
    );
    const y = await idOf(Y);
    const mine = (await history(owner, y)).json().history;
    expect(mine.bounced).toEqual({ at: expect.any(String), reason: 'bad-mailbox', diagnostic: null });
    const all = (await history(admin, y)).json().history;
    expect(all.bounced).toEqual({
      at: expect.any(String),
      reason: 'bad-mailbox',
      diagnostic: '550 5.1.1 via other relay',
    });
    const theirs = (await history(other, await idOf(Y, otherCampaign.emailListId), otherCampaign.emailListId)).json();
    expect(theirs.history.bounced.diagnostic).toBe('550 5.1.1 via other relay');
  });

  it('counts 0 for everyone once a delivery resets the soft bounces', async () => {
    await tx((c) => resetSoftBounces(c, [{ email: X }]));
    const x = await idOf(X);
    for (const u of [owner, admin]) {
      expect((await history(u, x)).json().history.softBounces).toEqual({ count: 0, limit: 5, days: 30, last: null });
    }
  });

  it("refuses another user's list, an e-mail of another list, bad ids and no token; nothing changes", async () => {
    const x = await idOf(X);
    const before = await q('select * from soft_bounces order by email');
    expect((await history(null, x)).statusCode).toBe(401);
    const stranger = await history(other, x);
    expect(stranger.statusCode).toBe(404);
    expect(JSON.stringify(stranger.json())).toContain('Email list not found.');
    const elsewhere = await history(owner, await idOf(X, otherCampaign.emailListId));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe('Email not found.');
    for (const [list, id] of [
      ['0x10', x],
      [listId, '1e3'],
      [listId, '-1'],
      [listId, String(2 ** 53)],
      ['2147483648', x],
      [listId, 'abc'],
    ] as const) {
      const res = await history(owner, id, list);
      expect(res.statusCode, `${list}/${id}`).toBe(422);
    }
    expect((await history(owner, 999_999_999)).statusCode).toBe(404);
    expect(await q('select * from soft_bounces order by email')).toEqual(before);
  });
});
