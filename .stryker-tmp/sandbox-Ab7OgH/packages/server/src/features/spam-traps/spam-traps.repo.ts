// @ts-nocheck
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SPAM_TRAPS_PAGE_SIZE, spamDomainItem, spamEmailItem, spamMxItem } from '@console/shared/spam-traps';
import type { Executor } from '../../db/client.ts';
import {
  dnsRecords as r,
  domainMx,
  mailProviderDomains as d,
  mailProviders,
  spamEmails as s,
} from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';

/** GET /api/mail_provider_domains (administrators): domain (contains), isBlacklisted; by domain. */
export const spamDomainsCollection = defineCollection({
  table: d,
  item: spamDomainItem,
  fields: { id: d.id, domain: d.domain, isBlacklisted: d.isBlacklisted, mailProvider: mailProviders.name },
  join: (q) => q.leftJoin(mailProviders, eq(mailProviders.id, d.mailProviderId)),
  scope: 'adminOnly',
  filters: { domain: filters.contains(d.domain, 'Domain'), isBlacklisted: filters.bool(d.isBlacklisted) },
  sortable: { id: d.id, domain: d.domain },
  order: [sql`${d.domain}`, sql`${d.id}`],
  pageSize: SPAM_TRAPS_PAGE_SIZE,
});

/** GET /api/spam_emails (administrators): email.email (contains); newest first. */
export const spamEmailsCollection = defineCollection({
  table: s,
  item: spamEmailItem,
  fields: { id: s.id, email: s.email, info: s.info, createdAt: s.createdAt },
  scope: 'adminOnly',
  filters: { 'email.email': filters.contains(s.email, 'Email') },
  sortable: { id: s.id, email: s.email },
  order: [sql`${s.id} desc`],
  pageSize: SPAM_TRAPS_PAGE_SIZE,
  present: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
});

export const findSpamDomain = (db: Executor, id: number) => spamDomainsCollection.one(db, null, eq(d.id, id));
export const findSpamEmail = (db: Executor, id: number) => spamEmailsCollection.one(db, null, eq(s.id, id));

/** GET /api/dns_records (administrators): the spam-trap MX hosts; value (contains), type, isBlacklisted. */
export const spamMxsCollection = defineCollection({
  table: r,
  item: spamMxItem,
  fields: {
    id: r.id,
    value: r.value,
    type: sql<'MX'>`${r.type}`,
    isBlacklisted: r.isBlacklisted,
    domains: sql<number>`(select count(*)::int from ${domainMx} where ${r.value} = any(${domainMx.mx}))`,
  },
  // The DNS records the console keeps are the MX hosts; the one read of a record is scoped the same way.
  where: eq(r.type, 'MX'),
  scope: 'adminOnly',
  filters: {
    value: filters.contains(r.value, 'MX server'),
    type: filters.equals(r.type, z.literal('MX', { error: 'Only MX records are kept.' })),
    isBlacklisted: filters.bool(r.isBlacklisted),
  },
  sortable: { id: r.id, value: r.value },
  order: [sql`${r.value}`, sql`${r.id}`],
  pageSize: SPAM_TRAPS_PAGE_SIZE,
});

export const findSpamMx = (db: Executor, id: number) => spamMxsCollection.one(db, null, eq(r.id, id));
