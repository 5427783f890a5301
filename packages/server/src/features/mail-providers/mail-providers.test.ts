import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { mailProviderDomains } from '../../db/schema/index.ts';
import { emailDomainSql, loadProviderMap, providerIdSql } from '../../core/provider-of.ts';

let t: TestApp;
let user: TestUser;
let ids: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.user();
  const { rows } = await t.ctx.db.$client.query<{ id: number; name: string }>('select id, name from mail_providers');
  ids = new Map(rows.map((r) => [r.name, r.id]));
});
afterAll(() => t.close());

describe('GET /api/mail_providers', () => {
  it('needs a token', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/mail_providers' })).statusCode).toBe(401);
  });

  it('gives every provider as {id, name}, ordered by name for the select', async () => {
    const res = await t.as(user, {
      method: 'GET',
      url: '/api/mail_providers?groups[]=select&pagination=false&order[name]=asc',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(ids.size);
    expect(body['hydra:member']).toHaveLength(ids.size);
    const names = body['hydra:member'].map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Gmail',
        'Yahoo',
        'Outlook',
        'AOL',
        'iCloud',
        'GMX',
        'Web.de',
        'Mail.ru',
        'Yandex',
        'Comcast',
        'Orange',
        'Trash Mail',
        'GI',
        'Other',
      ]),
    );
    for (const row of body['hydra:member']) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    const dbOrder = (await t.ctx.db.$client.query('select name from mail_providers order by name asc')).rows.map(
      (r) => r.name,
    );
    expect(names).toEqual(dbOrder);
    const desc = await t.as(user, { method: 'GET', url: '/api/mail_providers?pagination=false&order[name]=desc' });
    expect(desc.json()['hydra:member'].map((r: { name: string }) => r.name)).toEqual([...dbOrder].reverse());
  });

  it('pages when asked', async () => {
    const res = await t.as(user, { method: 'GET', url: '/api/mail_providers?itemsPerPage=5&_page=2' });
    expect(res.json()['hydra:member']).toHaveLength(5);
    expect(res.json()['hydra:totalItems']).toBe(ids.size);
  });
});

describe('seed', () => {
  it("maps every seeded domain to a provider, lower-case, and leaves 'Other' without domains", async () => {
    const { rows } = await t.ctx.db.$client.query(
      `select d.domain, p.name from mail_provider_domains d join mail_providers p on p.id = d.mail_provider_id`,
    );
    expect(rows.length).toBeGreaterThan(200);
    for (const r of rows) expect(r.domain).toBe(r.domain.toLowerCase());
    expect(rows.filter((r) => r.name === 'Other')).toEqual([]);
    const byName = (n: string) => rows.filter((r) => r.name === n).map((r) => r.domain);
    expect(byName('GI')).toEqual(expect.arrayContaining(['google.com', 'googlegroups.com']));
    expect(byName('Trash Mail')).toEqual(
      expect.arrayContaining([
        'mailinator.com',
        'guerrillamail.com',
        '10minutemail.com',
        'yopmail.com',
        'temp-mail.org',
        'trashmail.com',
      ]),
    );
    expect(byName('Mail.ru').sort()).toEqual(['bk.ru', 'inbox.ru', 'internet.ru', 'list.ru', 'mail.ru']);
    expect(byName('iCloud').sort()).toEqual(['icloud.com', 'mac.com', 'me.com']);
    const flags = await t.ctx.db.$client.query(
      'select count(*)::int as n from mail_provider_domains where is_blacklisted',
    );
    expect(flags.rows[0].n).toBe(0);
  });

  it('is idempotent: running it again adds nothing and keeps a spam-listed domain as it is', async () => {
    await t.ctx.db.insert(mailProviderDomains).values({ domain: 'seed-spam.test', isBlacklisted: true });
    await t.ctx.db.$client.query(`update mail_provider_domains set is_blacklisted = true where domain = 'yopmail.fr'`);
    const snapshot = async () =>
      (
        await t.ctx.db.$client.query(
          'select id, domain, mail_provider_id, is_blacklisted from mail_provider_domains order by id',
        )
      ).rows;
    const before = await snapshot();
    const providersBefore = (await t.ctx.db.$client.query('select id, name from mail_providers order by id')).rows;
    const file = new URL('../../db/migrations/0001_mail_providers_seed.sql', import.meta.url);
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await t.ctx.db.$client.query(statement);
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.ctx.db.$client.query('select id, name from mail_providers order by id')).rows).toEqual(
      providersBefore,
    );
    await t.ctx.db.$client.query(`update mail_provider_domains set is_blacklisted = false where domain = 'yopmail.fr'`);
    await t.ctx.db.$client.query(`delete from mail_provider_domains where domain = 'seed-spam.test'`);
  });
});

describe('provider-of', () => {
  const samples: [string, string][] = [
    ['john@gmail.com', 'Gmail'],
    ['JOHN@GOOGLEMAIL.COM', 'Gmail'],
    ['x@yahoo.co.uk', 'Yahoo'],
    ['x@ymail.com', 'Yahoo'],
    ['x@hotmail.fr', 'Outlook'],
    ['x@live.com', 'Outlook'],
    ['x@aol.com', 'AOL'],
    ['x@me.com', 'iCloud'],
    ['x@gmx.de', 'GMX'],
    ['x@web.de', 'Web.de'],
    ['x@bk.ru', 'Mail.ru'],
    ['x@ya.ru', 'Yandex'],
    ['x@comcast.net', 'Comcast'],
    ['x@wanadoo.fr', 'Orange'],
    ['x@sbcglobal.net', 'AT&T'],
    ['x@mailinator.com', 'Trash Mail'],
    ['x@googlegroups.com', 'GI'],
    ['x@unknown.tld', 'Other'],
    ['x@mail.gmail.com', 'Other'], // exact domains only
    ['"odd@quoted"@gmail.com', 'Gmail'], // the part after the last '@'
    ['  x@Gmail.com.  ', 'Gmail'],
    ['no-at-sign', 'Other'],
    ['trailing@', 'Other'],
  ];

  it('classifies in SQL, set-based, with Other as the fallback', async () => {
    const values = sql.join(
      samples.map(([email], i) => sql`(${i}::int, ${email}::text)`),
      sql`, `,
    );
    const { rows } = await t.ctx.db.execute<{ i: number; provider: number }>(
      sql`select s.i, ${providerIdSql(sql`s.email`)} as provider from (values ${values}) as s(i, email) order by s.i`,
    );
    expect(rows.map((r) => [samples[r.i]![0], r.provider])).toEqual(
      samples.map(([email, name]) => [email, ids.get(name)]),
    );
  });

  it('classifies in process the same way', async () => {
    const map = await loadProviderMap(t.ctx.db);
    expect(map.otherId).toBe(ids.get('Other'));
    expect(map.domains.get('gmail.com')).toBe(ids.get('Gmail'));
    for (const [email, name] of samples) expect([email, map.providerOf(email)]).toEqual([email, ids.get(name)]);
  });

  it('treats a spam-listed domain without a provider as Other, and the SQL domain matches emailDomain', async () => {
    await t.ctx.db.insert(mailProviderDomains).values({ domain: 'listed-spam.test', isBlacklisted: true });
    const [row] = (
      await t.ctx.db.execute<{ p: number; d: string | null; none: string | null }>(
        sql`select ${providerIdSql(sql`${'a@listed-spam.test'}::text`)} as p, ${emailDomainSql(sql`${' A@B.Example. '}::text`)} as d, ${emailDomainSql(sql`${'nope'}::text`)} as none`,
      )
    ).rows;
    expect(row).toEqual({ p: ids.get('Other'), d: 'b.example', none: null });
    expect((await loadProviderMap(t.ctx.db)).providerOf('a@listed-spam.test')).toBe(ids.get('Other'));
  });
});
