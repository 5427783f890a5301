// @ts-nocheck
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuthMessages } from '@console/shared/auth';
import { apiLogin, registerActiveUser } from './api.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { shot, shotBoth, signIn } from './ui.ts';

/*
 * Issue 37: an administrator turns self-registration off from Users; the register page then says that an
 * administrator creates the accounts, and the server refuses sign-ups (decision 1332). "End all sessions"
 * in the user menu signs the user out on every device at once (decision 1331).
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('self-registration', () => {
  test('closed from Users: the register page says so; opened again: the form is back', async () => {
    const admin = await h.open(1400);
    await signIn(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/users');
    const sw = admin.page.getByRole('switch', { name: 'Anyone may sign up' });
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    await shotBoth(admin.page, 'users-sign-ups-closed');

    const visitor = await h.open(1400);
    await visitor.page.goto('/register');
    await visitor.page.getByText(AuthMessages.registrationClosed).waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Sign up' }).count()).toBe(0);
    await shot(visitor.page, 'register-closed-1400');
    const refused = await fetch(`${h.baseUrl}/api/register`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'late', email: 'late@example.com', password: 'late-pass-123' }),
    });
    expect(refused.status).toBe(403);

    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('true');
    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Sign up' }).waitFor();
    // The setting is the administrators': a signed-in user cannot change it.
    const token = await apiLogin(h, ADMIN.email, ADMIN.password);
    expect((await h.api('/registration', { method: 'PUT', json: { selfRegistration: false } })).status).toBe(401);
    expect((await h.api('/registration', { token })).body).toEqual({ selfRegistration: true });
  });
});

describe('sessions', () => {
  test('End all sessions: the other browser is signed out at its next call', async () => {
    const token = await apiLogin(h, ADMIN.email, ADMIN.password);
    const bob = await registerActiveUser(h, token, 'bob');
    const laptop = await h.open(1400);
    const phone = await h.open(1000);
    await signIn(laptop.page, bob.email, bob.password);
    await signIn(phone.page, bob.email, bob.password);

    await laptop.page.getByTestId('user-menu').click();
    const item = laptop.page.getByRole('menuitem', { name: 'End all sessions' });
    await item.waitFor();
    await laptop.page
      .locator('.ant-dropdown.ant-slide-up-appear, .ant-dropdown.ant-slide-up-enter')
      .waitFor({ state: 'detached' });
    await item.click();
    await laptop.page.waitForURL('**/login');

    // The phone's access token is refused, its renewal too: it is sent to the login screen.
    await phone.page.goto('/email-list');
    await phone.page.waitForURL('**/login');
  });
});
