// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { postFile, uploadOutcome } from '../../../test/uploads.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const post = (url: string, payload: object, u = admin) => t.as(u, { method: 'POST', url: `/api/${url}`, payload });

/** Valid e-mails of each list, by counter and by a direct count (they must agree). */
async function valid(listIds: number[]) {
  const rows = await q(
    `select l.id, l.valid_counter, (select count(*) from emails e where e.email_list_id = l.id and e.valid)::int as n
     from email_lists l where l.id = any($1) order by l.id`,
    [listIds],
  );
  for (const r of rows) expect(r.valid_counter, `list ${r.id}`).toBe(r.n);
  return rows.map((r) => r.n);
}

describe('spam-trap domains', () => {
  it('blacklists a domain, every list follows; removing it restores the addresses no other rule holds', async () => {
    const cat = await make.category();
    const a = await make.emailList({
      categoryId: cat.id,
      emails: ['a@trap-one.example', 'b@trap-one.example', 'c@fine.example'],
    });
    const b = await make.emailList({ emails: ['d@trap-one.example', 'e@fine.example'] });
    expect(await valid([a.id, b.id])).toEqual([3, 2]);
    const res = await post('add-spam-domain', { domain: ' Trap-One.Example. ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ domain: 'trap-one.example', isBlacklisted: true, mailProvider: null });
    expect(await valid([a.id, b.id])).toEqual([1, 1]);
    expect((await post('add-spam-domain', { domain: 'trap-one.example' })).json()).toEqual({
      error: { domain: 'This domain is already a spam trap.' },
    });
    // b@ is also unsubscribed: it stays invalid when the domain leaves.
    await post('unsubscribers', { category: cat.id, email: 'b@trap-one.example' });
    expect((await post('remove-spam-domain', { domainId: res.json().id })).statusCode).toBe(204);
    expect(await valid([a.id, b.id])).toEqual([2, 2]);
    expect(
      (await q(`select count(*)::int as n from mail_provider_domains where domain = 'trap-one.example'`))[0].n,
    ).toBe(0);
  });

  it("flags a mail service's own domain and only unflags it on removal", async () => {
    const res = await post('add-spam-domain', { domain: 'googlemail.com' });
    expect(res.json()).toMatchObject({ domain: 'googlemail.com', isBlacklisted: true, mailProvider: 'Gmail' });
    const listed = await t.as(admin, {
      method: 'GET',
      url: '/api/mail_provider_domains?isBlacklisted=1&domain=google',
    });
    expect(listed.json()['hydra:member'].map((d: { domain: string }) => d.domain)).toEqual(['googlemail.com']);
    await post('remove-spam-domain', { domainId: res.json().id });
    expect((await q(`select is_blacklisted from mail_provider_domains where domain = 'googlemail.com'`))[0]).toEqual({
      is_blacklisted: false,
    });
  });

  it.each([
    ['', 'Domain name is required.'],
    ['not a domain', 'Not valid domain name.'],
    ['localhost', 'Not valid domain name.'],
  ])('refuses %j', async (domain, message) => {
    expect((await post('add-spam-domain', { domain })).json()).toEqual({ error: { domain: message } });
  });

  it('uploads a file of domains as a whole, or refuses it for one bad line', async () => {
    const list = await make.emailList({ emails: ['x@bulk-a.example', 'y@bulk-b.example', 'z@ok.example'] });
    const good = await postFile(
      t,
      admin,
      '/api/add-spam-domains',
      'spam_domains',
      'bulk-a.example\nBULK-B.example\n\nbulk-a.example\n',
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(await uploadOutcome(t, good.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    expect(await valid([list.id])).toEqual([1]);
    const bad = await postFile(t, admin, '/api/add-spam-domains', 'spam_domains', 'bulk-c.example\nnot a domain\n');
    expect(await uploadOutcome(t, bad.json().id)).toMatchObject({
      status: 'failed',
      error: 'Line 2: Not valid domain name. Nothing was imported.',
    });
    const shapeless = await postFile(t, admin, '/api/add-spam-domains', 'spam_domains', 'domain,info\n');
    expect([shapeless.statusCode, shapeless.json()]).toEqual([
      422,
      { error: { spam_domains: 'The file must hold one domain per line.' } },
    ]);
  });
});

describe('spam-trap e-mails', () => {
  it('adds an address with its note, every list follows; removing it makes it valid again', async () => {
    const a = await make.emailList({ emails: ['trap@mail.example', 'ok@mail.example'] });
    const b = await make.emailList({ emails: ['trap@mail.example'] });
    const res = await post('add-spam-email', { email: 'Trap@Mail.example', info: 'seen in a honeypot' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'trap@mail.example', info: 'seen in a honeypot' });
    expect(await valid([a.id, b.id])).toEqual([1, 0]);
    expect((await post('add-spam-email', { email: 'trap@mail.example' })).statusCode).toBe(409);
    const list = await t.as(admin, { method: 'GET', url: '/api/spam_emails?email.email=TRAP@' });
    expect(list.json()['hydra:totalItems']).toBe(1);
    expect((await post('remove-spam-email', { emailId: res.json().id })).statusCode).toBe(204);
    expect(await valid([a.id, b.id])).toEqual([2, 1]);
  });

  it.each([
    [{ email: '' }, { email: 'Email is required.' }],
    [{ email: 'nope' }, { email: 'Not valid email.' }],
    [{ email: 'a@b.example', info: 'x'.repeat(1001) }, { info: 'Info must be no longer than 1000 characters.' }],
  ])('refuses %j', async (payload, error) => {
    expect((await post('add-spam-email', payload)).json()).toEqual({ error });
  });

  it('uploads email,info lines as a whole', async () => {
    const list = await make.emailList({ emails: ['p@up.example', 'q@up.example', 'r@up.example'] });
    const good = await postFile(
      t,
      admin,
      '/api/add-spam-emails',
      'spam_emails',
      'p@up.example,from a trap\nQ@up.example,\n',
    );
    expect(await uploadOutcome(t, good.json().id)).toEqual({ status: 'done', inserted: 2, error: null });
    expect(await valid([list.id])).toEqual([1]);
    expect((await q(`select info from spam_emails where email = 'p@up.example'`))[0].info).toBe('from a trap');
    const bad = await postFile(t, admin, '/api/add-spam-emails', 'spam_emails', 'r@up.example,x\nbroken,y\n');
    expect(await uploadOutcome(t, bad.json().id)).toMatchObject({
      status: 'failed',
      error: 'Line 2: Not valid email. Nothing was imported.',
    });
    expect(await valid([list.id])).toEqual([1]);
  });
});

describe('spam traps: edits', () => {
  it('renames a spam-trap domain and edits a spam-trap e-mail; both old and new addresses follow', async () => {
    const list = await make.emailList({
      emails: ['a@old-trap.example', 'b@new-trap.example', 'c@x.example', 'd@x.example'],
    });
    const d = (await post('add-spam-domain', { domain: 'old-trap.example' })).json();
    const e = (await post('add-spam-email', { email: 'c@x.example' })).json();
    expect(await valid([list.id])).toEqual([2]);
    const renamed = await t.as(admin, {
      method: 'PUT',
      url: `/api/mail_provider_domains/${d.id}`,
      payload: { domain: 'new-trap.example' },
    });
    expect(renamed.json()).toMatchObject({ id: d.id, domain: 'new-trap.example' });
    const edited = await t.as(admin, {
      method: 'PUT',
      url: `/api/spam_emails/${e.id}`,
      payload: { email: 'd@x.example', info: 'moved' },
    });
    expect(edited.json()).toMatchObject({ email: 'd@x.example', info: 'moved' });
    expect(await valid([list.id])).toEqual([2]);
    expect(
      (await q(`select email from emails where email_list_id = $1 and not valid order by email`, [list.id])).map(
        (r) => r.email,
      ),
    ).toEqual(['b@new-trap.example', 'd@x.example']);
    const gmail = (await post('add-spam-domain', { domain: 'gmail.com' })).json();
    const refused = await t.as(admin, {
      method: 'PUT',
      url: `/api/mail_provider_domains/${gmail.id}`,
      payload: { domain: 'x.example' },
    });
    expect(refused.json()).toEqual({
      error: { domain: "A mail service's domain cannot be renamed: remove it and add the other one." },
    });
    await post('remove-spam-domain', { domainId: gmail.id });
    const taken = (await post('add-spam-email', { email: 'z@x.example' })).json();
    expect(
      (await t.as(admin, { method: 'PUT', url: `/api/spam_emails/${taken.id}`, payload: { email: 'd@x.example' } }))
        .statusCode,
    ).toBe(409);
  });
});

describe('spam traps: access', () => {
  it('refuses ordinary users (403) and missing tokens (401), changing nothing', async () => {
    const user = await t.user();
    for (const [method, url] of [
      ['GET', '/api/mail_provider_domains'],
      ['GET', '/api/mail_provider_domains/1'],
      ['POST', '/api/add-spam-domain'],
      ['POST', '/api/add-spam-domains'],
      ['POST', '/api/remove-spam-domain'],
      ['GET', '/api/spam_emails'],
      ['GET', '/api/spam_emails/1'],
      ['POST', '/api/add-spam-email'],
      ['POST', '/api/add-spam-emails'],
      ['POST', '/api/remove-spam-email'],
      ['PUT', '/api/mail_provider_domains/1'],
      ['PUT', '/api/spam_emails/1'],
    ] as const) {
      expect(
        (
          await t.as(user, {
            method,
            url,
            payload: { domain: 'x.example', email: 'x@x.example', domainId: 1, emailId: 1 },
          })
        ).statusCode,
        url,
      ).toBe(403);
      expect((await t.as(null, { method, url })).statusCode, url).toBe(401);
    }
    expect((await q(`select count(*)::int as n from spam_emails where email = 'x@x.example'`))[0].n).toBe(0);
    expect((await post('remove-spam-email', { emailId: '0x1' })).statusCode).toBe(422);
    expect((await post('remove-spam-domain', { domainId: 999999 })).statusCode).toBe(404);
  });
});
