// @ts-nocheck
import { and, eq, inArray, sql } from 'drizzle-orm';
import { selectItem } from '@console/shared/hydra';
import type { Executor } from '../../db/client.ts';
import { mailProviderDomains, mailProviders } from '../../db/schema/index.ts';
import { defineCollection } from '../../core/collection.ts';

/**
 * GET /api/mail_providers: the providers, for the email-list columns and the campaign and report forms.
 * Rows are always the light {id, name}, with or without `groups[]=select`.
 */
export const mailProvidersCollection = defineCollection({
  table: mailProviders,
  item: selectItem,
  fields: { id: mailProviders.id, name: mailProviders.name },
  scope: 'global',
  sortable: { id: mailProviders.id, name: mailProviders.name },
  order: [sql`${mailProviders.id} asc`],
  select: { fields: { id: mailProviders.id, name: mailProviders.name }, order: [] },
});

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
