import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { registerActiveUser } from './api.ts';
import { shotBoth, signIn } from './ui.ts';

/*
 * The first run of a real install (issue 27): Home's Getting started checklist on an empty console, its
 * links, a step ticked once done, and Dismiss. (It is gone when every step is done: the demo's journey
 * signs in to a seeded workspace and sees no checklist.)
 */

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
});
afterAll(() => h?.stop());

describe('Getting started', () => {
  test('an empty install: five steps with their links, ticked when done, dismissed for good', async () => {
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = page.getByRole('region', { name: 'Getting started' });
    await card.getByText('Getting started: 0 of 5 done').waitFor();
    const steps = ['servers', 'relays', 'lists', 'messages', 'campaigns'];
    for (const s of steps) expect(await card.getByTestId(`step-${s}`).getAttribute('data-done')).toBe('false');
    expect(await card.getByRole('link', { name: 'Add a PMTA server' }).getAttribute('href')).toBe(
      '/pmta-servers/create',
    );
    expect(await card.getByRole('link', { name: 'Add an SMTP server' }).getAttribute('href')).toBe(
      '/smtp-servers/create',
    );
    expect(await card.getByRole('link', { name: 'Write a message' }).getAttribute('href')).toBe('/messages/create');
    await shotBoth(page, 'getting-started-empty');

    // A step's link opens its screen.
    await card.getByRole('link', { name: 'Write a message' }).click();
    await page.waitForURL('**/messages/create');

    // Done through the API: ticked on the next visit.
    const made = await h.api('/smtp_servers', {
      token,
      json: {
        name: 'first smtp',
        host: 'smtp.example.com',
        port: 587,
        tls: false,
        relayNormalSpeed: 60,
        relayBackoffSpeed: 600,
      },
    });
    expect(made.status).toBe(201);
    await h.api('/messages', { token, json: { name: 'Hello', subject: 'Hi', htmlContent: '<p>Hi [name]</p>' } });
    await page.goto('/home');
    await card.getByText('Getting started: 2 of 5 done').waitFor();
    expect(await card.getByTestId('step-servers').getAttribute('data-done')).toBe('true');
    expect(await card.getByTestId('step-messages').getAttribute('data-done')).toBe('true');
    expect(await card.getByTestId('step-relays').getAttribute('data-done')).toBe('false');
    await shotBoth(page, 'getting-started-two-done');

    await card.getByRole('button', { name: /Dismiss/ }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Profit dynamics').first().waitFor();
    expect(await page.getByRole('region', { name: 'Getting started' }).count()).toBe(0);
  });

  test("a user's checklist: what the administrator provides, what the user does, no dead-end link", async () => {
    const dana = await registerActiveUser(h, token, 'dana');
    const { page } = await h.open(1400);
    await signIn(page, dana.email, dana.password);
    const card = page.getByRole('region', { name: 'Getting started' });
    await card.getByText('Getting started: 0 of 5 done').waitFor();
    const provided = card.getByTestId('step-provided');
    await provided.getByText('Get a list and an offer from your administrator').waitFor();
    await provided.getByText('Your administrator uploads the e-mail lists and creates the offers').waitFor();
    expect(await provided.getByRole('link').count()).toBe(0);
    expect(await card.getByTestId('step-lists').count()).toBe(0);
    // Every link of the card leads to a create screen the user may use.
    const links = await card.getByRole('link').evaluateAll((a) => a.map((e) => e.getAttribute('href')));
    expect(links).not.toContain('/email-list');
    expect(links).toContain('/messages/create');
    await shotBoth(page, 'getting-started-user');
  });
});
