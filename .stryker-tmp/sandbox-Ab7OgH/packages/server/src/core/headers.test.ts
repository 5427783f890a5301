// @ts-nocheck
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { addRecipients, smtpTrackingId } from '../tracking/test-helpers.ts';

/* Issue 24, finding 6: the console's security headers (decision 1011); the tracking endpoints keep theirs. */

let t: TestApp;
let admin: TestUser;
let web: Awaited<ReturnType<typeof buildApp>>;
let dist: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/a.js"></script>');
  web = await buildApp(t.ctx, { webDist: dist });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const CONSOLE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

describe('the console', () => {
  it.each([
    ['the app shell', '/campaigns'],
    ['the API', '/api/users'],
    ['an unknown API path', '/api/nothing'],
  ])('%s: CSP without inline scripts, never framed, nosniff, no referrer', async (_what, url) => {
    const res = await web.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.headers).toMatchObject(CONSOLE);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
  });
});

describe('the console without a web app (the API only)', () => {
  it.each([
    ['a request without a token (401)', '/api/users'],
    ['an unknown path (404)', '/nothing'],
    ['an unknown tracking path (404)', '/t/x/y'],
  ])('%s carries the security headers', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers).toMatchObject(CONSOLE);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('the tracking endpoints', () => {
  it('carry none of the console headers, only their own (the unsubscribe page its strict policy)', async () => {
    const f = factories(t);
    const owner = await t.user();
    const list = await f.emailList({ owner, emails: ['h@example.com'] });
    const campaign = await f.smtpCampaign({ owner, emailListId: list.id });
    const [r] = await addRecipients(t, campaign);
    const id = smtpTrackingId(t, campaign.id, r!.emailId);
    for (const url of [`/t/o/${id}`, `/t/c/${id}`, `/postback?cid=${id}`]) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBeUndefined();
    }
    const page = await web.inject({ method: 'GET', url: `/t/u/${id}` });
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});
