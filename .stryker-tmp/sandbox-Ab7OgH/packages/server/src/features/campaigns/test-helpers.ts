// @ts-nocheck
import { expect } from 'vitest';
import { expectAccess } from '../../../test/access.ts';
import type { TestApp, TestUser } from '../../../test/harness.ts';

/**
 * The four calls of one kind's campaigns (/api/{kind}_campaigns) and what their tests read back, for both
 * kinds' tests. `app` gives the test app once beforeAll has made it.
 */
export function campaignCalls(app: () => TestApp, path: 'smtp_campaigns' | 'pmta_campaigns') {
  const post = (u: TestUser | null, payload: object) => app().as(u, { method: 'POST', url: `/api/${path}`, payload });
  const db = () => app().ctx.db.$client;
  return {
    post,
    put: (u: TestUser | null, id: number | string, payload: object) =>
      app().as(u, { method: 'PUT', url: `/api/${path}/${id}`, payload }),
    get: (u: TestUser | null, url: string) => app().as(u, { method: 'GET', url }),
    /** Campaigns of both kinds: a refused write adds none. */
    count: async () => Number((await db().query('select count(*) from campaigns')).rows[0].count),
    row: async (id: number) => (await db().query('select * from campaigns where id = $1', [id])).rows[0],
    /** A POST that must succeed: the new campaign. */
    async created(u: TestUser, payload: object) {
      const res = await post(u, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    /** 401 without a token on the four calls, 404 for another user's campaign (`owned` makes one). */
    async access(owned: (owner: TestUser) => Promise<number>, payload: object) {
      const t = app();
      await expectAccess(t, { method: 'GET', url: `/api/${path}` });
      await expectAccess(t, { method: 'POST', url: `/api/${path}`, payload: {} });
      await expectAccess(t, { method: 'GET', url: `/api/${path}/:id`, owned });
      await expectAccess(t, { method: 'PUT', url: `/api/${path}/:id`, owned, payload });
    },
  };
}
