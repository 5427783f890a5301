import { describe, expect, it } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import { databaseBefore } from '../../test/migrations.ts';

/*
 * The campaign type migration (decision 1130) on real PostgreSQL: a database at the migration before it,
 * rows of both kinds written with the old numbers (1 SMTP, 2 PMTA), then the migration, then every table
 * holds the spec's numbers (CampaignType: 1 PMTA, 2 SMTP) and the campaigns' check follows them.
 */

const OLD = { smtp: 1, pmta: 2 } as const;

const db = databaseBefore('_campaign_type_numbers');
const { q } = db;

// Campaign 10 is SMTP, 11 PMTA; relay 5 exists as an SMTP and as a PMTA relay (two id sequences).
const SMTP_ID = 10;
const PMTA_ID = 11;

async function writeOldRows() {
  const c = await db.pool().connect();
  try {
    // The parents (users, lists, offers, groups) do not matter here: foreign keys are not checked.
    await c.query('set session_replication_role = replica');
    await c.query(
      `insert into campaigns (id, type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id,
                              relay_status, smtp_relay_group_id, pmta_relay_group_id, user_id)
       values ($1, $3, 'smtp one', 's', 1, '{}', 1, 1, 1, 7, null, 1),
              ($2, $4, 'pmta one', 's', 1, '{}', 1, 1, 1, null, 8, 1)`,
      [SMTP_ID, PMTA_ID, OLD.smtp, OLD.pmta],
    );
    // This month's partition and the default one (a month not created yet).
    await c.query(
      `insert into events (at, kind, campaign_type, campaign_id, user_id)
       select at, 1, t, id, 1 from (values (now(), $1::int2, $3::int), (now(), $1, $3), ('2099-01-01'::timestamptz, $1, $3),
                                           (now(), $2, $4), ('2099-01-01', $2, $4)) v(at, t, id)`,
      [OLD.smtp, OLD.pmta, SMTP_ID, PMTA_ID],
    );
    for (const [type, id, n] of [
      [OLD.smtp, SMTP_ID, 3],
      [OLD.pmta, PMTA_ID, 2],
    ] as const) {
      await c.query('insert into campaign_counters (campaign_type, campaign_id, total) values ($1, $2, $3)', [
        type,
        id,
        n,
      ]);
      await c.query(
        `insert into campaign_provider_counters (campaign_type, campaign_id, mail_provider_id, total) values ($1, $2, 1, $3)`,
        [type, id, n],
      );
      await c.query(
        `insert into campaign_domain_counters (campaign_type, campaign_id, mail_provider_id, domain, total)
         values ($1, $2, 1, 'gmail.com', $3)`,
        [type, id, n],
      );
      await c.query(
        `insert into event_rollup_hourly (hour, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, delivered)
         values (date_trunc('hour', now()), 1, $1, $2, 5, 1, $3)`,
        [type, id, n],
      );
      await c.query(
        `insert into event_rollup_daily (day, user_id, campaign_type, campaign_id, relay_id, mail_provider_id, delivered)
         values (current_date, 1, $1, $2, 5, 1, $3)`,
        [type, id, n],
      );
      await c.query(
        `insert into conversion_rollup_daily (day, user_id, campaign_type, campaign_id, country, conversions)
         values (current_date, 1, $1, $2, 'US', $3)`,
        [type, id, n],
      );
      await c.query(
        `insert into relay_pacing (relay_type, relay_id, next_at) values ($1, 5, 'epoch'::timestamptz + make_interval(secs => $2))`,
        [type, n],
      );
    }
  } finally {
    await c.query('set session_replication_role = origin');
    c.release();
  }
}

/** campaign id -> campaign type of one table's rows (each row must agree with the others of its id). */
async function typesOf(table: string, column = 'campaign_type', id = 'campaign_id') {
  const rows = await q<{ id: number; type: number; n: number }>(
    `select ${id} as id, ${column}::int as type, count(*)::int as n from ${table} group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => [r.id, r.type, r.n]);
}

describe('the campaign type migration (1 PMTA, 2 SMTP)', () => {
  it('swaps the stored types of every table at once, partitions and keys included', async () => {
    await writeOldRows();
    expect(await typesOf('campaigns', 'type', 'id')).toEqual([
      [SMTP_ID, 1, 1],
      [PMTA_ID, 2, 1],
    ]);

    await db.migrateRest();

    const S = CampaignType.SMTP;
    const P = CampaignType.PMTA;
    expect(await typesOf('campaigns', 'type', 'id')).toEqual([
      [SMTP_ID, S, 1],
      [PMTA_ID, P, 1],
    ]);
    expect(await typesOf('events')).toEqual([
      [SMTP_ID, S, 3],
      [PMTA_ID, P, 2],
    ]);
    expect(await typesOf('events_default')).toEqual([
      [SMTP_ID, S, 1],
      [PMTA_ID, P, 1],
    ]);
    for (const table of [
      'campaign_counters',
      'campaign_provider_counters',
      'campaign_domain_counters',
      'event_rollup_hourly',
      'event_rollup_daily',
      'conversion_rollup_daily',
    ]) {
      expect(await typesOf(table), table).toEqual([
        [SMTP_ID, S, 1],
        [PMTA_ID, P, 1],
      ]);
    }
    // Relay 5 of each kind keeps its own slot (3 s: the SMTP relay's, 2 s: the PMTA relay's).
    const pacing = await q<{ type: number; secs: number }>(
      `select relay_type::int as type, extract(epoch from next_at)::int as secs from relay_pacing order by 1`,
    );
    expect(pacing).toEqual([
      { type: P, secs: 2 },
      { type: S, secs: 3 },
    ]);
    // Conflict targets still work on the key made again.
    await q(
      `insert into relay_pacing (relay_type, relay_id) values ($1, 5) on conflict (relay_type, relay_id) do nothing`,
      [S],
    );
    expect((await q('select 1 from relay_pacing')).length).toBe(2);
  });

  it("checks each kind's relay group by the new numbers", async () => {
    const c = await db.pool().connect();
    try {
      await c.query('set session_replication_role = replica'); // foreign keys aside: the check is the point
      const insert = (type: number, smtpGroup: number | null, pmtaGroup: number | null) =>
        c.query(
          `insert into campaigns (type, name, sender, email_list_id, mail_provider_ids, message_id, offer_id,
                                  relay_status, smtp_relay_group_id, pmta_relay_group_id, user_id)
           values ($1, 'x', 's', 1, '{}', 1, 1, 1, $2, $3, 1)`,
          [type, smtpGroup, pmtaGroup],
        );
      await insert(CampaignType.SMTP, 7, null);
      await insert(CampaignType.PMTA, null, 8);
      await expect(insert(CampaignType.SMTP, null, 8)).rejects.toThrow(/campaigns_relay_group_check/);
      await expect(insert(CampaignType.PMTA, 7, null)).rejects.toThrow(/campaigns_relay_group_check/);
    } finally {
      await c.query('set session_replication_role = origin');
      c.release();
    }
  });
});
