import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AuthMessages } from '@console/shared/auth';
import { ADMIN, screenshotDir, startHarness, type Harness } from './harness.ts';
import { hoverUntil, openMenu } from './ui.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });

async function signIn(page: Page, email: string, password: string, remember = true) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (!remember) await page.getByLabel('Remember me', { exact: true }).uncheck();
  // The live stream is open once its answer's headers arrive; live checks need it open.
  const live = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
  await live;
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  // The menu slides in: a click while it moves lands beside Logout (seen in a loaded run: nothing happened,
  // About under the pointer). Click once it has come to rest.
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await logout.waitFor();
  await page
    .locator('.ant-dropdown.ant-slide-up-appear, .ant-dropdown.ant-slide-up-enter')
    .waitFor({ state: 'detached' });
  await logout.click();
  // A failure leaves the screen behind to read: the URL alone does not say what was shown.
  await page.waitForURL('**/login').catch(async (e: unknown) => {
    await shot(page, 'signout-failed');
    throw e;
  });
}

/** The unread count the bell announces. */
const badge = async (page: Page) =>
  Number(/\((\d+)\)/.exec((await page.getByTestId('notifications-bell').getAttribute('aria-label')) ?? '')?.[1]);

const toast = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text }).first();

/** '2025-11-21T15:33:07+02' -> 'YYYY-MM-DD HH:mm' of that wall clock, `plusMinutes` later. */
function wallClock(iso: string, plusMinutes = 0): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(iso)!;
  const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) + plusMinutes * 60_000;
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

async function apiLogin(email: string, password: string): Promise<string> {
  const res = await h.api<{ token: string }>('/login_check', { json: { email, password } });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('console foundation', () => {
  test('register -> live notice to the admin -> activation -> sign-in, clock, live notification -> logout', async () => {
    const id = Date.now().toString(36);
    const jane = { username: `jane${id}`, email: `jane${id}@example.com`, password: 'jane-pass-123' };

    // The login screen, wide and narrow.
    const guest = await h.open(1400);
    await guest.page.goto('/');
    await guest.page.waitForURL('**/login');
    await shot(guest.page, 'login-1400');
    await guest.page.setViewportSize({ width: 1000, height: 900 });
    await shot(guest.page, 'login-1000');

    // The administrator signs in and waits on the home screen.
    const admin = await h.open(1400);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.getByText('Profit dynamics', { exact: true }).waitFor();
    const before = await badge(admin.page);

    // A visitor registers; the account waits for activation.
    const registeredToast = toast(
      admin.page,
      `${jane.username} (${jane.email}) registered and waits for activation.`,
    ).waitFor();
    const visitor = await h.open(1400);
    await visitor.page.goto('/register');
    await visitor.page.getByLabel('Username', { exact: true }).fill(jane.username);
    await visitor.page.getByLabel('Email', { exact: true }).fill(jane.email);
    await visitor.page.getByLabel('Password', { exact: true }).fill(jane.password);
    await visitor.page.getByLabel('Confirm password', { exact: true }).fill(jane.password);
    await visitor.page.getByLabel('I agree to all Terms', { exact: true }).check();
    await visitor.page.getByRole('button', { name: 'Sign up' }).click();
    await visitor.page.waitForURL('**/login');
    await visitor.page.getByText(AuthMessages.registered).waitFor();
    // The administrator is told live: a toast, the badge, and the entry in the dropdown.
    await registeredToast;
    await expect.poll(() => badge(admin.page)).toBe(before + 1);

    // Not active yet: signing in fails with the server's reason.
    await visitor.page.getByLabel('Email', { exact: true }).fill(jane.email);
    await visitor.page.getByLabel('Password', { exact: true }).fill(jane.password);
    await visitor.page.getByRole('button', { name: 'Login' }).click();
    await visitor.page.getByText('Authentication Failed.').waitFor();
    await visitor.page.getByText(AuthMessages.inactive).waitFor();

    await admin.page.getByTestId('notifications-bell').click();
    const entry = admin.page.getByTestId('notification').filter({ hasText: jane.username });
    await entry.getByText('New account').waitFor();
    expect(await entry.innerText()).toMatch(/[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4} \d{1,2}:\d{2}/);
    await shot(admin.page, 'shell-admin-1400');
    await admin.page.getByTestId('notifications-bell').click();

    // The administrator activates the account from Users (reached through the sidebar).
    await openMenu(admin.page, 'Admin');
    await admin.page.getByRole('link', { name: 'Users', exact: true }).click();
    await admin.page.waitForURL('**/users');
    const active = admin.page.getByRole('switch', { name: `${jane.username} is active` });
    expect(await active.getAttribute('aria-checked')).toBe('false');
    await active.click();
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('true');
    await admin.page.getByText('Total:').waitFor();
    await shot(admin.page, 'users-1400');
    await admin.page.setViewportSize({ width: 1000, height: 900 });
    await admin.page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await shot(admin.page, 'users-1000');
    await admin.page.goto('/home');
    await admin.page.getByText('Profit dynamics', { exact: true }).waitFor();
    await shot(admin.page, 'shell-admin-1000');
    // Mini mode: a group opens as a fly-out beside the icons.
    await hoverUntil(
      admin.page,
      admin.page.getByRole('menuitem', { name: 'setting' }),
      admin.page.getByRole('link', { name: 'Users', exact: true }),
    );
    await shot(admin.page, 'sidebar-mini-1000');
    await admin.page.setViewportSize({ width: 1400, height: 900 });

    // Jane signs in (without Remember me: the session lives in sessionStorage) and sees the server's time.
    await signIn(visitor.page, jane.email, jane.password, false);
    const stored = await visitor.page.evaluate(() => ({
      local: localStorage.getItem('token'),
      session: sessionStorage.getItem('token'),
      username: sessionStorage.getItem('username'),
    }));
    expect(stored.local).toBeNull();
    expect(stored.session).toBeTruthy();
    expect(stored.username).toBe(jane.username);
    const clock = visitor.page.getByTestId('server-time');
    await expect.poll(() => clock.innerText()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    const server = await h.api<{ serverDateTime: string }>('/dashboard/date-time', { token: stored.session! });
    const shown = (await clock.innerText()).trim();
    // The minute may turn between the two readings.
    expect([
      wallClock(server.body.serverDateTime, -1),
      wallClock(server.body.serverDateTime),
      wallClock(server.body.serverDateTime, 1),
    ]).toContain(shown);
    await shot(visitor.page, 'shell-user-1400');
    // An ordinary user has no Admin section.
    expect(await visitor.page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);

    // A real server-side notification: someone asks for Jane's password to be reset from the login
    // screen; the server notifies the administrators live (the only recipients of that notice).
    await guest.page.setViewportSize({ width: 1400, height: 900 });
    await guest.page.getByRole('button', { name: 'Forgot pwd?' }).click();
    await guest.page.getByLabel('Email', { exact: true }).fill(jane.email);
    const resetToast = toast(admin.page, `${jane.username} (${jane.email}) asked for a new password.`).waitFor();
    await guest.page.getByRole('button', { name: 'Reset' }).click();
    await guest.page.getByText('an administrator has been asked to reset its password').waitFor();
    await resetToast;
    // Activating Jane marked the "new account" notice read (issue 38): only the reset notice is unread.
    await expect.poll(() => badge(admin.page)).toBe(before + 1);
    // Jane is not an administrator: nothing reached her.
    expect(await badge(visitor.page)).toBe(0);
    expect((await h.api<unknown[]>('/notifications', { token: stored.session! })).body).toEqual([]);

    // Marking it read removes it from the dropdown.
    await admin.page.getByTestId('notifications-bell').click();
    const reset = admin.page.getByTestId('notification').filter({ hasText: 'Password reset requested' });
    await reset.getByRole('button', { name: 'mark as read' }).click();
    await reset.waitFor({ state: 'detached' });
    await expect.poll(() => badge(admin.page)).toBe(before);
    await admin.page.getByTestId('notifications-bell').click();

    // Logout ends both sessions and clears the storage.
    for (const page of [visitor.page, admin.page]) {
      await signOut(page);
      const left = await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')]);
      expect(left).toEqual([null, null]);
    }
    // The signed-out admin is sent back to login from a guarded page.
    await admin.page.goto('/users');
    await admin.page.waitForURL('**/login');

    for (const c of [guest, admin, visitor]) await c.context.close();
  });

  test('an ordinary user cannot open Users: the guard sends them home and the API answers 403', async () => {
    const id = Date.now().toString(36);
    const bob = { username: `bob${id}`, email: `bob${id}@example.com`, password: 'bob-pass-1234' };
    const reg = await fetch(`${h.baseUrl}/api/register`, { method: 'POST', body: new URLSearchParams(bob) });
    expect(reg.status).toBe(201);
    const adminToken = await apiLogin(ADMIN.email, ADMIN.password);
    const { id: bobId } = (await reg.json()) as { id: number };
    const activate = await h.api(`/users/${bobId}`, {
      method: 'PUT',
      token: adminToken,
      json: { username: bob.username, email: bob.email, isActive: true, profitRate: 100 },
    });
    expect(activate.status).toBe(200);

    const { context, page } = await h.open(1400);
    await signIn(page, bob.email, bob.password);
    await page.goto('/users');
    await page.waitForURL('**/home');
    await page.goto('/users/1/edit');
    await page.waitForURL('**/home');
    // Unknown addresses go to the root, which is home.
    await page.goto('/no-such-screen');
    await page.waitForURL('**/home');
    // A screen open to everyone opens by its address.
    await page.goto('/activity-report');
    await page.getByRole('heading', { name: 'Activity Report' }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await h.api('/users', { token: token! });
    expect(res.status).toBe(403);

    // A rejected access token is renewed once for all the calls that failed with it (a second use of
    // the rotated refresh token would end the login), and the calls are retried.
    const refreshes: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/token/refresh') && refreshes.push(r.url()));
    await page.evaluate(() => localStorage.setItem('token', localStorage.getItem('token')!.slice(0, -6) + 'AAAAAA'));
    await page.reload();
    await page
      .getByTestId('server-time')
      .getByText(/\d{4}-\d\d-\d\d \d\d:\d\d/)
      .waitFor();
    const renewed = await page.evaluate(() => localStorage.getItem('token'));
    expect(refreshes).toHaveLength(1);
    expect(renewed).not.toBe(token);
    expect((await h.api('/notifications', { token: renewed! })).status).toBe(200);

    // When the refresh token is refused too, the session ends and the login screen shows.
    await page.evaluate(() => {
      localStorage.setItem('token', localStorage.getItem('token')!.slice(0, -6) + 'AAAAAA');
      localStorage.setItem('refresh_token', 'revoked');
    });
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
