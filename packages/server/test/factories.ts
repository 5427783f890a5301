import crypto from 'node:crypto';
import { categories, emailListUsers, emailLists, emails, offers } from '../src/db/schema.ts';
import type { TestApp, TestUser } from './harness.ts';

/**
 * Test data, made one way: each factory builds what it needs and takes what the test cares about. An
 * offer without a category or owner gets new ones; a relay factory (later) makes its server and group.
 * Rows go straight into the database (fast, no side effects such as health checks or notifications);
 * a test that checks a route calls the route itself.
 */
export function factories(t: TestApp) {
  const tag = () => crypto.randomBytes(3).toString('hex');

  async function category(o: { name?: string; parentId?: number } = {}) {
    const [row] = await t.ctx.db
      .insert(categories)
      .values({ name: o.name ?? `category ${tag()}`, parentId: o.parentId ?? null })
      .returning();
    return row!;
  }

  async function offer(
    o: { owner?: TestUser; categoryId?: number; name?: string; url?: string; archived?: boolean } = {},
  ) {
    const owner = o.owner ?? (await t.user());
    const categoryId = o.categoryId ?? (await category()).id;
    const [row] = await t.ctx.db
      .insert(offers)
      .values({
        name: o.name ?? `offer ${tag()}`,
        url: o.url ?? 'https://offer.example.com/?c=[click_id]',
        categoryId,
        userId: owner.id,
        archive: o.archived ? new Date() : null,
      })
      .returning();
    return { ...row!, owner };
  }

  /** A list with its owner, category, assigned users and e-mails (counters kept exact). */
  async function emailList(
    o: { owner?: TestUser; categoryId?: number; name?: string; users?: TestUser[]; emails?: string[] } = {},
  ) {
    const owner = o.owner ?? (await t.user());
    const categoryId = o.categoryId ?? (await category()).id;
    const addresses = o.emails ?? [];
    const [row] = await t.ctx.db
      .insert(emailLists)
      .values({
        name: o.name ?? `list ${tag()}`,
        categoryId,
        userId: owner.id,
        totalCounter: addresses.length,
        validCounter: addresses.length,
      })
      .returning();
    if (o.users?.length) {
      await t.ctx.db.insert(emailListUsers).values(o.users.map((u) => ({ emailListId: row!.id, userId: u.id })));
    }
    if (addresses.length) {
      const { rows } = await t.ctx.db.$client.query<{ id: number }>(
        `select id from mail_providers where name = 'Other'`,
      );
      const providerId = rows[0]!.id;
      await t.ctx.db
        .insert(emails)
        .values(addresses.map((email) => ({ emailListId: row!.id, email, mailProviderId: providerId, valid: true })));
      await t.ctx.db.$client.query(
        'insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, $3)',
        [row!.id, providerId, addresses.length],
      );
    }
    return { ...row!, owner };
  }

  return { user: t.user, category, offer, emailList };
}
