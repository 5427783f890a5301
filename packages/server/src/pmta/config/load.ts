import { and, asc, eq, getTableColumns, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import { BALANCER_REMOVED } from '@console/shared/pmta-balancers';
import type { Executor } from '../../db/client.ts';
import {
  mailProviderDomains,
  mailProviders,
  mailServiceSettings,
  pmtaRelayDkim,
  pmtaRelayGroups,
  pmtaRelays,
  pmtaRelaySwitches,
  appliedPmtaConfigs,
  pmtaServerBalancers,
  pmtaServers,
  pmtaSpeeds,
} from '../../db/schema/index.ts';
import { CampaignTypeOf as RelayTypeOf } from '@console/shared/enums';
import { hourlyOf, type WarmupScheduleRow } from '@console/shared/warmup-plans';
import { macroDomains } from './domain-macro.ts';
import type { ConfigData } from './generate.ts';

/*
 * What one server's configuration is made of (decision 0902), in a fixed number of statements whatever the
 * number of relays: the server, its relays with a VMTA (active or not) with their DKIM keys, their groups,
 * their switched-off mail services with the services' domains, and every mail service setting.
 * The caller has checked that the user may see the server.
 */

/** A mail service's sending domains (not its spam-trap ones), by lower-cased service name. */
async function domainsByProvider(db: Executor) {
  const rows = await db
    .select({
      name: sql<string>`lower(${mailProviders.name})`,
      domains: sql<string[]>`array_agg(${mailProviderDomains.domain} order by ${mailProviderDomains.domain})`,
    })
    .from(mailProviders)
    .innerJoin(
      mailProviderDomains,
      and(eq(mailProviderDomains.mailProviderId, mailProviders.id), eq(mailProviderDomains.isBlacklisted, false)),
    )
    .groupBy(mailProviders.id);
  return new Map(rows.map((r) => [r.name, r.domains]));
}

/**
 * Settings apply to every server (they have no owner: administrators write them, decision 0700), except
 * those whose balancer was removed from this server (decision 0905) until the next Sync.
 */
async function settingsOf(db: Executor, serverId: number) {
  const { createdAt: _created, ...columns } = getTableColumns(mailServiceSettings);
  const removed = db
    .select({ id: pmtaServerBalancers.mailServiceSettingId })
    .from(pmtaServerBalancers)
    .where(and(eq(pmtaServerBalancers.pmtaServerId, serverId), eq(pmtaServerBalancers.status, BALANCER_REMOVED)));
  const [rows, byProvider] = await Promise.all([
    db
      .select(columns)
      .from(mailServiceSettings)
      .where(notInArray(mailServiceSettings.id, removed))
      .orderBy(asc(mailServiceSettings.id)),
    domainsByProvider(db),
  ]);
  return rows.map((setting) => ({
    setting,
    domains: macroDomains(setting.domainMacro, byProvider.get(setting.domainMacro.trim().toLowerCase()) ?? []),
  }));
}

async function switchedOff(db: Executor, serverId: number) {
  const rows = await db
    .select({
      relayId: pmtaRelaySwitches.relayId,
      provider: mailProviders.name,
      domains: sql<string[]>`coalesce(array_agg(${mailProviderDomains.domain} order by ${mailProviderDomains.domain})
        filter (where ${mailProviderDomains.domain} is not null), '{}')`,
    })
    .from(pmtaRelaySwitches)
    .innerJoin(pmtaRelays, eq(pmtaRelays.id, pmtaRelaySwitches.relayId))
    .innerJoin(mailProviders, eq(mailProviders.id, pmtaRelaySwitches.mailProviderId))
    .leftJoin(
      mailProviderDomains,
      and(eq(mailProviderDomains.mailProviderId, mailProviders.id), eq(mailProviderDomains.isBlacklisted, false)),
    )
    .where(and(eq(pmtaRelays.pmtaServerId, serverId), eq(pmtaRelaySwitches.off, true)))
    .groupBy(pmtaRelaySwitches.relayId, mailProviders.id)
    .orderBy(pmtaRelaySwitches.relayId, mailProviders.name);
  return byRelay(rows);
}

/**
 * Today's warm-up allowance per hour of the server's relays in a plan (decision 1431), with the named
 * services' domains, by relay; a finished plan sets nothing.
 */
async function warmupOf(db: Executor, serverId: number) {
  const { rows } = await db.execute<{
    relayId: number;
    day: number;
    services: WarmupScheduleRow[];
    names: Record<string, { name: string; domains: string[] }> | null;
  }>(sql`
    select w.relay_id as "relayId", w.day, p.services,
           (select json_object_agg(mp.id, json_build_object('name', mp.name, 'domains',
                     coalesce((select array_agg(d.domain order by d.domain) from mail_provider_domains d
                                where d.mail_provider_id = mp.id and not d.is_blacklisted), '{}')))
              from mail_providers mp
             where mp.id in (select (e ->> 'mailProviderId')::int from jsonb_array_elements(p.services) e)) as names
      from warmup_relays w
      join warmup_plans p on p.id = w.plan_id
      join pmta_relays r on r.id = w.relay_id
     where w.relay_type = ${RelayTypeOf.pmta} and r.pmta_server_id = ${serverId} and w.day <= p.days`);
  return new Map(
    rows.map((w) => [
      w.relayId,
      w.services.map((s) => {
        const named = s.mailProviderId === null ? undefined : w.names?.[String(s.mailProviderId)];
        return {
          provider: named?.name ?? null,
          domains: named?.domains ?? [],
          perHour: (s.perDay[w.day - 1] ?? 0) > 0 ? hourlyOf(s, w.day) : 0,
        };
      }),
    ]),
  );
}

/** Write-mode speeds (localValue > 0) of the server's relays, with their services' domains, by relay. */
async function speedsOf(db: Executor, serverId: number) {
  const rows = await db
    .select({
      relayId: pmtaSpeeds.relayId,
      provider: mailProviders.name,
      perHour: pmtaSpeeds.localValue,
      domains: sql<string[]>`coalesce(array_agg(${mailProviderDomains.domain} order by ${mailProviderDomains.domain})
        filter (where ${mailProviderDomains.domain} is not null), '{}')`,
    })
    .from(pmtaSpeeds)
    .innerJoin(pmtaRelays, eq(pmtaRelays.id, pmtaSpeeds.relayId))
    .innerJoin(mailProviders, eq(mailProviders.id, pmtaSpeeds.mailProviderId))
    .leftJoin(
      mailProviderDomains,
      and(eq(mailProviderDomains.mailProviderId, mailProviders.id), eq(mailProviderDomains.isBlacklisted, false)),
    )
    .where(and(eq(pmtaRelays.pmtaServerId, serverId), gt(pmtaSpeeds.localValue, 0)))
    .groupBy(pmtaSpeeds.id, mailProviders.id)
    .orderBy(pmtaSpeeds.relayId, mailProviders.name);
  return byRelay(rows);
}

/** The applied PMTA configs uploaded to the server (version > 0): the server's own, and by relay. */
async function includesOf(db: Executor, serverId: number) {
  const rows = await db
    .select({
      configId: appliedPmtaConfigs.configId,
      serverId: appliedPmtaConfigs.pmtaServerId,
      relayId: pmtaRelays.id,
    })
    .from(appliedPmtaConfigs)
    .leftJoin(pmtaRelays, eq(pmtaRelays.id, appliedPmtaConfigs.pmtaRelayId))
    .where(
      and(
        gt(appliedPmtaConfigs.version, 0),
        or(eq(appliedPmtaConfigs.pmtaServerId, serverId), eq(pmtaRelays.pmtaServerId, serverId)),
      ),
    );
  return {
    server: rows.filter((r) => r.serverId !== null).map((r) => r.configId),
    relays: byRelay(rows.filter((r) => r.relayId !== null).map((r) => ({ relayId: r.relayId!, id: r.configId }))),
  };
}

/** Rows grouped by their relay id, each without it. */
function byRelay<T extends { relayId: number }>(rows: T[]) {
  const out = new Map<number, Omit<T, 'relayId'>[]>();
  for (const { relayId, ...rest } of rows) out.set(relayId, [...(out.get(relayId) ?? []), rest]);
  return out;
}

/** The data of server `serverId`'s configuration, or undefined when there is no such server. */
export async function loadConfigData(db: Executor, serverId: number): Promise<ConfigData | undefined> {
  const [server] = await db
    .select({
      id: pmtaServers.id,
      name: pmtaServers.name,
      smtpPort: pmtaServers.smtpPort,
      pmtaHttpPort: pmtaServers.pmtaHttpPort,
      ipList: pmtaServers.ipList,
    })
    .from(pmtaServers)
    .where(eq(pmtaServers.id, serverId));
  if (!server) return undefined;
  const [relays, off, settings, speeds, included, warmup] = await Promise.all([
    db
      .select({
        id: pmtaRelays.id,
        groupId: pmtaRelays.groupId,
        smtpHost: pmtaRelays.smtpHost,
        ip: pmtaRelays.ip,
        active: pmtaRelays.active,
        normalSpeed: pmtaRelays.normalSpeed,
        backoffSpeed: pmtaRelays.backoffSpeed,
        selector: pmtaRelayDkim.selector,
        domain: pmtaRelayDkim.domain,
      })
      .from(pmtaRelays)
      .leftJoin(pmtaRelayDkim, eq(pmtaRelayDkim.relayId, pmtaRelays.id))
      // A relay without VMTA (created so, or its VMTA deleted) is not in the server's configuration.
      .where(and(eq(pmtaRelays.pmtaServerId, serverId), eq(pmtaRelays.withoutVmta, false)))
      .orderBy(pmtaRelays.id),
    switchedOff(db, serverId),
    settingsOf(db, serverId),
    speedsOf(db, serverId),
    includesOf(db, serverId),
    warmupOf(db, serverId),
  ]);
  const groupIds = [...new Set(relays.map((r) => r.groupId))];
  const groups = groupIds.length
    ? await db
        .select({ id: pmtaRelayGroups.id, name: pmtaRelayGroups.name })
        .from(pmtaRelayGroups)
        .where(inArray(pmtaRelayGroups.id, groupIds))
        .orderBy(pmtaRelayGroups.id)
    : [];
  return {
    server,
    includes: included.server,
    groups,
    relays: relays.map(({ selector, domain, ...r }) => ({
      ...r,
      dkim: selector !== null && domain !== null ? { selector, domain } : null,
      switchedOff: off.get(r.id) ?? [],
      speeds: speeds.get(r.id) ?? [],
      ...(warmup.has(r.id) ? { warmup: warmup.get(r.id) } : {}),
      includes: (included.relays.get(r.id) ?? []).map((i) => i.id),
    })),
    settings,
  };
}
