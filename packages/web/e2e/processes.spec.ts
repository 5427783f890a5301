import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { dialog, seeToast, shotBoth, signIn } from './ui.ts';

/*
 * Issue 23: Admin > Processes lists the running processes from their heartbeats; with no sender (the server
 * runs ROLE=api only) the screen and every Active campaign's status say "No sender is running".
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { ROLE: 'api' } });
});
afterAll(async () => {
  await h?.stop();
});

describe('processes', () => {
  test('an API-only install: the process is listed, no sender runs, an old beat is not responding', async () => {
    // A worker that died a minute ago: its row stays, shown as not responding.
    await h.sql(
      `insert into processes (id, role, host, pid, version, worker, started_at, beat_at, in_flight, sending)
       values ('00000000-0000-4000-8000-000000004242', 'worker', 'mail-2', 4242, '0.0.0', '1', now() - interval '1 hour',
               now() - interval '1 minute', 37, true)`,
    );
    const { page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/processes');
    const table = page.getByTestId('processes');
    await table.getByText('api', { exact: true }).waitFor();
    await table.getByText('Running', { exact: true }).waitFor();
    await table.getByText('Not responding', { exact: true }).waitFor();
    await table.getByText('mail-2', { exact: true }).waitFor();
    await page.getByTestId('no-sender').getByText('No sender is running').waitFor();
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(2);
    await shotBoth(page, 'processes');

    // Issue 38: an administrator removes the dead row (confirmed); the live one has no such button.
    await page.getByTestId('processes-pruned').getByText('removed after 24 hours').waitFor();
    expect(await table.getByRole('button', { name: /^Remove api process/ }).count()).toBe(0);
    await table.getByRole('button', { name: 'Remove worker process 4242 on mail-2' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await seeToast(page, 'Deleted successfully!');
    await table.getByText('mail-2', { exact: true }).waitFor({ state: 'detached' });
    expect(
      (await h.sql(`select count(*)::int as n from processes where id = '00000000-0000-4000-8000-000000004242'`))
        .rows[0].n,
    ).toBe(0);
    const { status } = await h.api('/processes');
    expect(status).toBe(401);
  });
});
