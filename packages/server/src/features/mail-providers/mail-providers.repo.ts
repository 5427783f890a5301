import { sql } from 'drizzle-orm';
import { selectItem } from '@console/shared/hydra';
import { mailProviders } from '../../db/schema/index.ts';
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
