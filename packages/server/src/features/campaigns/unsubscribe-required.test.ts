import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignMessages as M } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';
import { HTTP_UNSUBSCRIBE_WARNING, PIXEL_ONLY_IMAGE } from '@console/shared/messages';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/*
 * Issue 26: no SMTP campaign starts without a working unsubscribe (this console has no TRACKER_URL, so
 * only an unsubscribe link group with a link will do), and the preview's "How filters see it".
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp({ env: { TRACKER_URL: '' } });
  f = factories(t);
});
afterAll(() => t.close());

const status = async (id: number) =>
  (await t.ctx.db.$client.query<{ status: number }>('select status from campaigns where id = $1', [id])).rows[0]!
    .status;

describe('a campaign needs a working unsubscribe', () => {
  it('refuses to start without an unsubscribe link group, or with an empty one (409), and starts with a link', async () => {
    const owner = await t.user();
    const none = await f.smtpCampaign({ owner, unsubscribeLinksId: null });
    const start = (id: number) =>
      t.as(owner, { method: 'POST', url: '/api/campaign_start', payload: { id, type: 'smtp' } });
    const refused = await start(none.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: M.noUnsubscribe });
    expect(await status(none.id)).toBe(CampaignStatus.Inactive);

    const empty = await f.linkGroup({ owner, type: 1 });
    const withEmpty = await f.smtpCampaign({ owner, unsubscribeLinksId: empty.id });
    expect((await start(withEmpty.id)).statusCode).toBe(409);

    await f.link({ owner, groupId: empty.id, url: 'https://trk.example.com/t/u/[uuid]' });
    expect((await start(withEmpty.id)).statusCode).toBe(200);
  });

  it('shows how filters see it: pixel as the only image, http unsubscribe, no DKIM key, foreign link hosts', async () => {
    const owner = await t.user();
    const unsub = await f.linkGroup({ owner, type: 1 });
    await f.link({ owner, groupId: unsub.id, url: 'http://trk.example.com/t/u/[uuid]' });
    const pixel = await f.linkGroup({ owner, type: 2 });
    await f.link({ owner, groupId: pixel.id, url: 'https://trk.example.com/t/o/[uuid]' });
    const message = await f.message({
      owner,
      content: '<p>Hi [name] <a href="[offer]">offer</a> <a href="[unsub]">unsub</a></p>[pixel]',
    });
    const c = await f.smtpCampaign({
      owner,
      messageId: message.id,
      unsubscribeLinksId: unsub.id,
      pixelLinksId: pixel.id,
    });
    const res = await t.as(owner, {
      method: 'POST',
      url: '/api/messages/preview',
      payload: { campaignId: c.id, campaignType: 'smtp' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<{ text: string; filters: { name: string; pass: boolean; detail: string }[] }>();
    const by = (name: string) => out.filters.find((x) => x.name === name)!;
    expect(out.text).toContain('Hi John offer [');
    // The pixel is sent as a CSS background (no image-only message for filters): a pass, as its text says (issue 38).
    expect(by('Image ratio')).toMatchObject({ pass: true });
    expect(by('Image ratio').detail).toContain(PIXEL_ONLY_IMAGE);
    expect(by('Unsubscribe link over HTTPS')).toEqual({
      name: 'Unsubscribe link over HTTPS',
      pass: false,
      detail: HTTP_UNSUBSCRIBE_WARNING,
    });
    expect(by('List-Unsubscribe and one-click (RFC 8058)').pass).toBe(true);
    expect(by('Text part').pass).toBe(true);
    expect(by('List-Id').pass).toBe(true);
    // The relay group has no active relay in this test: nothing to sign for, no domain to compare.
    expect(by('DKIM signature').pass).toBe(false);
  });
});
