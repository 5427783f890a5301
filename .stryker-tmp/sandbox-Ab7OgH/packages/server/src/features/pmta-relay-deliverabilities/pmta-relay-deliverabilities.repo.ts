// @ts-nocheck
import { eq, sql, type AnyColumn } from 'drizzle-orm';
import { relayDeliverabilityItem, type RelayDeliverability } from '@console/shared/pmta-relay-deliverabilities';
import { defineCollection, filters } from '../../core/collection.ts';
import { mailProviders, pmtaRelayDeliverabilities as d, pmtaRelays } from '../../db/schema/index.ts';

/** A score for sorting: none sorts below every score (last when descending). */
const score = (column: AnyColumn) => sql`coalesce(${column}, -1)`;

/**
 * GET /api/pmta_relay_deliverabilities (administrators): the last hour's scores. Filters smtpHost
 * (contains), group.id, mailProvider.id; order by relay id, host, ip, mail service or a score.
 */
export const relayDeliverabilitiesCollection = defineCollection({
  table: d,
  item: relayDeliverabilityItem,
  fields: {
    pmtaRelay: sql<RelayDeliverability['pmtaRelay']>`json_build_object('id', ${pmtaRelays.id}, 'smtpHost',
      ${pmtaRelays.smtpHost}, 'ip', host(${pmtaRelays.ip}))`,
    mailProvider: sql<
      RelayDeliverability['mailProvider']
    >`json_build_object('id', ${mailProviders.id}, 'name', ${mailProviders.name})`,
    scoreAllTime: d.scoreAllTime,
    score24: d.score24,
    score2: d.score2,
    computedAt: d.computedAt,
  },
  join: (q) =>
    q
      .innerJoin(pmtaRelays, eq(pmtaRelays.id, d.relayId))
      .innerJoin(mailProviders, eq(mailProviders.id, d.mailProviderId)),
  scope: 'adminOnly',
  filters: {
    smtpHost: filters.contains(pmtaRelays.smtpHost, 'SMTP host'),
    'group.id': filters.id(pmtaRelays.groupId),
    'mailProvider.id': filters.id(d.mailProviderId),
  },
  sortable: {
    'pmtaRelay.id': d.relayId,
    'pmtaRelay.smtpHost': pmtaRelays.smtpHost,
    'pmtaRelay.ip': pmtaRelays.ip,
    'mailProvider.name': mailProviders.name,
    scoreAllTime: score(d.scoreAllTime),
    score24: score(d.score24),
    score2: score(d.score2),
  },
  // Ends on the primary key (relay, service): pages never overlap.
  order: [sql`${d.relayId}`, sql`${mailProviders.name}`, sql`${d.mailProviderId}`],
  present: (r): RelayDeliverability => ({ ...r, computedAt: r.computedAt.toISOString() }),
});
