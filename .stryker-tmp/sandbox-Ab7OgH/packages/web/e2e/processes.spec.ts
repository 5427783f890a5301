// @ts-nocheck
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { shotBoth, signIn } from './ui.ts';

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
       values ('dead-worker', 'worker', 'mail-2', 4242, '0.0.0', '1', now() - interval '1 hour',
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
    const { status } = await h.api('/processes');
    expect(status).toBe(401);
  });
});
