// @ts-nocheck
import { eq, sql } from 'drizzle-orm';
import { reputationProviderItem, type ReputationProvider } from '@console/shared/reputation-providers';
import type { Executor } from '../../db/client.ts';
import { pmtaRelays, relayReputations, reputationProviders as p } from '../../db/schema/index.ts';
import { defineCollection } from '../../core/collection.ts';
import { BOUNCES_NOTE } from '../../pmta/accounting/relay-reputation.ts';

const note = sql<string>`case when ${p.kind} = 'dnsbl'
  then 'Every active relay''s IP is looked up in ' || ${p.zone} || ' each hour.'
  when ${p.kind} = 'bounces' then ${BOUNCES_NOTE}
  else 'Needs an account with the mailbox provider: not configured, so no relay is rated by it.' end`;

/** GET /api/reputation_providers (administrators): every provider, by id. */
export const reputationProvidersCollection = defineCollection({
  table: p,
  item: reputationProviderItem,
  fields: {
    id: p.id,
    name: p.name,
    kind: sql<ReputationProvider['kind']>`${p.kind}`,
    zone: p.zone,
    affectsRelayStatus: p.affectsRelayStatus,
    active: p.active,
    note,
    lastChecked: sql<string | null>`(select max(${relayReputations.date}) from ${relayReputations}
      where ${relayReputations.providerId} = ${p.id})`,
  },
  scope: 'adminOnly',
  sortable: { id: p.id, name: p.name },
  order: [sql`${p.id} asc`],
  pageSize: 100,
  present: (r) => ({ ...r, lastChecked: r.lastChecked ? new Date(r.lastChecked).toISOString() : null }),
});

export const findReputationProvider = (db: Executor, id: number) =>
  reputationProvidersCollection.one(db, null, eq(p.id, id));

export const updateReputationProviderRow = (
  db: Executor,
  id: number,
  v: { affectsRelayStatus: boolean; active: boolean },
) => db.update(p).set(v).where(eq(p.id, id));

/** The blocklists to check: active DNS providers with a zone. */
export const activeBlocklists = (db: Executor) =>
  db
    .select({ id: p.id, name: p.name, zone: p.zone })
    .from(p)
    .where(sql`${p.active} and ${p.kind} = 'dnsbl' and ${p.zone} is not null`)
    .then((rows) => rows.map((r) => ({ ...r, zone: r.zone! })));

export interface ReputationRow {
  relayId: number;
  providerId: number;
  reputation: number;
  details: string | null;
}

/** Stores a check's results in one statement (the latest per relay and provider). */
export async function storeReputations(db: Executor, rows: ReputationRow[]) {
  if (!rows.length) return;
  await db.execute(sql`
    insert into ${relayReputations} (relay_id, provider_id, reputation, details, date)
    select r, p, rep, d, now()
    from unnest(${sql.param(rows.map((x) => x.relayId))}::int[], ${sql.param(rows.map((x) => x.providerId))}::int[],
                ${sql.param(rows.map((x) => x.reputation))}::smallint[], ${sql.param(rows.map((x) => x.details))}::text[])
      as t(r, p, rep, d)
    on conflict (relay_id, provider_id)
    do update set reputation = excluded.reputation, details = excluded.details, date = excluded.date`);
}

/** Every active PMTA relay with its address. */
export const activeRelayAddresses = (db: Executor) =>
  db
    .select({ id: pmtaRelays.id, ip: sql<string>`host(${pmtaRelays.ip})` })
    .from(pmtaRelays)
    .where(eq(pmtaRelays.active, true));
