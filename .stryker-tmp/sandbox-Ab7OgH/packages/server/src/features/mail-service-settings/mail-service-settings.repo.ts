// @ts-nocheck
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  MAIL_SERVICE_SETTINGS_PAGE_SIZE,
  mailServiceSettingItem,
  type MailServiceSettingInput,
} from '@console/shared/mail-service-settings';
import type { Executor } from '../../db/client.ts';
import { mailProviderDomains, mailProviders, mailServiceSettings as s } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';

// Every column but created_at: the item is the row.
const { createdAt: _created, ...columns } = getTableColumns(s);

/** GET /api/mail_service_settings (administrators): 10 a page by name; `name` filters (contains). */
export const mailServiceSettingsCollection = defineCollection({
  table: s,
  item: mailServiceSettingItem,
  fields: columns,
  scope: 'adminOnly',
  filters: { name: filters.contains(s.name, 'Name') },
  sortable: { id: s.id, name: s.name },
  order: [sql`${s.name}`, sql`${s.id}`],
  pageSize: MAIL_SERVICE_SETTINGS_PAGE_SIZE,
});

export const findMailServiceSetting = (db: Executor, settingId: number) =>
  mailServiceSettingsCollection.one(db, null, eq(s.id, settingId));

export async function insertMailServiceSetting(db: Executor, v: MailServiceSettingInput) {
  const [row] = await db.insert(s).values(v).returning({ id: s.id });
  return row!.id;
}
export const updateMailServiceSettingRow = (db: Executor, settingId: number, v: MailServiceSettingInput) =>
  db.update(s).set(v).where(eq(s.id, settingId));
export const deleteMailServiceSettingRow = (db: Executor, settingId: number) => db.delete(s).where(eq(s.id, settingId));

/** A mail service's domains (not the spam-trap ones), when `macro` is a service's name. */
export async function providerDomains(db: Executor, macro: string) {
  const rows = await db
    .select({ domain: mailProviderDomains.domain })
    .from(mailProviderDomains)
    .innerJoin(mailProviders, eq(mailProviders.id, mailProviderDomains.mailProviderId))
    .where(and(sql`lower(${mailProviders.name}) = lower(${macro})`, eq(mailProviderDomains.isBlacklisted, false)))
    .orderBy(mailProviderDomains.domain);
  return rows.map((r) => r.domain);
}
