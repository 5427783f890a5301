// @ts-nocheck
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_MACROS } from '@console/shared/macros';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/uploads.ts';

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
const count = async () => (await q('select count(*)::int as n from messages'))[0].n as number;
const body = { name: 'Spring sale', subject: 'Hi [name]', htmlContent: '<p>Hello</p>' };

describe('messages', () => {
  it('creates (201), reads with its HTML, updates, lists without the HTML; an administrator writes for an owner', async () => {
    const owner = await t.user();
    const res = await t.as(owner, { method: 'POST', url: '/api/messages', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({ ...body, archive: null, user: { id: owner.id } });
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/messages/${m.id}`,
      payload: { ...body, name: 'Spring sale 2', htmlContent: '<p>Changed</p>', user: admin.id },
    });
    expect(put.json()).toMatchObject({ name: 'Spring sale 2', htmlContent: '<p>Changed</p>', user: { id: owner.id } });
    const list = await t.as(owner, { method: 'GET', url: '/api/messages' });
    expect(list.json()['hydra:member']).toEqual([
      {
        id: m.id,
        name: 'Spring sale 2',
        subject: 'Hi [name]',
        archive: null,
        user: { id: owner.id, username: owner.username },
      },
    ]);
    const forOwner = await t.as(admin, { method: 'POST', url: '/api/messages', payload: { ...body, user: owner.id } });
    expect(forOwner.json().user.id).toBe(owner.id);
  });

  it('filters by name, owner and archive status; the select list leaves archived messages out', async () => {
    const owner = await t.user();
    const a = await make.message({ owner, name: 'b-current' });
    const b = await make.message({ owner, name: 'a-current' });
    const c = await make.message({ owner, name: 'c-archived', archived: true });
    const ids = (query: string, u = owner) =>
      t
        .as(u, { method: 'GET', url: `/api/messages?${query}` })
        .then((r) => r.json()['hydra:member'].map((x: { id: number }) => x.id));
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('archive[exists]=false')).toEqual([b.id, a.id]);
    expect(await ids('archive[exists]=true')).toEqual([c.id]);
    expect(await ids('name=CURRENT')).toEqual([b.id, a.id]);
    expect(await ids('groups[]=select&pagination=false&archive[exists]=false&order[name]=asc')).toEqual([b.id, a.id]);
    expect(await ids(`user.id=${owner.id}`, await t.user())).toEqual([]);
    expect(await ids(`user.id=${owner.id}`, admin)).toEqual([c.id, b.id, a.id]);
    const row = (await t.as(owner, { method: 'GET', url: `/api/messages?archive[exists]=true` })).json()[
      'hydra:member'
    ][0];
    expect(row.archive).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('archives once, with no way back; an archived message is read-only', async () => {
    const m = await make.message();
    const archive = () => t.as(m.owner, { method: 'POST', url: `/api/messages/archive/${m.id}` });
    const first = await archive();
    expect([first.statusCode, typeof first.json().archive]).toEqual([200, 'string']);
    expect((await archive()).json()).toEqual({ error: 'The message is already archived.' });
    const put = await t.as(m.owner, { method: 'PUT', url: `/api/messages/${m.id}`, payload: body });
    expect([put.statusCode, put.json()]).toEqual([409, { error: 'Archived messages are read-only.' }]);
    expect((await q('select name from messages where id = $1', [m.id]))[0].name).toBe(m.name);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Name must not exceed 100 characters.' }],
    ['no subject', { subject: ' ' }, { subject: 'Subject is required.' }],
    ['a long subject', { subject: 'x'.repeat(101) }, { subject: 'Subject must not exceed 100 characters.' }],
    ['no HTML', { htmlContent: '' }, { htmlContent: 'HTML Content is required.' }],
    ['HTML as a number', { htmlContent: 5 }, { htmlContent: 'HTML Content is required.' }],
    ['an unknown owner', { user: 999999 }, { user: 'User not found.' }],
  ])('refuses %s, and adds nothing', async (_, over, error) => {
    const before = await count();
    const res = await t.as(admin, { method: 'POST', url: '/api/messages', payload: { ...body, ...over } });
    expect([res.statusCode, res.json()]).toEqual([422, { error }]);
    expect(await count()).toBe(before);
  });

  it('refuses NUL bytes and malformed ids with a 4xx', async () => {
    const nul = await t.as(admin, { method: 'POST', url: '/api/messages', payload: { ...body, subject: 'a\u0000' } });
    expect(nul.statusCode).toBe(422);
    for (const id of ['0x1', '1e1', '-1', '2147483648', 'abc']) {
      expect((await t.as(admin, { method: 'GET', url: `/api/messages/${id}` })).statusCode, id).toBe(422);
      expect((await t.as(admin, { method: 'POST', url: `/api/messages/archive/${id}` })).statusCode, id).toBe(422);
    }
  });

  it('keeps its own text version (issue 26): none by default, set, changed, cleared by a blank one', async () => {
    const owner = await t.user();
    const created = await t.as(owner, { method: 'POST', url: '/api/messages', payload: body });
    expect(created.json().textContent).toBeNull();
    const id = created.json().id as number;
    const put = (payload: object) => t.as(owner, { method: 'PUT', url: `/api/messages/${id}`, payload });
    const text = 'Hello [name],\n\nSee the offer: [offer]\n';
    expect((await put({ ...body, textContent: text })).json().textContent).toBe(text);
    expect((await t.as(owner, { method: 'GET', url: `/api/messages/${id}` })).json().textContent).toBe(text);
    expect((await q('select text_content from messages where id = $1', [id]))[0].text_content).toBe(text);
    // Left out, the text is none: the form always sends what it shows.
    expect((await put(body)).json().textContent).toBeNull();
    expect((await put({ ...body, textContent: 'Again' })).json().textContent).toBe('Again');
    expect((await put({ ...body, textContent: '  \n ' })).json().textContent).toBeNull();
    expect((await put({ ...body, textContent: null })).json().textContent).toBeNull();
    const withText = await t.as(owner, {
      method: 'POST',
      url: '/api/messages',
      payload: { ...body, textContent: 'Own' },
    });
    expect([withText.statusCode, withText.json().textContent]).toEqual([201, 'Own']);
    // The list rows stay without texts.
    const list = await t.as(owner, { method: 'GET', url: '/api/messages' });
    expect(list.json()['hydra:member'][0]).not.toHaveProperty('textContent');
  });

  it('refuses a text version over 100000 characters or with a NUL byte, and changes nothing', async () => {
    const owner = await t.user();
    const m = await make.message({ owner, text: 'kept' });
    const before = await count();
    const long = 'x'.repeat(100_001);
    const post = await t.as(owner, { method: 'POST', url: '/api/messages', payload: { ...body, textContent: long } });
    expect([post.statusCode, post.json()]).toEqual([
      422,
      { error: { textContent: 'Text version must not exceed 100000 characters.' } },
    ]);
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/messages/${m.id}`,
      payload: { ...body, textContent: long },
    });
    expect(put.statusCode).toBe(422);
    for (const textContent of ['a\u0000b', 5]) {
      const nul = await t.as(owner, { method: 'PUT', url: `/api/messages/${m.id}`, payload: { ...body, textContent } });
      expect(nul.statusCode, String(textContent)).toBe(422);
      const created = await t.as(owner, { method: 'POST', url: '/api/messages', payload: { ...body, textContent } });
      expect(created.statusCode, String(textContent)).toBe(422);
    }
    expect(await count()).toBe(before);
    expect((await q('select name, text_content from messages where id = $1', [m.id]))[0]).toEqual({
      name: m.name,
      text_content: 'kept',
    });
    // Exactly the maximum is taken.
    const max = await t.as(owner, {
      method: 'PUT',
      url: `/api/messages/${m.id}`,
      payload: { ...body, textContent: 'y'.repeat(100_000) },
    });
    expect([max.statusCode, max.json().textContent.length]).toEqual([200, 100_000]);
  });

  it.each([
    ['GET', '/api/messages/:id'],
    ['PUT', '/api/messages/:id'],
    ['POST', '/api/messages/archive/:id'],
  ] as const)('%s %s: 401 without a token; another user’s message is 404 and untouched', async (method, url) => {
    let id = 0;
    await expectAccess(t, {
      method,
      url,
      payload: { ...body, name: 'changed' },
      owned: async (owner) => (id = (await make.message({ owner, name: 'kept' })).id),
    });
    expect((await q('select name, archive from messages where id = $1', [id]))[0]).toEqual({
      name: 'kept',
      archive: null,
    });
  });
});

describe('messages: preview and static macros', () => {
  it('renders the editor’s texts for the sample recipient with the owner’s tags and sample links, listing what is unresolved', async () => {
    const owner = await t.user();
    await make.tag({ owner, name: 'greeting', content: ['Howdy'] });
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/messages/preview',
      ...multipartBody({
        name: 'draft',
        subject: '{greeting} [name]',
        content: '<a href="[offer]">{Buy|Buy}</a> [email] [pixel] {gretting} [unsub]',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.subject).toBe('Howdy John');
    expect(out.html).toMatch(/^<a href="http:\/\/localhost(:\d+)?\/t\/c\/sample-tracking-id\/[a-z0-9]{12}">Buy<\/a> /);
    expect(out.html).toContain(
      `john.smith@example.com <div style="width:1px;height:1px;line-height:1px;font-size:1px;background-image:url('http://localhost`,
    );
    expect(out.html).toContain('{gretting} http://localhost');
    expect(out.unresolved).toEqual(['{gretting}']);
    // The same preview twice shows the same choices (seeded).
    const again = await t.as(owner, {
      method: 'POST',
      url: '/api/messages/preview',
      payload: { subject: '{a|b|c|d|e|f}', content: '[junk]' },
    });
    const twice = await t.as(owner, {
      method: 'POST',
      url: '/api/messages/preview',
      payload: { subject: '{a|b|c|d|e|f}', content: '[junk]' },
    });
    expect(again.json()).toEqual(twice.json());
  });

  it("previews the message's own text: the saved one, or the editor's beside its HTML; blank means made from the HTML", async () => {
    const owner = await t.user();
    const m = await make.message({ owner, content: '<p>From HTML</p>', text: 'Own words for [name]' });
    const preview = (payload: object) => t.as(owner, { method: 'POST', url: '/api/messages/preview', payload });
    expect((await preview({ id: m.id })).json().text).toBe('Own words for John');
    expect((await preview({ id: m.id, content: '<p>Edited HTML</p>', text: 'Edited words' })).json().text).toBe(
      'Edited words',
    );
    expect((await preview({ id: m.id, content: '<p>Edited HTML</p>', text: ' ' })).json().text).toBe('Edited HTML');
    expect((await preview({ content: '<p>x</p>', text: 'y'.repeat(100_001) })).statusCode).toBe(422);
  });

  it('previews a message for a campaign: its sender, its link groups, its owner; another user’s campaign is 404', async () => {
    const owner = await t.user();
    const m = await make.message({ owner, subject: 'Hi [name]', content: '<a href="[offer]">Buy</a> [sender]' });
    const group = await make.linkGroup({ owner, type: 0 });
    await make.link({ owner, groupId: group.id, url: 'https://trk.example.com/t/c/[uuid]' });
    const c = await make.smtpCampaign({ owner, messageId: m.id, offerLinksId: group.id, sender: 'Team {A|A}' });
    const preview = (u: TestUser, payload: object) =>
      t.as(u, { method: 'POST', url: '/api/messages/preview', payload });
    const asOwner = await preview(owner, { id: m.id, campaignId: c.id, campaignType: 'smtp' });
    expect(asOwner.json()).toMatchObject({
      subject: 'Hi John',
      html: '<a href="https://trk.example.com/t/c/sample-tracking-id">Buy</a> Team A',
      unresolved: [],
    });
    expect((await preview(admin, { campaignId: c.id, campaignType: 'smtp' })).json().subject).toBe('Hi John');
    expect((await preview(await t.user(), { campaignId: c.id, campaignType: 'smtp' })).statusCode).toBe(404);
    expect((await preview(owner, { campaignId: c.id, campaignType: 'pmta' })).statusCode).toBe(404);
  });

  it('previews a saved message by id with its owner’s tags; another user’s message or an unknown campaign is 404', async () => {
    const owner = await t.user();
    await make.tag({ owner, name: 'promo', content: ['50% off'] });
    const m = await make.message({ owner, subject: 'Deal: {promo}', content: '<p>[name], {promo}</p>' });
    const preview = (u: TestUser, payload: object) =>
      t.as(u, { method: 'POST', url: '/api/messages/preview', payload });
    expect((await preview(owner, { id: m.id })).json()).toMatchObject({
      subject: 'Deal: 50% off',
      html: '<p>John, 50% off</p>',
      unresolved: [],
      text: 'John, 50% off',
    });
    // An administrator previews it with the owner's tags.
    expect((await preview(admin, { id: m.id })).json().subject).toBe('Deal: 50% off');
    expect((await preview(await t.user(), { id: m.id })).statusCode).toBe(404);
    expect((await preview(owner, { id: m.id, campaignId: 5, campaignType: 'smtp' })).json()).toEqual({
      error: 'Campaign not found.',
    });
    expect((await preview(owner, { id: 'x' })).statusCode).toBe(422);
    expect((await preview(owner, { campaignType: 'fax' })).json()).toEqual({
      error: { campaignType: "Campaign type must be 'smtp' or 'pmta'." },
    });
    const nul = await t.as(owner, {
      method: 'POST',
      url: '/api/messages/preview',
      ...multipartBody({ content: 'a\u0000' }),
    });
    expect(nul.statusCode).toBe(422);
    expect((await t.as(null, { method: 'POST', url: '/api/messages/preview', payload: {} })).statusCode).toBe(401);
  });

  it('lists every static tag with a description', async () => {
    const res = await t.as(await t.user(), { method: 'GET', url: '/api/global_macros' });
    expect(res.json()).toEqual([...STATIC_MACROS]);
    const names = res.json().map((m: { name: string }) => m.name);
    for (const n of [
      '[email]',
      '[name]',
      '[surname]',
      '[city]',
      '[geo]',
      '[birthYear]',
      '[domain]',
      '[uuid]',
      '[click_id]',
      '[trk]',
      '[date]',
      '[junk]',
      '[offer]',
      '[unsub]',
      '[pixel]',
      '[sender]',
    ]) {
      expect(names).toContain(n);
    }
    expect((await t.as(null, { method: 'GET', url: '/api/global_macros' })).statusCode).toBe(401);
  });
});
