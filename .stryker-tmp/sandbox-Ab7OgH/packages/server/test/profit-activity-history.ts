// @ts-nocheck
import { EventKind } from '@console/shared/enums';
import { inTransaction } from '../src/db/transaction.ts';
import { recordEvents, type EventInput } from '../src/tracking/events.ts';
import { factories } from './factories.ts';
import type { TestApp, TestUser } from './harness.ts';

/*
 * A known history for the Profit and Activity reports (decision 0917): two users, each with an SMTP and a
 * PMTA campaign sending through relays of their kind to several mail services; events at the edges of
 * UTC days, weeks (Sunday 23:59:59 / Monday 00:00:00) and months (and the year), written through
 * recordEvents like the engines and trackers do. Tests count the expected figures from `events`.
 */

/** The moments of the history (UTC). 2026-04-05 is a Sunday, 2026-04-06 a Monday. */
export const MOMENTS = [
  '2025-12-31T23:59:59Z',
  '2026-01-01T00:00:00Z',
  '2026-03-31T23:59:59Z',
  '2026-04-01T00:00:00Z',
  '2026-04-01T11:15:00Z',
  '2026-04-05T23:59:59Z',
  '2026-04-06T00:00:00Z',
  '2026-04-06T13:30:00Z',
  '2026-04-09T08:00:00Z',
] as const;
/** A day with sends and deferrals only: nothing to show in either report. */
export const QUIET_DAY = '2026-04-03';
const COUNTRIES = ['GB', 'DE', null, 'US', 'Moldova'] as const;

export interface History {
  admin: TestUser;
  alice: TestUser;
  bob: TestUser;
  /** alice's SMTP and PMTA campaigns, bob's SMTP and PMTA campaigns (bob's PMTA one never converts). */
  campaigns: { id: number; type: 'smtp' | 'pmta'; name: string; owner: TestUser }[];
  events: EventInput[];
}

export async function buildHistory(t: TestApp): Promise<History> {
  const f = factories(t);
  const admin = await t.user({ admin: true });
  const alice = await t.user();
  const bob = await t.user();
  const providers = (await t.ctx.db.$client.query<{ id: number }>('select id from mail_providers order by id limit 3'))
    .rows;
  const campaigns: History['campaigns'] = [];
  const relays: number[] = [];
  for (const owner of [alice, bob]) {
    const smtp = await f.smtpCampaign({ owner, name: `${owner.username} smtp offer` });
    relays.push((await f.smtpRelay({ owner })).id);
    campaigns.push({ id: smtp.id, type: 'smtp', name: smtp.name, owner });
    const pmta = await f.pmtaCampaign({ owner, name: `${owner.username} pmta offer` });
    relays.push((await f.pmtaRelay({ owner })).id);
    campaigns.push({ id: pmta.id, type: 'pmta', name: pmta.name, owner });
  }

  const events: EventInput[] = [];
  campaigns.forEach((c, ci) => {
    const base = { campaignType: c.type, campaignId: c.id, userId: c.owner.id, relayId: relays[ci]! };
    MOMENTS.forEach((m, mi) => {
      const at = new Date(m);
      const n = ((ci * 7 + mi * 3) % 5) + 1;
      const mailProviderId = providers[(ci + mi) % providers.length]?.id ?? null;
      const add = (kind: EventInput['kind'], times: number, extra: Partial<EventInput> = {}) => {
        for (let i = 0; i < times; i++) events.push({ ...base, kind, at, mailProviderId, ...extra });
      };
      add('sent', n + 2);
      add('delivered', n + 1);
      add('bounced', mi % 2);
      add('deferred', 1);
      add('open', n, { first: true });
      add('open', 1, { first: false });
      add('click', (n + ci) % 3, { first: true });
      add('click', 1, { first: false });
      add('unsubscribe', (mi + ci) % 2);
      add('complaint', mi % 3 === 0 ? 1 : 0);
      if (ci === 3) return; // bob's PMTA campaign: no conversion ever
      for (let k = 0; k < (ci + mi) % 3; k++)
        add('conversion', 1, {
          amountCents: 100 * (k + 1) + ci * 7 + mi,
          country: COUNTRIES[(ci + mi + k) % COUNTRIES.length],
        });
    });
    // Sends and deferrals only: the day has no figure to show.
    for (let i = 0; i < 3; i++)
      events.push({ ...base, kind: i ? 'sent' : 'deferred', at: new Date(`${QUIET_DAY}T10:00:0${i}Z`) });
  });
  await inTransaction(t.ctx.db, (client) => recordEvents(client, events));
  return { admin, alice, bob, campaigns, events };
}

/** SQL over `events` for the expected figures: owner ($1, null = all), campaign type ($2), days $3..$4 (UTC). */
export const EVENTS_WHERE = `($1::int is null or user_id = $1) and ($2::int is null or campaign_type = $2)
  and (at at time zone 'UTC')::date between $3::date and $4::date`;
export const K = EventKind;
