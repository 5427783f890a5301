import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { inTransaction } from '../db/transaction.ts';
import { prepareCampaign } from '../sending/prepare.ts';
import { suppressBounced } from '../sending/suppress.ts';
import { recordComplaints, type ComplaintInput } from './complaints.ts';
import { addRecipients } from './test-helpers.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  owner = await t.user();
  other = await t.user();
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const complain = (inputs: ComplaintInput[]) => inTransaction(t.ctx.db, (client) => recordComplaints(client, inputs));
const counters = async (campaignId: number) =>
  (
    await q(
      `select complaints from campaign_counters where campaign_type = ${CampaignType.SMTP} and campaign_id = $1`,
      [campaignId],
    )
  )[0]?.complaints ?? 0;
const validOf = async (listId: number, email: string) =>
  (await q('select valid from emails where email_list_id = $1 and email = $2', [listId, email]))[0]?.valid;

describe('recordComplaints (one rule for PMTA records and ARF reports)', () => {
  it('records a complaint once per recipient and campaign, whichever source reports it, and counts it', async () => {
    const list = await make.emailList({ owner, emails: ['angry@cx.example', 'calm@cx.example'] });
    const c = await make.smtpCampaign({ owner, emailListId: list.id });
    const rows = await addRecipients(t, c);
    const angry = rows.find((r) => r.email === 'angry@cx.example')!;
    const at = new Date('2026-03-01T10:00:00Z');

    const first = await complain([
      { campaignId: c.id, emailId: Number(angry.emailId), at, source: 'report', relayId: 7 },
      // The same complaint twice in a batch, and by address from the other source.
      { campaignId: c.id, emailId: Number(angry.emailId), at, source: 'report' },
      { campaignId: c.id, email: 'ANGRY@cx.example', at, source: 'pmta' },
      // Nobody of the campaign, and a campaign that does not exist: ignored.
      { campaignId: c.id, email: 'stranger@cx.example', source: 'report' },
      { campaignId: 999_999, emailId: 1, source: 'report' },
    ]);
    expect(first).toEqual({
      recorded: 1,
      suppress: ['angry@cx.example'],
      campaigns: [{ type: CampaignType.SMTP, id: c.id }],
    });
    const again = await complain([{ campaignId: c.id, email: 'angry@cx.example', source: 'pmta' }]);
    expect(again).toEqual({ recorded: 0, suppress: [], campaigns: [] });

    expect(
      await q('select email_id, at, source, relay_id from campaign_complaints where campaign_id = $1', [c.id]),
    ).toEqual([{ email_id: Number(angry.emailId), at, source: 'report', relay_id: 7 }]);
    expect(await counters(c.id)).toBe(1);
    expect(
      await q(`select kind, email_id, relay_id, detail from events where campaign_id = $1 and kind = 8`, [c.id]),
    ).toEqual([{ kind: 8, email_id: Number(angry.emailId), relay_id: 7, detail: 'report' }]);
    // Per mail service and per relay (the daily rollup) too.
    expect(
      await q(`select sum(complaints)::int as n from campaign_provider_counters where campaign_id = $1`, [c.id]),
    ).toEqual([{ n: 1 }]);
    expect(
      await q(`select relay_id, sum(complaints)::int as n from event_rollup_daily where campaign_id = $1 group by 1`, [
        c.id,
      ]),
    ).toEqual([{ relay_id: 7, n: 1 }]);
    expect(
      await q('select user_id, email, source, campaign_id, count from complaint_emails where email = $1', [
        'angry@cx.example',
      ]),
    ).toEqual([{ user_id: owner.id, email: 'angry@cx.example', source: 'report', campaign_id: c.id, count: 1 }]);
  });

  it('suppresses the address in every list of the owner, and only the owner', async () => {
    const mine = await make.emailList({ owner, emails: ['sore@cy.example', 'fine@cy.example'] });
    const mineToo = await make.emailList({ owner, emails: ['sore@cy.example'] });
    const theirs = await make.emailList({ owner: other, emails: ['sore@cy.example'] });
    const c = await make.smtpCampaign({ owner, emailListId: mine.id });
    await addRecipients(t, c);
    const done = await complain([{ campaignId: c.id, email: 'sore@cy.example', source: 'pmta' }]);
    await suppressBounced(t.ctx, done.suppress);
    expect(await validOf(mine.id, 'sore@cy.example')).toBe(false);
    expect(await validOf(mineToo.id, 'sore@cy.example')).toBe(false);
    expect(await validOf(mine.id, 'fine@cy.example')).toBe(true);
    expect(await validOf(theirs.id, 'sore@cy.example')).toBe(true);
    const counter = await q('select id, valid_counter from email_lists where id = any($1) order by id', [
      [mine.id, mineToo.id, theirs.id],
    ]);
    expect(counter.map((r) => r.valid_counter)).toEqual([1, 0, 1]);

    // A new campaign of the owner leaves the address out, even from a list another user assigned to them;
    // one of the other user sends to it.
    const assigned = await make.emailList({
      owner: other,
      users: [owner],
      emails: ['sore@cy.example', 'ok@cy.example'],
    });
    const next = await make.smtpCampaign({ owner, emailListId: assigned.id });
    await prepareCampaign(t.ctx, next.id);
    expect(await q('select email from campaign_recipients where campaign_id = $1 order by email', [next.id])).toEqual([
      { email: 'ok@cy.example' },
    ]);
    const theirsNext = await make.smtpCampaign({ owner: other, emailListId: theirs.id });
    await prepareCampaign(t.ctx, theirsNext.id);
    expect(await q('select email from campaign_recipients where campaign_id = $1', [theirsNext.id])).toEqual([
      { email: 'sore@cy.example' },
    ]);
  });
});
