// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startDnsServer } from '../../../test/peers/dns-server.ts';
import { refreshMx } from '../spam-traps/mx.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer({ mx: { 'mx-trapped.example': [{ exchange: 'mx.trap.example', priority: 10 }] } });
  t = await createTestApp({ env: { DNS_SERVERS: dns.servers, DNS_TIMEOUT_MS: '1000' } });
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const post = (url: string, payload: object) => t.as(admin, { method: 'POST', url: `/api/${url}`, payload });

describe('validity stays true', () => {
  it('adds and removes every kind of suppression entry; each list’s counters equal a direct count after every step', async () => {
    const cat1 = await make.category();
    const cat2 = await make.category();
    const shared = ['u@one.example', 's@one.example', 'd@dom-trap.example', 'm@mx-trapped.example', 'ok@one.example'];
    const lists = [
      await make.emailList({ categoryId: cat1.id, emails: shared }),
      await make.emailList({ categoryId: cat1.id, emails: shared.slice(0, 3) }),
      await make.emailList({ categoryId: cat2.id, emails: shared }),
    ];
    const ids = lists.map((l) => l.id);
    await refreshMx(t.ctx);

    /** The valid counts, after checking every counter against a count of the rows. */
    const step = async () => {
      const rows = await q(
        `select l.id, l.valid_counter, l.total_counter,
           (select count(*) from emails e where e.email_list_id = l.id and e.valid)::int as valid,
           (select count(*) from emails e where e.email_list_id = l.id)::int as total,
           (select coalesce(sum(counter), 0) from email_list_provider_counters c where c.email_list_id = l.id)::int as providers
         from email_lists l where l.id = any($1) order by l.id`,
        [ids],
      );
      for (const r of rows)
        expect([r.valid_counter, r.total_counter, r.providers]).toEqual([r.valid, r.total, r.total]);
      return rows.map((r) => r.valid);
    };
    expect(await step()).toEqual([5, 3, 5]);

    const unsub = (await post('unsubscribers', { category: cat1.id, email: 'u@one.example' })).json();
    expect(await step()).toEqual([4, 2, 5]); // only the category's lists
    const spam = (await post('add-spam-email', { email: 's@one.example' })).json();
    expect(await step()).toEqual([3, 1, 4]);
    const domain = (await post('add-spam-domain', { domain: 'dom-trap.example' })).json();
    expect(await step()).toEqual([2, 0, 3]);
    const mx = (await post('add-spam-mx', { mx: 'mx.trap.example' })).json();
    expect(await step()).toEqual([1, 0, 2]);

    // u@ becomes a spam trap too (every list), then its unsubscription goes: still invalid everywhere.
    await post('add-spam-email', { email: 'u@one.example' });
    expect(await step()).toEqual([1, 0, 1]);
    await t.as(admin, { method: 'DELETE', url: `/api/unsubscribers/${unsub.id}` });
    expect(await step()).toEqual([1, 0, 1]);

    await post('remove-spam-mx', { recordId: mx.id });
    expect(await step()).toEqual([2, 0, 2]);
    await post('remove-spam-domain', { domainId: domain.id });
    expect(await step()).toEqual([3, 1, 3]);
    await post('remove-spam-email', { emailId: spam.id });
    expect(await step()).toEqual([4, 2, 4]);
  });
});
