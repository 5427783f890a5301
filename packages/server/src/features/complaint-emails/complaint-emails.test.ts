import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { expectAccess } from '../../../test/access.ts';
import { inTransaction } from '../../db/transaction.ts';
import { addComplaintEmails, type ComplaintEmail } from '../../suppression/complaints.ts';
import { revalidate } from '../../suppression/validity.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
  owner = await t.user();
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const get = (url: string, u: TestUser = admin) => t.as(u, { method: 'GET', url: `/api/${url}` });
const complaint = (email: string, o: Partial<ComplaintEmail> = {}): ComplaintEmail => ({
  userId: owner.id,
  email,
  source: 'report',
  at: new Date('2026-04-01T00:00:00Z'),
  campaignId: 0,
  relayId: null,
  ...o,
});
/** Records the complaints and recomputes the lists, as the complaint's job does. */
const complain = (rows: ComplaintEmail[]) =>
  inTransaction(t.ctx.db, async (client) => {
    const added = await addComplaintEmails(client, rows);
    if (added.length) await revalidate(client, { emails: added });
    return added;
  });
const ids = async (emails: string[]) =>
  (await q('select id from complaint_emails where email = any($1) order by email', [emails])).map(
    (r) => r.id as number,
  );
async function valid(listId: number) {
  const [r] = await q(
    `select l.valid_counter, (select count(*) from emails e where e.email_list_id = l.id and e.valid)::int as n
       from email_lists l where l.id = $1`,
    [listId],
  );
  expect(r.valid_counter).toBe(r.n);
  return r.n as number;
}

describe('Complaints (administrators)', () => {
  it('lists the last complaint first with owner, campaign and relay; searches, filters by owner, pages', async () => {
    const other = await t.user();
    const group = await make.smtpRelayGroup({ owner });
    const relay = await make.smtpRelay({ owner, groupId: group.id });
    const c = await make.smtpCampaign({ owner, name: 'Winter', relayGroupId: group.id });
    await complain([
      complaint('one@cl-a.example', { at: new Date('2026-04-01T00:00:00Z') }),
      complaint('two@cl-a.example', {
        at: new Date('2026-04-02T00:00:00Z'),
        source: 'pmta',
        campaignId: c.id,
        relayId: relay.id,
      }),
      complaint('one@cl-a.example', { userId: other.id, at: new Date('2026-04-03T00:00:00Z') }),
    ]);
    const res = await get('complaint_emails?email.email=CL-A.example');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member'].map((r: { email: string; user: { id: number } }) => [r.email, r.user.id])).toEqual([
      ['one@cl-a.example', other.id],
      ['two@cl-a.example', owner.id],
      ['one@cl-a.example', owner.id],
    ]);
    expect(body['hydra:member'][1]).toEqual({
      id: expect.any(Number),
      email: 'two@cl-a.example',
      user: { id: owner.id, username: owner.username },
      source: 'pmta',
      firstComplaintAt: '2026-04-02T00:00:00.000Z',
      lastComplaintAt: '2026-04-02T00:00:00.000Z',
      count: 1,
      campaign: { id: c.id, name: 'Winter' },
      relay: { id: relay.id, name: relay.account },
    });
    const mine = (await get(`complaint_emails?email.email=cl-a&user.id=${owner.id}`)).json();
    expect(mine['hydra:totalItems']).toBe(2);
    const bySource = (await get('complaint_emails?email.email=cl-a&source=pmta')).json();
    expect(bySource['hydra:member'].map((r: { email: string }) => r.email)).toEqual(['two@cl-a.example']);
    const page2 = (await get('complaint_emails?email.email=cl-a&itemsPerPage=2&_page=2')).json();
    expect(page2['hydra:member']).toHaveLength(1);
    const [id] = await ids(['two@cl-a.example']);
    expect((await get(`complaint_emails/${id}`)).json()).toMatchObject({ id, email: 'two@cl-a.example' });
    expect((await get('complaint_emails/999999')).json()).toEqual({ error: 'Complaint not found.' });
    expect((await get('complaint_emails?email.email=' + 'a'.repeat(300))).statusCode).toBe(422);
  });

  it('exports the rows the filters select as CSV, formulas defused', async () => {
    await complain([
      complaint('csv1@cl-c.example', { at: new Date('2026-05-01T00:00:00Z') }),
      complaint('=cmd@cl-c.example', { at: new Date('2026-05-02T00:00:00Z') }),
    ]);
    const res = await get('complaint_emails/export?email.email=cl-c&itemsPerPage=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="complaints.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'E-mail,Owner,Source,First complaint,Last complaint,Complaints,Campaign,Relay',
      `'=cmd@cl-c.example,${owner.username},report,2026-05-02T00:00:00.000Z,2026-05-02T00:00:00.000Z,1,,`,
      `csv1@cl-c.example,${owner.username},report,2026-05-01T00:00:00.000Z,2026-05-01T00:00:00.000Z,1,,`,
      '',
    ]);
  });

  it("lifts one address: it counts valid again in its owner's lists unless another rule holds it", async () => {
    const list = await make.emailList({ owner, emails: ['lift@cl-l.example', 'held@cl-l.example', 'ok@cl-l.example'] });
    await complain([complaint('lift@cl-l.example'), complaint('held@cl-l.example')]);
    expect(await valid(list.id)).toBe(1);
    await q(`insert into spam_emails (email, info) values ('held@cl-l.example', 'trap')`);
    const [held, lift] = await ids(['held@cl-l.example', 'lift@cl-l.example']);
    const res = await t.as(admin, { method: 'DELETE', url: `/api/complaint_emails/${lift}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await valid(list.id)).toBe(2);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/complaint_emails/${lift}` })).json()).toEqual({
      error: 'Complaint not found.',
    });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/complaint_emails/${held}` })).statusCode).toBe(204);
    expect(await valid(list.id)).toBe(2); // still a spam trap
  });

  it('lifts many at once, all or none', async () => {
    const list = await make.emailList({ owner, emails: ['m1@cl-m.example', 'm2@cl-m.example'] });
    await complain([complaint('m1@cl-m.example'), complaint('m2@cl-m.example')]);
    expect(await valid(list.id)).toBe(0);
    const both = await ids(['m1@cl-m.example', 'm2@cl-m.example']);
    const post = (payload: unknown) =>
      t.as(admin, { method: 'POST', url: '/api/complaint_emails/bulk_delete', payload: payload as object });
    const missing = await post({ ids: [...both, 999_998] });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: { ids: 'Not found: 999998.' } }]);
    expect(await ids(['m1@cl-m.example', 'm2@cl-m.example'])).toEqual(both);
    const res = await post({ ids: both });
    expect([res.statusCode, res.json()]).toEqual([200, { lifted: 2 }]);
    expect(await valid(list.id)).toBe(2);
  });

  it.each([
    ['no ids', {}, 'Select at least one e-mail.'],
    ['a string', { ids: 'x' }, 'Select at least one e-mail.'],
    ['a hex id', { ids: ['0x10'] }, 'Complaint not found.'],
    ['a NUL byte', { ids: ['1\u0000'] }, 'Must not contain a NUL character.'],
    ['1001 ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'At most 1000 e-mails at once.'],
  ])('refuses a bulk lift with %s', async (_, payload, message) => {
    await complain([complaint('kept@cl-k.example')]);
    const res = await t.as(admin, { method: 'POST', url: '/api/complaint_emails/bulk_delete', payload });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await ids(['kept@cl-k.example'])).toHaveLength(1);
  });

  it.each(['abc', '0x10', '1e1', '2147483648', '-1'])('answers a malformed id %j with a 4xx', async (id) => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.as(admin, { method, url: `/api/complaint_emails/${id}` });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it.each([
    ['GET', '/api/complaint_emails'],
    ['GET', '/api/complaint_emails/export'],
    ['GET', '/api/complaint_emails/:id'],
    ['DELETE', '/api/complaint_emails/:id'],
    ['POST', '/api/complaint_emails/bulk_delete'],
  ] as const)('%s %s is for administrators only', async (method, url) => {
    await complain([complaint('guarded@cl-g.example')]);
    const [id] = await ids(['guarded@cl-g.example']);
    await expectAccess(t, { method, url, admin: true, owned: async () => id!, payload: { ids: [id] } });
    expect(await ids(['guarded@cl-g.example'])).toEqual([id]);
  });
});
