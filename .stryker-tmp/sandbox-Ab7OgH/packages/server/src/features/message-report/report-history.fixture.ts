// @ts-nocheck
import type { TrackingCampaignType } from '@console/shared/tracking';
import type { TestApp, TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { inTransaction } from '../../db/transaction.ts';
import { seededRng, pick } from '../../sending/render/random.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { CampaignType } from '@console/shared/enums';

/*
 * A known history for the message, mail-service and e-mail-list reports (decision 0918): two ordinary
 * users and an administrator; messages used by several campaigns of both kinds, archived and current,
 * one used by a campaign that never sent and one never used; lists shared by several campaigns; SMTP and
 * PMTA relays; four mail services and events without one; conversions with amounts; events on both sides
 * of day (23:59:59 / 00:00:00 UTC), week (Sunday / Monday) and month (Jan / Feb / Mar) boundaries. Every
 * event goes through recordEvents, so the rollups are the ones production keeps; the tests count the
 * `events` table directly for the expected figures.
 */

/** The days with events (UTC): 2026-02-01 is a Sunday, 2026-02-02 a Monday, 2026-03-01 a Sunday. */
export const HISTORY_DAYS = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02', '2026-02-27', '2026-03-01'];

export async function buildHistory(t: TestApp) {
  const f = factories(t);
  const a = await t.user({ username: 'alice' });
  const b = await t.user({ username: 'bob' });
  const admin = await t.user({ admin: true });
  const provider = async (name: string) =>
    (await t.ctx.db.$client.query<{ id: number }>('select id from mail_providers where name = $1', [name])).rows[0]!.id;
  const providers = [
    await provider('Gmail'),
    await provider('Yahoo'),
    await provider('Outlook'),
    await provider('AOL'),
  ];

  const messages = {
    aCurrent: await f.message({ owner: a, name: 'Spring sale' }),
    aArchived: await f.message({ owner: a, name: 'Winter sale', archived: true }),
    aSilent: await f.message({ owner: a, name: 'Never sent' }),
    aUnused: await f.message({ owner: a, name: 'Draft only' }),
    bCurrent: await f.message({ owner: b, name: 'Bob news' }),
  };
  const lists = {
    a1: await f.emailList({ owner: a, name: 'Alice main' }),
    a2: await f.emailList({ owner: a, name: 'Alice extra' }),
    b1: await f.emailList({ owner: b, name: 'Bob list' }),
  };
  const smtpRelays = { a: await f.smtpRelay({ owner: a }), b: await f.smtpRelay({ owner: b }) };
  const pmtaRelays = { a: await f.pmtaRelay({ owner: a }), b: await f.pmtaRelay({ owner: b }) };

  const smtp = (owner: TestUser, messageId: number, emailListId: number) =>
    f.smtpCampaign({ owner, messageId, emailListId });
  const pmta = (owner: TestUser, messageId: number, emailListId: number) =>
    f.pmtaCampaign({ owner, messageId, emailListId });
  const campaigns = {
    a1: await smtp(a, messages.aCurrent.id, lists.a1.id),
    a2: await pmta(a, messages.aCurrent.id, lists.a2.id),
    a3: await smtp(a, messages.aArchived.id, lists.a1.id),
    a4: await pmta(a, messages.aArchived.id, lists.a1.id),
    a5: await pmta(a, messages.aSilent.id, lists.a2.id),
    b1: await smtp(b, messages.bCurrent.id, lists.b1.id),
    b2: await pmta(b, messages.bCurrent.id, lists.b1.id),
  };

  /** Each sending campaign's recipients on its days: sent, then delivered or bounced, opens, clicks, conversions. */
  const plan: { c: (typeof campaigns)[keyof typeof campaigns]; relay: number; days: string[]; n: number }[] = [
    { c: campaigns.a1, relay: smtpRelays.a.id, days: HISTORY_DAYS.slice(0, 4), n: 14 },
    { c: campaigns.a2, relay: pmtaRelays.a.id, days: HISTORY_DAYS.slice(1, 6), n: 12 },
    { c: campaigns.a3, relay: smtpRelays.a.id, days: [HISTORY_DAYS[0]!, HISTORY_DAYS[4]!], n: 10 },
    { c: campaigns.a4, relay: pmtaRelays.a.id, days: [HISTORY_DAYS[2]!, HISTORY_DAYS[3]!], n: 9 },
    { c: campaigns.b1, relay: smtpRelays.b.id, days: HISTORY_DAYS.slice(0, 3), n: 11 },
    { c: campaigns.b2, relay: pmtaRelays.b.id, days: HISTORY_DAYS.slice(2, 6), n: 13 },
  ];
  const rng = seededRng(918);
  const events: EventInput[] = [];
  let emailId = 1;
  for (const { c, relay, days, n } of plan) {
    const campaignType: TrackingCampaignType = c.type === CampaignType.SMTP ? 'smtp' : 'pmta';
    for (const day of days) {
      for (let i = 0; i < n; i++) {
        const mailProviderId = providers[pick(rng, providers.length)]!;
        // Some recipients just before midnight, some just after: both sides of the day boundary.
        const at = (s: string) => new Date(`${day}T${s}Z`);
        const base = { campaignType, campaignId: c.id, userId: c.userId, relayId: relay, mailProviderId, emailId };
        events.push({ ...base, kind: 'sent', at: at(i % 3 === 0 ? '00:00:00' : '10:00:00') });
        const delivered = pick(rng, 5) > 0;
        events.push({ ...base, kind: delivered ? 'delivered' : 'bounced', at: at('10:00:05') });
        if (delivered && pick(rng, 3) > 0) {
          events.push({ ...base, kind: 'open', first: true, at: at('12:00:00') });
          if (pick(rng, 2)) events.push({ ...base, kind: 'open', first: false, at: at('13:00:00') });
          if (pick(rng, 2)) {
            events.push({ ...base, kind: 'click', first: true, at: at('23:59:59') });
            if (pick(rng, 2)) events.push({ ...base, kind: 'click', first: false, at: at('23:59:59') });
            if (pick(rng, 3) === 0) {
              events.push({ ...base, kind: 'conversion', amountCents: 150 + pick(rng, 4000), at: at('23:59:59') });
            }
          }
        }
        emailId++;
      }
    }
  }
  // A conversion that carries no mail service (mail_provider_id 0: the 'Unknown' row), and a late open.
  const lost = { campaignType: 'pmta' as const, campaignId: campaigns.a2.id, userId: a.id, relayId: pmtaRelays.a.id };
  events.push({ ...lost, kind: 'conversion', amountCents: 999, at: new Date('2026-02-02T00:00:00Z') });
  events.push({ ...lost, kind: 'open', first: true, at: new Date('2026-02-02T00:00:01Z') });
  // Written in several batches, as the engine and the trackers would.
  for (let i = 0; i < events.length; i += 97) {
    await inTransaction(t.ctx.db, (client) => recordEvents(client, events.slice(i, i + 97)));
  }
  return { a, b, admin, providers, messages, lists, campaigns, events: events.length };
}

export type History = Awaited<ReturnType<typeof buildHistory>>;
