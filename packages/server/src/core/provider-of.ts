/**
 * Which mail provider an e-mail address belongs to (and which of its domains are spam-listed) (Gmail, Yahoo, ... or 'Other'), for importers, counters
 * and reports. Two forms that always agree:
 *
 * - in SQL, set-based, for bulk statements (`insert ... select`, `update ... from`):
 *     insert into emails (email, mail_provider_id, ...)
 *     select s.email, ${providerIdSql(sql`s.email`)}, ... from staging s
 *   Each row costs one lookup on the unique index of mail_provider_domains.domain.
 * - in process, for streaming code that classifies row by row:
 *     const providers = await loadProviderMap(db);
 *     providers.providerOf('Jane@GMAIL.com') // -> the Gmail id
 *
 * The domain is what follows the last '@', lower-cased, trimmed, without trailing dots (`emailDomain` in
 * @console/shared/mail-providers). A domain that is not listed, or listed only as a spam domain (no
 * provider), gives the 'Other' provider. Matching is exact: sub.gmail.com is not Gmail.
 */
import { and, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { OTHER_PROVIDER, emailDomain } from '@console/shared/mail-providers';
import type { Db, Executor } from '../db/client.ts';
import { mailProviderDomains, mailProviders } from '../db/schema/index.ts';

/** SQL twin of `emailDomain`: null when the address has no '@' or nothing after it. */
export function emailDomainSql(email: SQLWrapper): SQL<string | null> {
  return sql<string | null>`nullif(rtrim(lower(btrim(substring(${email} from '@([^@]*)$'), E' \t\r\n')), '.'), '')`;
}

/** The id of the 'Other' provider, as a scalar subquery. */
export const otherProviderIdSql: SQL<number> = sql<number>`(select p.id from ${mailProviders} p where p.name = ${OTHER_PROVIDER})`;

/**
 * The provider id of an address, as an SQL expression (never null while 'Other' exists, which the seed
 * migration guarantees). `email` is any SQL text expression: a column, `sql\`s.email\``, a parameter.
 */
export function providerIdSql(email: SQLWrapper): SQL<number> {
  return sql<number>`coalesce(
    (select d.mail_provider_id from ${mailProviderDomains} d where d.domain = ${emailDomainSql(email)}),
    ${otherProviderIdSql}
  )`;
}

export interface ProviderMap {
  /** domain -> provider id, for every domain that has a provider. */
  domains: Map<string, number>;
  /** The 'Other' provider's id. */
  otherId: number;
  /** The provider id of an address (same rule as `providerIdSql`). */
  providerOf: (email: string) => number;
}

/**
 * Loads the whole domain table once (a few hundred rows, plus spam domains which are skipped) for
 * classification in process. Load it per job, not per process: admins can change the table.
 */
export async function loadProviderMap(db: Db): Promise<ProviderMap> {
  const [other] = await db
    .select({ id: mailProviders.id })
    .from(mailProviders)
    .where(eq(mailProviders.name, OTHER_PROVIDER));
  if (!other) throw new Error(`the '${OTHER_PROVIDER}' mail provider is missing (seed migration 0001)`);
  const rows = await db
    .select({ domain: mailProviderDomains.domain, providerId: mailProviderDomains.mailProviderId })
    .from(mailProviderDomains)
    .where(isNotNull(mailProviderDomains.mailProviderId));
  const domains = new Map(rows.map((r) => [r.domain.toLowerCase(), r.providerId!]));
  const otherId = other.id;
  return {
    domains,
    otherId,
    providerOf: (email) => {
      const domain = emailDomain(email);
      return (domain && domains.get(domain)) || otherId;
    },
  };
}

/** Of these domains, the spam-listed one that is most specific (longest), or null. */
export async function mostSpecificBlacklisted(db: Executor, domains: string[]): Promise<string | null> {
  const [row] = await db
    .select({ domain: mailProviderDomains.domain })
    .from(mailProviderDomains)
    .where(and(eq(mailProviderDomains.isBlacklisted, true), inArray(mailProviderDomains.domain, domains)))
    .orderBy(sql`length(${mailProviderDomains.domain}) desc`)
    .limit(1);
  return row?.domain ?? null;
}
