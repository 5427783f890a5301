import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuthMessages } from '@console/shared/auth';
import { apiLogin } from './api.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { shot, shotBoth, signIn } from './ui.ts';

/*
 * Issue 37: an administrator turns self-registration off from Users; the register page then says that an
 * administrator creates the accounts, and the server refuses sign-ups (decision 1332).
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
