import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, shotBoth, signIn } from './ui.ts';

/*
 * Reports read from a read replica say how old their data is (decision 1411): "Data as of N s ago (read
 * replica)." above the report, on the spec's screens otherwise unchanged. DATABASE_READ_URL is the spec's
 * own database here (its lag is 0); the replica's lag itself is tested on a real streaming replica by the
 * server's src/db/replica.test.ts.
 */

let h: Harness;
let plain: Harness;
beforeAll(async () => {
  [h, plain] = await Promise.all([startHarness({ readReplica: true }), startHarness()]);
});
afterAll(async () => {
  await h?.stop();
  await plain?.stop();
});

const NOTE = 'Data as of 0 s ago (read replica).';

describe('reports on a read replica', () => {
  test('the mail services and profit reports say how old their data is', async () => {
    const { context, page } = await h.open(1400);
    try {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/mail-provider-report');
      await page.getByText('Click on "Get" to get the data.').waitFor();
      // Nothing asked yet: no note.
      expect(await page.getByTestId('report-data-age').count()).toBe(0);
      await button(page, 'Get').click();
      await expect.poll(() => page.getByTestId('report-data-age').textContent()).toBe(NOTE);
      await shotBoth(page, 'report-replica-mail-services');

      await page.setViewportSize({ width: 1400, height: 900 });
      await page.goto('/profit-report');
      await button(page, 'Get').click();
      await expect.poll(() => page.getByTestId('report-data-age').textContent()).toBe(NOTE);
    } finally {
      await context.close();
    }
  });

  test('a report read from the primary has no note', async () => {
    const { context, page } = await plain.open(1400);
    try {
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.goto('/mail-provider-report');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/mail-provider-report'));
      await button(page, 'Get').click();
      const res = await answered;
      expect(res.headers()['x-data-age']).toBeUndefined();
      await page.getByText('Provider Name').first().waitFor();
      expect(await page.getByTestId('report-data-age').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
