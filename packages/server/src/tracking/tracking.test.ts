import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../test/harness.ts';
import { ownerPostbackKey } from './postback-key.ts';
import { factories } from '../../test/factories.ts';
import { Topics } from '@console/shared/hub';
import { CampaignType } from '@console/shared/enums';
import { buildApp } from '../app.ts';
import { PIXEL } from './pages.ts';
import { IMPLIED_OPEN } from './group-commit.ts';
import { addRecipients, smtpTrackingId } from './test-helpers.ts';
import { encodeTrackingId } from './uuid.ts';

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
/** The owner's postback key: every postback below carries it. */
let postbackKey: string;
let campaign: Awaited<ReturnType<ReturnType<typeof factories>['smtpCampaign']>>;
let recipients: { emailId: number; email: string }[];
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  postbackKey = await ownerPostbackKey(t.ctx, owner.id);
  await q('update users set profit_rate = 70 where id = $1', [owner.id]);
  const offer = await f.offer({
    owner,
    url: 'https://offer.example.com/land?cid=[click_id]&src=[trk]&to=[email]&x=%2F',
  });
  categoryId = (await f.category()).id;
  const list = await f.emailList({
    owner,
    categoryId,
    emails: Array.from({ length: 14 }, (_, i) => `r${i}+tag@example${i % 3}.com`),
  });
  campaign = await f.smtpCampaign({ owner, offerId: offer.id, emailListId: list.id });
  recipients = await addRecipients(t, campaign);
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const idOf = (i: number, campaignId = campaign.id) => smtpTrackingId(t, campaignId, recipients[i]!.emailId);
const get = (url: string) => t.app.inject({ method: 'GET', url });
const counters = async (id = campaign.id) =>
  (
    await q(
      `select opens, unique_opens, clicks, unique_clicks, unsubscribes, conversions, profit_cents::int as profit
         from campaign_counters where campaign_type = $2 and campaign_id = $1`,
      [id, CampaignType.SMTP],
    )
  )[0] ?? null;
const eventCount = async () => (await q('select count(*)::int as n from events'))[0].n as number;
const recipientRow = async (i: number) =>
  (
    await q(
      `select first_open_at, first_click_at, unsubscribed_at, converted_at from campaign_recipients
        where campaign_id = $1 and email_id = $2`,
      [campaign.id, recipients[i]!.emailId],
    )
  )[0];

describe('the open pixel', () => {
  it('answers a transparent GIF that is never cached, and counts the open', async () => {
    const res = await get(`/t/o/${idOf(0)}/logo.gif`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.equals(PIXEL)).toBe(true);
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    expect(await counters()).toMatchObject({ opens: 1, unique_opens: 1 });
    expect((await recipientRow(0)).first_open_at).toBeInstanceOf(Date);
    const [event] = await q('select * from events where kind = 5 and email_id = $1', [recipients[0]!.emailId]);
    expect(event).toMatchObject({
      campaign_type: CampaignType.SMTP,
      campaign_id: campaign.id,
      user_id: owner.id,
      relay_id: 7,
      domain: 'example0.com',
      first: true,
    });
  });

  it('counts every repeated open in the total and the recipient once in the unique count', async () => {
    const before = await counters();
    for (const url of [`/t/o/${idOf(1)}`, `/t/o/${idOf(1)}/a`, `/t/o/${idOf(1)}/b/c?x=1`])
      expect((await get(url)).statusCode).toBe(200);
    expect(await counters()).toMatchObject({ opens: before.opens + 3, unique_opens: before.unique_opens + 1 });
  });

  it('counts nothing for a HEAD request', async () => {
    const before = [await counters(), await eventCount()];
    const res = await t.app.inject({ method: 'HEAD', url: `/t/o/${idOf(2)}/x` });
    expect(res.statusCode).toBe(200);
    expect([await counters(), await eventCount()]).toEqual(before);
  });
});

describe('ids already in inboxes (version 1: 1 SMTP, 2 PMTA)', () => {
  it('decode with the old mapping and keep counting opens and clicks for the right campaign', async () => {
    const list = await f.emailList({ owner, categoryId, emails: ['old-id@example.com'] });
    const c = await f.smtpCampaign({ owner, emailListId: list.id });
    const [r] = await addRecipients(t, c);
    const ids = { campaignType: 'smtp', campaignId: c.id, relayId: 7, emailId: r!.emailId } as const;
    const old = encodeTrackingId(t.ctx.secret, ids, 1);
    expect(old).not.toBe(encodeTrackingId(t.ctx.secret, ids));
    expect((await get(`/t/o/${old}/logo.gif`)).statusCode).toBe(200);
    const click = await get(`/t/c/${old}/x`);
    expect(click.statusCode).toBe(302);
    expect(await counters(c.id)).toMatchObject({ opens: 1, unique_opens: 1, clicks: 1 });
    const events = await q('select campaign_type, kind from events where campaign_id = $1 order by id', [c.id]);
    expect(events).toEqual([
      { campaign_type: CampaignType.SMTP, kind: 5 },
      { campaign_type: CampaignType.SMTP, kind: 6 },
    ]);
  });
});

describe('the click redirect', () => {
  it('sends the recipient to the offer with the placeholders filled, counts the click and implies an open', async () => {
    const before = await counters();
    const uuid = idOf(3);
    const res = await get(`/t/c/${uuid}/some/junk`);
    expect(res.statusCode).toBe(302);
    const target = `https://offer.example.com/land?cid=${uuid}&src=smtp-${campaign.id}&to=r3%2Btag%40example0.com&x=%2F`;
    expect(res.headers.location).toBe(target);
    expect(await counters()).toMatchObject({
      clicks: before.clicks + 1,
      unique_clicks: before.unique_clicks + 1,
      opens: before.opens + 1,
      unique_opens: before.unique_opens + 1,
    });
    const events = await q('select kind, first, detail from events where email_id = $1 order by id', [
      recipients[3]!.emailId,
    ]);
    expect(events).toEqual([
      { kind: 5, first: true, detail: IMPLIED_OPEN },
      { kind: 6, first: true, detail: target },
    ]);
    // The second click: total only, and no second open.
    expect((await get(`/t/c/${uuid}`)).statusCode).toBe(302);
    expect(await counters()).toMatchObject({
      clicks: before.clicks + 2,
      unique_clicks: before.unique_clicks + 1,
      opens: before.opens + 1,
    });
    const row = await recipientRow(3);
    expect(row.first_click_at).toBeInstanceOf(Date);
    expect(row.first_open_at).toEqual(row.first_click_at);
  });

  it("goes to the offer's plug while one is set", async () => {
    const offer = await f.offer({ owner, url: 'https://offer.example.com/?c=[click_id]' });
    await q(`update offers set plug = 'https://plug.example.net/p?c=[click_id]&t=[trk]&e=[email]' where id = $1`, [
      offer.id,
    ]);
    const other = await f.smtpCampaign({ owner, offerId: offer.id, emailListId: campaign.emailListId });
    await addRecipients(t, other);
    const uuid = idOf(4, other.id);
    const res = await get(`/t/c/${uuid}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `https://plug.example.net/p?c=${uuid}&t=smtp-${other.id}&e=r4%2Btag%40example1.com`,
    );
    expect(await counters(other.id)).toMatchObject({ clicks: 1, unique_clicks: 1 });
  });
});

describe('unsubscribing', () => {
  const unsubscribers = () => q('select email, category_id from unsubscribers order by id');
  const validCounter = async () =>
    (await q('select valid_counter from email_lists where id = $1', [campaign.emailListId]))[0].valid_counter;

  it('shows a plain page with a confirm button and writes nothing', async () => {
    const before = [await counters(), await eventCount(), await unsubscribers()];
    const res = await get(`/t/u/${idOf(5)}/x`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('r5+tag@example2.com');
    expect(res.body).toMatch(/<form method="post">[\s\S]*<button/);
    expect(res.body).not.toContain('<script');
    expect([await counters(), await eventCount(), await unsubscribers()]).toEqual(before);
  });

  it('one-click POST adds the address to the category once, and the list counts one valid e-mail fewer', async () => {
    const before = await counters();
    const valid = await validCounter();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/t/u/${idOf(5)}/x`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.location).toBeUndefined();
    }
    expect(await unsubscribers()).toEqual([{ email: 'r5+tag@example2.com', category_id: categoryId }]);
    expect(await validCounter()).toBe(valid - 1);
    expect((await q('select valid from emails where email = $1', ['r5+tag@example2.com'])).map((r) => r.valid)).toEqual(
      [false],
    );
    expect(await counters()).toMatchObject({ unsubscribes: before.unsubscribes + 1 });
    expect((await recipientRow(5)).unsubscribed_at).toBeInstanceOf(Date);
  });
});

describe('the conversion postback', () => {
  it('one-click POST may come as multipart/form-data (RFC 8058) and still unsubscribes', async () => {
    const boundary = '----rfc8058';
    const res = await t.app.inject({
      method: 'POST',
      url: `/t/u/${idOf(10)}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (
        await q('select unsubscribed_at is not null as u from campaign_recipients where email_id = $1', [
          recipients[10]!.emailId,
        ])
      )[0].u,
    ).toBe(true);
  });

  it("records the sum in cents with the owner's profit rate, once per recipient", async () => {
    const before = await counters();
    const cid = idOf(6);
    const res = await get(`/postback?key=${postbackKey}&cid=${cid}&sum=12.50`);
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'recorded' }]);
    expect(await counters()).toMatchObject({ conversions: before.conversions + 1, profit: before.profit + 875 });
    const again = await get(`/postback?key=${postbackKey}&cid=${cid}&sum=99`);
    expect([again.statusCode, again.json()]).toEqual([200, { status: 'duplicate' }]);
    expect(await counters()).toMatchObject({ conversions: before.conversions + 1, profit: before.profit + 875 });
    const [event] = await q('select amount_cents, detail from events where kind = 9 and email_id = $1', [
      recipients[6]!.emailId,
    ]);
    expect(event).toEqual({ amount_cents: 875, detail: cid });
    expect((await recipientRow(6)).converted_at).toBeInstanceOf(Date);
  });

  it("gives a conversion the recipient's geo, else the GeoIP country of the recipient's last click", async () => {
    await q('update campaign_recipients set geo = $3 where campaign_id = $1 and email_id = $2', [
      campaign.id,
      recipients[13]!.emailId,
      'Moldova',
    ]);
    const click = (i: number, ip: string) => t.app.inject({ method: 'GET', url: `/t/c/${idOf(i)}`, remoteAddress: ip });
    await click(12, '8.8.8.8');
    await click(12, '81.2.69.160'); // the last click before converting counts: GB
    await click(13, '8.8.8.8');
    expect((await get(`/postback?key=${postbackKey}&cid=${idOf(12)}&sum=1`)).json()).toEqual({ status: 'recorded' });
    expect((await get(`/postback?key=${postbackKey}&cid=${idOf(13)}&sum=2`)).json()).toEqual({ status: 'recorded' });
    const country = async (i: number) =>
      (await q('select country from events where kind = 9 and email_id = $1', [recipients[i]!.emailId]))[0].country;
    expect(await country(12)).toBe('GB');
    expect(await country(13)).toBe('Moldova');
    const clicks = await q('select country from events where kind = 6 and email_id = $1 order by at', [
      recipients[12]!.emailId,
    ]);
    expect(clicks.map((c) => c.country)).toEqual(['US', 'GB']);
    expect(
      await q(
        `select country, conversions from conversion_rollup_daily where campaign_id = $1 and country <> ''
                order by country`,
        [campaign.id],
      ),
    ).toEqual([
      { country: 'GB', conversions: 1 },
      { country: 'Moldova', conversions: 1 },
    ]);
  });

  it('takes a missing sum as a conversion without payout', async () => {
    const before = await counters();
    expect((await get(`/postback?key=${postbackKey}&cid=${idOf(8)}`)).json()).toEqual({ status: 'recorded' });
    expect(await counters()).toMatchObject({ conversions: before.conversions + 1, profit: before.profit });
  });

  it('refuses a sum that is not one, and changes nothing', async () => {
    const before = [await counters(), await eventCount()];
    for (const sum of ['-1', 'abc', '1e3', '1,50', '12.1234567', '99999999', '0x10', '%00'])
      expect(
        (await get(`/postback?key=${postbackKey}&cid=${idOf(7)}&sum=${sum}`)).statusCode,
        sum,
      ).toBeGreaterThanOrEqual(400);
    expect((await get(`/postback?key=${postbackKey}&cid=${idOf(7)}&sum=1&sum=2`)).statusCode).toBe(400);
    expect((await get(`/postback?key=${postbackKey}&sum=1`)).statusCode).toBe(404);
    expect([await counters(), await eventCount()]).toEqual(before);
  });

  it("counts nothing without the owner's postback key or with a wrong one (403)", async () => {
    const before = [await counters(), await eventCount(), await recipientRow(9)];
    for (const key of ['', '&key=', '&key=wrong', `&key=${postbackKey}x`, `&key=${postbackKey.slice(1)}`]) {
      const res = await get(`/postback?cid=${idOf(9)}&sum=5${key}`);
      expect([res.statusCode, res.body], key).toEqual([403, 'Forbidden.']);
    }
    // Another owner's key is a wrong key.
    const other = await ownerPostbackKey(t.ctx, (await t.user()).id);
    expect((await get(`/postback?cid=${idOf(9)}&sum=5&key=${other}`)).statusCode).toBe(403);
    expect([await counters(), await eventCount(), await recipientRow(9)]).toEqual(before);
  });

  it('a rotated key refuses the old one', async () => {
    const rotate = (confirm: boolean) =>
      t.as(owner, { method: 'POST', url: '/api/postback_key/rotate', payload: { confirm } });
    expect((await rotate(false)).statusCode).toBe(422);
    const res = await rotate(true);
    expect(res.statusCode).toBe(200);
    const { postbackKey: fresh } = res.json<{ postbackKey: string }>();
    expect(fresh).not.toBe(postbackKey);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await new Promise((r) => setTimeout(r, 5_100)); // the tracker's campaign cache (5 s)
    expect((await get(`/postback?cid=${idOf(9)}&sum=1&key=${postbackKey}`)).statusCode).toBe(403);
    postbackKey = fresh;
    expect((await get(`/postback?cid=${idOf(9)}&sum=1&key=${postbackKey}`)).json()).toEqual({ status: 'recorded' });
  });

  it("an offer's rules: a click first (optional) and a maximum amount", async () => {
    const offer = await f.offer({ owner });
    await q('update offers set postback_requires_click = true, postback_max_amount = 20 where id = $1', [offer.id]);
    const list = await f.emailList({ owner, emails: ['p1@example.com', 'p2@example.com'] });
    const c = await f.smtpCampaign({ owner, offerId: offer.id, emailListId: list.id });
    const [r1] = await addRecipients(t, c);
    const id = smtpTrackingId(t, c.id, r1!.emailId);
    const before = await counters(c.id);
    const noClick = await get(`/postback?cid=${id}&sum=5&key=${postbackKey}`);
    expect([noClick.statusCode, noClick.body]).toEqual([403, 'No click before this conversion.']);
    expect((await get(`/t/c/${id}`)).statusCode).toBe(302);
    const tooMuch = await get(`/postback?cid=${id}&sum=20.01&key=${postbackKey}`);
    expect([tooMuch.statusCode, tooMuch.body]).toEqual([400, "The sum is above the offer's maximum amount."]);
    expect((await counters(c.id))?.conversions ?? 0).toBe(before?.conversions ?? 0);
    expect((await get(`/postback?cid=${id}&sum=20&key=${postbackKey}`)).json()).toEqual({ status: 'recorded' });
  });
});

describe('ids that are not a recipient of the campaign', () => {
  it('answer 404 in plain text and change nothing', async () => {
    const snapshot = () =>
      Promise.all([
        q('select * from campaign_counters order by campaign_id'),
        q('select * from event_rollup_hourly order by hour, campaign_id, relay_id'),
        eventCount(),
        q('select count(*)::int as n from unsubscribers'),
        q('select * from campaign_recipients order by campaign_id, email_id'),
      ]);
    const before = await snapshot();
    const good = idOf(8);
    const flipped = good.slice(0, 5) + (good[5] === 'A' ? 'B' : 'A') + good.slice(6);
    const stranger = await f.smtpCampaign({ owner });
    const ids = [
      flipped,
      good.slice(0, 21), // truncated
      `${good}A`,
      good.slice(0, 21) + (good[21] === 'A' ? 'B' : 'A'), // a non-canonical last character, or another id
      'x'.repeat(22),
      smtpTrackingId(t, campaign.id, 999_999_999), // no such recipient
      smtpTrackingId(t, stranger.id, recipients[8]!.emailId), // another campaign's
      smtpTrackingId(t, 999_999, recipients[8]!.emailId), // no such campaign
      encodeTrackingId(t.ctx.secret, {
        campaignType: 'pmta',
        campaignId: campaign.id,
        relayId: 1,
        emailId: recipients[8]!.emailId,
      }), // the wrong kind of campaign
      encodeTrackingId(t.ctx.secret, {
        campaignType: 'smtp',
        campaignId: 2 ** 32 - 1,
        relayId: 2 ** 32 - 1,
        emailId: 2 ** 48 - 1,
      }),
    ];
    for (const id of ids) {
      for (const [method, url] of [
        ['GET', `/t/o/${id}`],
        ['GET', `/t/c/${id}/x`],
        ['GET', `/t/u/${id}`],
        ['POST', `/t/u/${id}`],
        ['HEAD', `/t/c/${id}`],
        ['GET', `/postback?key=${postbackKey}&cid=${id}&sum=1`],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
          headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        });
        expect([id, url, res.statusCode], `${method} ${url}`).toEqual([id, url, 404]);
        if (method === 'GET') expect(res.body).toBe('Not found.');
        expect(res.headers.location).toBeUndefined();
      }
    }
    const odd = [
      '/t/o/',
      '/t/o/%00',
      `/t/c/${good}%00`,
      `/t/o/${'a'.repeat(5000)}`,
      `/postback?key=${postbackKey}&cid=%00`,
      '/t/o/%ff',
      `/t/o/${good.slice(0, 20)}%E0%A4%A`,
      `/t/c/${good}/%E0%A4%A`,
      `/postback?key=${postbackKey}&cid=${good}&cid=${good}`,
      `/postback?cid[]=${good}`,
      `/postback?key=${postbackKey}&cid=${good}&sum=${'9'.repeat(5000)}`,
    ];
    for (const url of odd) {
      const res = await get(url);
      expect([url, res.statusCode >= 400 && res.statusCode < 500], url).toEqual([url, true]);
    }
    for (const payload of ['{"a":', 'x'.repeat(10_000)])
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/t/u/${flipped}`,
          payload,
          headers: { 'content-type': type },
        });
        expect([type, res.statusCode >= 400 && res.statusCode < 500]).toEqual([type, true]);
      }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the group commit', () => {
  it('counts 100 parallel opens and clicks exactly', async () => {
    const before = await counters();
    const events = await eventCount();
    const hits = Array.from({ length: 100 }, (_, i) => get(`/t/${i % 4 === 0 ? 'c' : 'o'}/${idOf(9 + (i % 3))}/${i}`));
    const answers = await Promise.all(hits);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(75).fill(200), ...Array(25).fill(302)]);
    const after = await counters();
    // Recipients 9, 10, 11 had no open and no click before: each is one unique open and one unique click.
    expect(after).toMatchObject({
      opens:
        before.opens +
        75 +
        (
          await q(`select count(*)::int as n from events where detail = $1 and email_id = any($2)`, [
            IMPLIED_OPEN,
            recipients.slice(9, 12).map((r) => r.emailId),
          ])
        )[0].n,
      unique_opens: before.unique_opens + 3,
      clicks: before.clicks + 25,
      unique_clicks: before.unique_clicks + 3,
    });
    expect(await eventCount()).toBe(events + 100 + (after.opens - before.opens - 75));
  });

  it('stays exact with two trackers at once (each with its own group commit)', async () => {
    const second = await buildApp({ ...t.ctx, env: { ...t.ctx.env, ROLE: 'tracker' } });
    try {
      await second.ready();
      const other = await f.smtpCampaign({ owner, emailListId: campaign.emailListId });
      const rs = await addRecipients(t, other);
      const hits = Array.from({ length: 120 }, (_, i) => {
        const url = `/t/${i % 3 === 0 ? 'c' : 'o'}/${smtpTrackingId(t, other.id, rs[i % 4]!.emailId)}/${i}`;
        return (i % 2 ? second : t.app).inject({ method: 'GET', url });
      });
      const answers = await Promise.all(hits);
      expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 302)).toBe(true);
      // Four recipients, each opened and clicked: four unique opens and clicks, whichever tracker saw them;
      // the opens are the 80 pixels and one for each recipient whose first hit was a click.
      const [implied] = await q('select count(*)::int as n from events where campaign_id = $1 and detail = $2', [
        other.id,
        IMPLIED_OPEN,
      ]);
      expect(implied.n).toBeLessThanOrEqual(4);
      expect(await counters(other.id)).toMatchObject({
        opens: 80 + implied.n,
        unique_opens: 4,
        clicks: 40,
        unique_clicks: 4,
      });
    } finally {
      await second.close();
    }
  });

  it('keeps the counters and the hourly rollup equal to a count of the events', async () => {
    const METRICS = `count(*) filter (where kind = 5)::int as opens, count(*) filter (where kind = 5 and first)::int as unique_opens,
      count(*) filter (where kind = 6)::int as clicks, count(*) filter (where kind = 6 and first)::int as unique_clicks,
      count(*) filter (where kind = 7)::int as unsubscribes, count(*) filter (where kind = 9)::int as conversions,
      coalesce(sum(amount_cents) filter (where kind = 9), 0)::int as profit`;
    const COLS = 'opens, unique_opens, clicks, unique_clicks, unsubscribes, conversions, profit_cents::int as profit';
    for (const [table, keys] of [
      ['campaign_counters', 'campaign_type, campaign_id'],
      ['campaign_provider_counters', 'campaign_type, campaign_id, mail_provider_id'],
      ['campaign_domain_counters', 'campaign_type, campaign_id, domain'],
    ]) {
      const kept = await q(`select ${keys}, ${COLS} from ${table} order by ${keys}`);
      expect(kept, table).toEqual(await q(`select ${keys}, ${METRICS} from events group by ${keys} order by ${keys}`));
    }
    const rollup = await q(
      `select hour, user_id, campaign_id, relay_id, ${COLS} from event_rollup_hourly order by 1, 2, 3, 4`,
    );
    expect(rollup).toEqual(
      await q(
        `select date_trunc('hour', at) as hour, user_id, campaign_id, relay_id, ${METRICS} from events group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      ),
    );
    // And the recipients' first-* times agree with the unique counts.
    const [firsts] = await q(
      `select count(first_open_at)::int as opens, count(first_click_at)::int as clicks, count(unsubscribed_at)::int as unsub,
              count(converted_at)::int as conv from campaign_recipients where campaign_id = $1`,
      [campaign.id],
    );
    const c = await counters();
    expect(firsts).toEqual({
      opens: c.unique_opens,
      clicks: c.unique_clicks,
      unsub: c.unsubscribes,
      conv: c.conversions,
    });
  });
});

describe('live statistics', () => {
  it("reach the campaign's owner after a hit", async () => {
    const seen: { topic: string; data: { campaignId?: number; opens?: number } }[] = [];
    const off = t.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) => seen.push({ topic, data: data as never }),
    });
    try {
      expect((await get(`/t/o/${idOf(0)}`)).statusCode).toBe(200);
      const { unique_opens: opens } = await counters();
      await eventually(async () =>
        seen.some(
          (e) => e.topic === Topics.campaignStatistics && e.data.campaignId === campaign.id && e.data.opens === opens,
        ),
      );
    } finally {
      off();
    }
  });
});

describe("live messages carry the spec's campaign type numbers (1 PMTA, 2 SMTP)", () => {
  it('in the progress and statistics messages of either kind', async () => {
    const list = await f.emailList({ owner, categoryId, emails: ['live-kind@example.com'] });
    const pmta = await f.pmtaCampaign({ owner, emailListId: list.id });
    const [r] = await addRecipients(t, pmta);
    const kinds = [
      {
        campaignId: pmta.id,
        type: CampaignType.PMTA,
        uuid: encodeTrackingId(t.ctx.secret, {
          campaignType: 'pmta',
          campaignId: pmta.id,
          relayId: 1,
          emailId: r!.emailId,
        }),
      },
      { campaignId: campaign.id, type: CampaignType.SMTP, uuid: idOf(4) },
    ];
    const seen: { topic: string; data: Record<string, unknown> }[] = [];
    const off = t.ctx.hub.subscribe({
      userId: owner.id,
      isAdmin: false,
      send: (topic, data) => seen.push({ topic, data: data as never }),
    });
    try {
      for (const k of kinds) {
        expect((await get(`/t/o/${k.uuid}`)).statusCode).toBe(200);
        const of = (topic: string) => seen.find((e) => e.topic === topic && e.data.campaignId === k.campaignId);
        await eventually(async () => of(Topics.campaignProgress) && of(Topics.campaignStatistics));
        expect(of(Topics.campaignStatistics)!.data).toMatchObject({ campaignType: k.type, campaignId: k.campaignId });
        expect(of(Topics.campaignProgress)!.data).toMatchObject({
          campaign: { id: k.campaignId, type: k.type },
          campaignId: k.campaignId,
          campaignType: k.type,
        });
      }
    } finally {
      off();
    }
  });
});

describe('a tracker process (ROLE=tracker)', () => {
  it('serves the tracking endpoints and nothing else', async () => {
    const app = await buildApp({ ...t.ctx, env: { ...t.ctx.env, ROLE: 'tracker' } });
    try {
      await app.ready();
      expect(app.registeredRoutes.every((r) => r.url.startsWith('/t/') || r.url === '/postback')).toBe(true);
      expect((await app.inject({ method: 'GET', url: `/t/o/${idOf(2)}` })).statusCode).toBe(200);
      for (const url of ['/api/users', '/api/docs', '/api/login_check'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await app.close();
    }
  });
});

/** The campaign as the tracker's group commit takes it (what the routes read from the database). */
const trackedCampaign = () => ({
  type: 'smtp' as const,
  id: campaign.id,
  userId: owner.id,
  offerUrl: 'https://offer.example.com/',
  plug: null,
  categoryId,
  profitRate: 100,
  postbackKey: null,
  postbackRequiresClick: false,
  postbackMaxAmount: null,
  recipientsArchived: false,
});

describe('a failed group commit', () => {
  it('rejects every request of its batch and writes none of it', async () => {
    const { GroupCommit } = await import('./group-commit.ts');
    const commits = new GroupCommit(t.ctx, { delayMs: 50 });
    const before = [await counters(), await eventCount(), await recipientRow(11)];
    const tracked = trackedCampaign();
    const hits = [0, 1, 11].map((i) =>
      commits.hit({ kind: 'click', campaign: tracked, relayId: 1, emailId: recipients[i]!.emailId }),
    );
    // An event the database refuses (no owner) spoils its whole batch.
    hits.push(
      commits.hit({
        kind: 'open',
        campaign: { ...tracked, userId: null as never },
        relayId: 1,
        emailId: recipients[2]!.emailId,
      }),
    );
    const outcomes = await Promise.allSettled(hits);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect([await counters(), await eventCount(), await recipientRow(11)]).toEqual(before);
    // The next batch works again.
    expect(
      await commits.hit({ kind: 'open', campaign: tracked, relayId: 1, emailId: recipients[11]!.emailId }),
    ).toMatchObject({ found: true, counted: true });
    await commits.close();
  });
});

describe('a group commit whose event text needs quoting', () => {
  it("stores a detail with quotes, backslashes and non-ASCII exactly as given (statements' literals, decision 1170)", async () => {
    const { GroupCommit } = await import('./group-commit.ts');
    const commits = new GroupCommit(t.ctx, { delayMs: 20 });
    const tracked = trackedCampaign();
    const detail = String.raw`https://o.example/?q=O'Brien\'';--\\"$1 $$ é 😀` + '\n\t';
    const result = await commits.hit({
      kind: 'click',
      campaign: tracked,
      relayId: 1,
      emailId: recipients[12]!.emailId,
      detail: () => detail,
      country: "C'\\",
    });
    await commits.close();
    expect(result).toMatchObject({ found: true, counted: true });
    const [row] = await q(
      `select detail, country from events where email_id = $1 and kind = 6 order by id desc limit 1`,
      [recipients[12]!.emailId],
    );
    expect(row).toEqual({ detail, country: "C'\\" });
  });
});
