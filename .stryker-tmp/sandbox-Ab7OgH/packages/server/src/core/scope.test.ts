// @ts-nocheck
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { categories, users } from '../db/schema/index.ts';
import { categoriesCollection } from '../features/categories/categories.repo.ts';
import { emailsCollection, ofList } from '../features/email-lists/emails.repo.ts';
import { usersCollection } from '../features/users/users.repo.ts';
import { defineCollection } from './collection.ts';
import type { AuthUser } from './context.ts';

/*
 * The scopes a collection must declare (core/access.ts `Scope`), read through real collections against
 * PostgreSQL: `global` shows everyone every row, `adminOnly` shows nobody else a row, `parent` refuses to
 * list without its parent. (The owned collections are covered by each feature's owner-scoping tests.)
 */

let t: TestApp;
let admin: AuthUser;
let someone: AuthUser;
const auth = (u: TestUser, isAdmin: boolean): AuthUser => ({ id: u.id, username: u.username, roles: u.roles, isAdmin });
const rows = (page: object): unknown[] =>
  'hydra:member' in page ? (page['hydra:member'] as unknown[]) : (page as { items: unknown[] }).items;

beforeAll(async () => {
  t = await createTestApp();
  admin = auth(await t.user({ admin: true }), true);
  someone = auth(await t.user(), false);
  await t.ctx.db.insert(categories).values({ name: 'scope-test' });
});
afterAll(() => t.close());

describe('collection scopes', () => {
  it('a collection without a scope does not compile', () => {
    const def = {
      table: categories,
      item: z.object({ id: z.number() }),
      fields: { id: categories.id },
      order: [sql`${categories.id}`],
    };
    //  Property 'scope' is missing: every collection says who sees its rows
    expect(() => defineCollection(def)).not.toThrow();
  });

  it("'global': every signed-in user sees every row", async () => {
    const q = categoriesCollection.query.parse({ name: 'scope-test' });
    expect(rows(await categoriesCollection.list(t.ctx.db, someone, q))).toHaveLength(1);
    expect(rows(await categoriesCollection.list(t.ctx.db, admin, q))).toHaveLength(1);
  });

  it("'adminOnly': administrators see the rows, nobody else sees one (should a route forget the flag)", async () => {
    const q = usersCollection.query.parse({});
    expect(rows(await usersCollection.list(t.ctx.db, admin, q)).length).toBeGreaterThanOrEqual(2);
    expect(rows(await usersCollection.list(t.ctx.db, someone, q))).toEqual([]);
    expect(await usersCollection.count(t.ctx.db, someone, q)).toBe(0);
    // A caller that has already decided (an administrators' route, a service) reads one row with `null`.
    expect(await usersCollection.one(t.ctx.db, null, eq(users.id, someone.id))).toMatchObject({ id: someone.id });
  });

  it("'parent': listed only through the parent the route found", async () => {
    const q = emailsCollection.query.parse({});
    await expect(emailsCollection.list(t.ctx.db, admin, q)).rejects.toThrow(/through its parent/);
    expect(rows(await emailsCollection.list(t.ctx.db, someone, q, { where: ofList(0) }))).toEqual([]);
  });
});
