// @ts-nocheck
import { and, eq, ilike, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { relayIndicatorItem, type IndicatorSortKey, type RelayIndicator } from '@console/shared/pmta-relay-indicators';
import { containsPattern, defineCollection, filters } from '../../core/collection.ts';
import {
  mailProviders,
  pmtaRelayGroups,
  pmtaRelayIndicators as i,
  pmtaRelays,
  pmtaServers,
} from '../../db/schema/index.ts';

/** The sortable columns by the table's keys (`order[profitPerDay]=desc`). */
const sortable: Record<IndicatorSortKey, AnyColumn | SQL> = {
  'pmtaRelay.id': sql`${pmtaRelays.id}`,
  'pmtaRelay.smtpHost': sql`${pmtaRelays.smtpHost}`,
  'pmtaRelay.ip': sql`${pmtaRelays.ip}`,
  'pmtaRelay.group.name': sql`${pmtaRelayGroups.name}`,
  // The all-services row first among a relay's rows, whichever way the names go.
  'mailProvider.name': sql`coalesce(${mailProviders.name}, '')`,
  age: i.age,
  deliveredPerDay: i.deliveredPerDay,
  bouncedPerDay: i.bouncedPerDay,
  conversionPerDay: i.conversionPerDay,
  profit90: i.profit90,
  profit60: i.profit60,
  profit30: i.profit30,
  conv90: i.conv90,
  conv60: i.conv60,
  conv30: i.conv30,
  profitPerDay: i.profitPerDay,
};

/** Default order: by relay, its all-services row first, then its services by id. */
const defaultOrder = [sql`${i.relayId}`, sql`${i.mailProviderId} asc nulls first`, sql`${i.id}`];

/**
 * GET /api/pmta_relay_indicators (administrators): the last night's rows. Filters pmtaRelay.smtpHost
 * (contains), pmtaRelay.group.id, pmtaRelay.pmtaServer.isVps, mailProvider.id, mailProvider[exists]
 * (false: the all-services rows); `groups[]=report_read` is the full row, as without it.
 */
export const relayIndicatorsCollection = defineCollection({
  table: i,
  item: relayIndicatorItem,
  fields: {
    id: i.id,
    pmtaRelay: sql<RelayIndicator['pmtaRelay']>`json_build_object('id', ${pmtaRelays.id}, 'smtpHost',
      ${pmtaRelays.smtpHost}, 'ip', host(${pmtaRelays.ip}), 'status', ${pmtaRelays.status}, 'active',
      ${pmtaRelays.active}, 'group', json_build_object('id', ${pmtaRelayGroups.id}, 'name', ${pmtaRelayGroups.name}),
      'pmtaServer', json_build_object('id', ${pmtaServers.id}, 'isVps', ${pmtaServers.isVps}))`,
    mailProvider: sql<RelayIndicator['mailProvider']>`case when ${mailProviders.id} is null then null
      else json_build_object('id', ${mailProviders.id}, 'name', ${mailProviders.name}) end`,
    age: i.age,
    deliveredPerDay: i.deliveredPerDay,
    bouncedPerDay: i.bouncedPerDay,
    conversionPerDay: i.conversionPerDay,
    profit90: i.profit90,
    profit60: i.profit60,
    profit30: i.profit30,
    conv90: i.conv90,
    conv60: i.conv60,
    conv30: i.conv30,
    profitPerDay: i.profitPerDay,
    computedAt: i.computedAt,
  },
  join: (q) =>
    q
      .innerJoin(pmtaRelays, eq(pmtaRelays.id, i.relayId))
      .innerJoin(pmtaRelayGroups, eq(pmtaRelayGroups.id, pmtaRelays.groupId))
      .innerJoin(pmtaServers, eq(pmtaServers.id, pmtaRelays.pmtaServerId))
      .leftJoin(mailProviders, eq(mailProviders.id, i.mailProviderId)),
  scope: 'adminOnly',
  filters: {
    'pmtaRelay.smtpHost': filters.contains(pmtaRelays.smtpHost, 'SMTP Host'),
    'pmtaRelay.group.id': filters.id(pmtaRelays.groupId),
    'pmtaRelay.pmtaServer.isVps': filters.bool(pmtaServers.isVps),
    'mailProvider.id': filters.id(i.mailProviderId),
    'mailProvider[exists]': filters.exists(i.mailProviderId),
  },
  sortable,
  order: defaultOrder,
  present: (r): RelayIndicator => ({ ...r, computedAt: r.computedAt.toISOString() }),
});

export interface IndicatorFilters {
  'pmtaRelay.group.id'?: number;
  'pmtaRelay.pmtaServer.isVps'?: boolean;
  'pmtaRelay.smtpHost'?: string;
  'mailProvider.id'?: number;
  'mailProvider[exists]'?: boolean;
  order?: Partial<Record<IndicatorSortKey, string>>;
}

/** One export row: flat, named columns. */
export interface IndicatorExportRow {
  relay_id: number;
  smtp_host: string;
  ip: string;
  group_name: string;
  is_vps: boolean;
  status: number;
  active: boolean;
  provider_name: string | null;
  age: number;
  delivered_per_day: number;
  bounced_per_day: number;
  conversion_per_day: number;
  profit90: string;
  profit60: string;
  profit30: string;
  conv90: number;
  conv60: number;
  conv30: number;
  profit_per_day: number;
  computed_at: Date;
}

/** The export's query: the list's filters and order, every row (streamed through a cursor). */
export function indicatorExportQuery(f: IndicatorFilters): SQL {
  const where = and(
    f['pmtaRelay.smtpHost'] === undefined
      ? undefined
      : ilike(pmtaRelays.smtpHost, containsPattern(f['pmtaRelay.smtpHost'])),
    f['pmtaRelay.group.id'] === undefined ? undefined : eq(pmtaRelays.groupId, f['pmtaRelay.group.id']),
    f['pmtaRelay.pmtaServer.isVps'] === undefined ? undefined : eq(pmtaServers.isVps, f['pmtaRelay.pmtaServer.isVps']),
    f['mailProvider.id'] === undefined ? undefined : eq(i.mailProviderId, f['mailProvider.id']),
    f['mailProvider[exists]'] === undefined
      ? undefined
      : f['mailProvider[exists]']
        ? isNotNull(i.mailProviderId)
        : isNull(i.mailProviderId),
  );
  const requested = Object.entries(f.order ?? {}).map(
    ([k, dir]) => sql`${sortable[k as IndicatorSortKey]} ${sql.raw(dir?.toLowerCase() === 'desc' ? 'desc' : 'asc')}`,
  );
  const order = sql.join([...requested, ...defaultOrder], sql`, `);
  return sql`select ${pmtaRelays.id} as relay_id, ${pmtaRelays.smtpHost} as smtp_host, host(${pmtaRelays.ip}) as ip,
      ${pmtaRelayGroups.name} as group_name, ${pmtaServers.isVps} as is_vps, ${pmtaRelays.status} as status,
      ${pmtaRelays.active} as active, ${mailProviders.name} as provider_name, ${i.age} as age,
      ${i.deliveredPerDay} as delivered_per_day, ${i.bouncedPerDay} as bounced_per_day,
      ${i.conversionPerDay} as conversion_per_day, ${i.profit90} as profit90, ${i.profit60} as profit60,
      ${i.profit30} as profit30, ${i.conv90} as conv90, ${i.conv60} as conv60, ${i.conv30} as conv30,
      ${i.profitPerDay} as profit_per_day, ${i.computedAt} as computed_at
    from ${i}
    join ${pmtaRelays} on ${pmtaRelays.id} = ${i.relayId}
    join ${pmtaRelayGroups} on ${pmtaRelayGroups.id} = ${pmtaRelays.groupId}
    join ${pmtaServers} on ${pmtaServers.id} = ${pmtaRelays.pmtaServerId}
    left join ${mailProviders} on ${mailProviders.id} = ${i.mailProviderId}
    where ${where ?? sql`true`}
    order by ${order}`;
}
