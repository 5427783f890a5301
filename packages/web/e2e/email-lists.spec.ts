import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { categoryInUseMessage } from '@console/shared/categories';
import { EmailListMessages, FailureReasons, type EmailList } from '@console/shared/email-lists';
import { Topics, type EmailListUploadEvent } from '@console/shared/hub';
import { apiLogin, categoryTree, listen } from './api.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import {
  button,
  choose,
  closeToasts,
  dialog,
  failureScreenshot,
  fieldError,
  headers,
  openMenu,
  rowByHeader,
  seeToast,
  seenPercentages,
  shot,
  shotBoth,
  signIn,
  total,
  watchPercentages,
} from './ui.ts';

/*
 * E-mail lists (spec 1): create, a CSV upload with live progress and its failures file, the provider
 * counters, the e-mails viewer with its deletes, clone, a large upload into the copy, delete.
 */

let h: Harness;
let adminToken: string;
beforeAll(async () => {
  h = await startHarness();
  adminToken = await apiLogin(h, ADMIN.email, ADMIN.password);
  // The categories tree the lists are filed under (the categories journey makes it through the screens).
  await categoryTree(h, adminToken, names.root, names.renamed);
});
afterAll(async () => {
  await h?.stop();
});
afterEach(failureScreenshot('email-lists'));

const names = { root: 'Newsletters', child: 'Europe', renamed: 'Europe West', spare: 'Temporary' };
const OTHER_DOMAINS = ['acme-mail.net', 'shop-example.org', 'corp-demo.io'];
const PER_PROVIDER = { Gmail: 120, Yahoo: 90, Outlook: 60, Other: 30 } as const;
const BAD_ROWS = [
  { line: 'not-an-email,Bad,Row', email: 'not-an-email', reason: FailureReasons.invalidEmail },
  { line: ',Missing,Email', email: '', reason: FailureReasons.missingEmail },
  { line: 'bob@,Half,Address', email: 'bob@', reason: FailureReasons.invalidEmail },
  // Addresses are lower-cased before the check, so this repeats g0@gmail.com.
  { line: 'G0@Gmail.com,Second,Time', email: 'g0@gmail.com', reason: FailureReasons.duplicate },
];

/** 300 good rows over Gmail, Yahoo, Outlook and other domains, with the bad rows spread among them. */
function contactsCsv(): string {
  const good = [
    ...Array.from({ length: PER_PROVIDER.Gmail }, (_, i) => `g${i}@gmail.com,Gina${i},Gold${i}`),
    ...Array.from({ length: PER_PROVIDER.Yahoo }, (_, i) => `y${i}@yahoo.com,Yan${i},Young${i}`),
    ...Array.from({ length: PER_PROVIDER.Outlook }, (_, i) => `o${i}@outlook.com,Olga${i},Owen${i}`),
    ...Array.from({ length: PER_PROVIDER.Other }, (_, i) => `x${i}@${OTHER_DOMAINS[i % 3]},Xia${i},Xu${i}`),
  ];
  const lines = [...good];
  BAD_ROWS.forEach((bad, i) => lines.splice(50 + i * 60, 0, bad.line));
  return ['email,name,surname', ...lines].join('\n') + '\n';
}

/** A larger file, so the import runs long enough to watch its percentage move. */
function bulkCsv(rows: number): Buffer {
  const domains = ['gmail.com', 'yahoo.com', 'outlook.com', 'acme-mail.net'];
  const parts = ['email,name,surname,city\n'];
  for (let i = 0; i < rows; i++) parts.push(`bulk${i}@${domains[i % 4]},Name${i},Surname${i},City${i % 50}\n`);
  return Buffer.from(parts.join(''));
}

let listId = 0;
let listName = '';
let cloneId = 0;

describe('email lists', () => {
  test('email lists: create, upload a CSV with live progress, provider counts, failures file, viewer deletes', async () => {
    const { context, page } = await h.open(1400);
    await signIn(page, ADMIN.email, ADMIN.password);
    await openMenu(page, 'Lists & Offers');
    await page.getByRole('link', { name: 'Email Lists', exact: true }).first().click();
    await page.waitForURL('**/email-list');
    await page.getByText('No email lists found.').waitFor();

    // Create: the form's rules are the shared schema's messages.
    await page.getByRole('button', { name: 'Create Email List' }).click();
    await page.waitForURL('**/email-list/create');
    await page.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, EmailListMessages.nameRequired).waitFor();
    await fieldError(page, EmailListMessages.categoryRequired).waitFor();
    listName = `Spring promo ${Date.now().toString(36)}`;
    await page.getByLabel('Name', { exact: true }).fill(listName);
    await choose(page, 'Category', names.renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL(/\/email-list\/\d+\/edit$/);
    listId = Number(/email-list\/(\d+)\/edit/.exec(page.url())![1]);
    await page.getByRole('heading', { name: `Edit Email List #${listId}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Get Upload Failures' }).isDisabled()).toBe(true);

    // 'Add emails to list' opens the upload card's file picker. A file that is not a CSV is refused
    // before anything is sent.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Add emails to list' }).click(),
    ]);
    expect(chooser.isMultiple()).toBe(false);
    const input = page.locator('input[type=file]');
    await chooser.setFiles({ name: 'contacts.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').getByText('File: only .csv,text/csv files are accepted.').waitFor();
    // A CSV without an email column: the server's reason, prefixed with the field's name.
    await input.setInputFiles({ name: 'no-email.csv', mimeType: 'text/csv', buffer: Buffer.from('name\nAnn\n') });
    await page.getByRole('alert').getByText(`File: ${EmailListMessages.noEmailColumn}`).waitFor();

    // The real file: the request, then the job's live messages, then the counters fetched again.
    // The messages are read from the hub itself: a small file may be imported before the page ever shows
    // a percentage, so the page alone could prove nothing (an empty list of percentages "only climbs").
    const live = await listen<EmailListUploadEvent>(h, adminToken, Topics.emailListUpload);
    await watchPercentages(page);
    await input.setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(contactsCsv()) });
    await seeToast(page, EmailListMessages.uploadAccepted);
    await expect.poll(() => live.events.some((e) => e.emailListId === listId && e.jobId === null)).toBe(true);
    await live.stop();
    const messages = live.events.filter((e) => e.emailListId === listId);
    const completions = messages.map((e) => e.completion);
    expect(messages.at(-1)).toEqual({ emailListId: listId, completion: 100, jobId: null });
    expect(completions).toEqual([...completions].sort((a, b) => a - b));
    // What the page showed (if anything) came from those messages.
    const seen = await seenPercentages(page);
    expect(seen.every((p) => completions.includes(p) || p === 0)).toBe(true);
    // 0 is the bar before the first message and after the last (the list idle again): what it showed in
    // between only climbs.
    const shown = seen.filter((p) => p > 0);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await page.getByRole('button', { name: 'Add emails to list' }).waitFor();
    // The counters were fetched again at the end (an idle list showed 'Done' before the upload too).
    await expect.poll(() => page.getByTestId('list-total').innerText()).toBe('300');
    await page.getByTestId('upload-state').getByText('Done').waitFor();
    expect(await page.getByTestId('list-valid').innerText()).toBe('300');
    for (const [provider, n] of Object.entries(PER_PROVIDER)) {
      await page.getByTestId('provider-counters').getByText(`${provider}: ${n}`).waitFor();
    }

    // The failures file of the upload, fetched with the bearer token.
    const failuresButton = page.getByRole('button', { name: 'Get Upload Failures' });
    await expect.poll(() => failuresButton.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), failuresButton.click()]);
    expect(download.suggestedFilename()).toBe(`email-list-${listId}-failures.csv`);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('row,email,reason');
    const failures = csv.slice(1).map((l) => {
      const [row, email, reason] = l.split(',');
      return { row: Number(row), email, reason };
    });
    expect(failures.every((f) => Number.isInteger(f.row) && f.row > 0)).toBe(true);
    expect(failures.map((f) => ({ email: f.email, reason: f.reason })).sort(byEmail)).toEqual(
      BAD_ROWS.map((b) => ({ email: b.email, reason: b.reason })).sort(byEmail),
    );
    await page.mouse.move(0, 0);
    await shotBoth(page, 'email-list-manage');

    // The table: counts per provider, 0 where the list has none, Done, the admin's columns.
    await page.getByRole('button', { name: 'Back to Email Lists' }).click();
    await page.waitForURL('**/email-list');
    await page.getByRole('link', { name: listName, exact: true }).waitFor();
    const row = await rowByHeader(page, listName);
    expect(row).toMatchObject({
      ID: String(listId),
      Total: '300',
      Valid: '300',
      Gmail: '120',
      Yahoo: '90',
      Outlook: '60',
      Other: '30',
      Uploading: 'Done',
      Users: '0',
    });
    expect(row.Created).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
    const heads = await headers(page);
    expect(heads.slice(0, 4)).toEqual(['ID', 'Name', 'Total', 'Valid']);
    // Pinned on the right in the spec's order (decision 0403).
    expect(heads.slice(-4)).toEqual(['Created', 'Uploading', 'Users', 'Actions']);
    // Providers without e-mails on the page are folded into one column, which unfolds on demand.
    expect(heads).not.toContain('AOL');
    await shotBoth(page, 'email-lists');
    await page.getByRole('button', { name: /^\+\d+ providers$/ }).click();
    expect(await rowByHeader(page, listName)).toMatchObject({ AOL: '0', Gmail: '120' });
    await page.getByRole('button', { name: /^Fold the \d+ without e-mails$/ }).click();
    expect(await headers(page)).not.toContain('AOL');

    // Filters: category and name.
    await choose(page, 'Category', names.root);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No email lists found.').waitFor();
    await page.goto('/email-list');
    await page.getByRole('textbox', { name: 'Name' }).fill('spring PROMO');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: listName, exact: true }).waitFor();
    expect(await total(page)).toBe(1);

    // The viewer, through the list's name.
    await page.getByRole('link', { name: listName, exact: true }).click();
    await page.waitForURL(`**/email-list/${listId}/emails`);
    await page.getByRole('heading', { name: new RegExp(`Email List #${listId}`) }).waitFor();
    await expect.poll(() => total(page)).toBe(300);
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(10);
    expect(await headers(page)).toEqual(['', 'ID', 'Email', 'Name', 'Surname', 'Valid', 'Delete']);

    // Batch delete with nothing selected says so.
    await button(page, 'Delete').click();
    await seeToast(page, EmailListMessages.nothingToDelete);

    // Search, then delete one e-mail.
    await page.getByLabel('Search by email', { exact: true }).fill('y7@yahoo.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe(1);
    expect(await rowByHeader(page, 'y7@yahoo.com')).toMatchObject({
      Email: 'y7@yahoo.com',
      Name: 'Yan7',
      Surname: 'Young7',
      Valid: 'Yes',
    });
    await page.mouse.move(0, 0);
    await shotBoth(page, 'emails-viewer');
    await page.getByRole('button', { name: 'Delete y7@yahoo.com' }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Delete y7@yahoo.com?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByText('No e-mails found.').waitFor();

    // Batch delete: three of the g1* addresses.
    await page.getByLabel('Search by email', { exact: true }).fill('g1');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => total(page)).toBe(31); // g1, g10-g19, g100-g119
    const firstThree = (await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)').allInnerTexts()).slice(
      0,
      3,
    );
    for (const email of firstThree) await page.getByRole('checkbox', { name: `Select ${email}` }).check();
    // The data table's selection bar counts them.
    await page.getByRole('region', { name: 'Selection' }).getByText('3 selected').waitFor();
    await button(page, 'Delete').click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Delete 3 selected e-mails?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, 'Deleted successfully!');
    await expect.poll(() => total(page)).toBe(28);
    for (const email of firstThree) expect(await page.getByText(email, { exact: true }).count()).toBe(0);

    const after = await h.api<EmailList>(`/email_lists/${listId}`, { token: adminToken });
    expect(after.body.totalCounter).toBe(296);
    expect(after.body.providersCounters.find((c) => c.mailProviderName === 'Gmail')?.counter).toBe(117);
    expect(after.body.providersCounters.find((c) => c.mailProviderName === 'Yahoo')?.counter).toBe(89);

    // Clone from the manage page: confirmed, then the copy's own manage page.
    await page.goto(`/email-list/${listId}/edit`);
    await page.getByRole('button', { name: 'Clone Email List' }).click();
    await dialog(page).getByRole('button', { name: 'Clone' }).click();
    await seeToast(page, 'Added successfully!');
    await page.waitForURL((u) => /\/email-list\/\d+\/edit$/.test(u.pathname) && !u.pathname.includes(`/${listId}/`));
    cloneId = Number(/email-list\/(\d+)\/edit/.exec(page.url())![1]);
    await page.getByRole('heading', { name: `Edit Email List #${cloneId}` }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(`${listName} (copy)`);
    expect(await page.getByTestId('list-total').innerText()).toBe('296');
    expect(await page.getByRole('button', { name: 'Get Upload Failures' }).isDisabled()).toBe(true);

    // A bigger file into the copy: the button gives way to 'Loading... N %' while the job runs.
    await watchPercentages(page);
    const bulkRows = 300_000;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: bulkCsv(bulkRows) });
    await page.getByText(/Loading\.\.\. [1-9]\d* %/).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Add emails to list' }).count()).toBe(0);
    await closeToasts(page);
    await shot(page, 'email-list-manage-uploading-1400');
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await shot(page, 'email-list-manage-uploading-1000');
    // Still running when the narrow picture was taken.
    expect(await page.getByText(/Loading\.\.\. \d+ %/).count()).toBe(1);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByTestId('upload-state').getByText('Done').waitFor({ timeout: 90_000 });
    const climbing = await seenPercentages(page);
    console.info(`[bulk upload] percentages seen: ${climbing.join(', ')}`);
    expect(climbing.length).toBeGreaterThan(1);
    expect(climbing).toEqual([...climbing].sort((a, b) => a - b));
    // The counters are fetched again once the upload is Done: on a loaded machine they arrive a moment later.
    await expect.poll(() => page.getByTestId('list-total').innerText()).toBe((296 + bulkRows).toLocaleString('en-US'));

    // The category is now held by two lists.
    await page.goto('/categories');
    await page.getByRole('button', { name: `Delete ${names.renamed}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    const held = categoryInUseMessage({ children: 0, emailLists: 2, offers: 0, unsubscribers: 0 })!;
    await dialog(page).getByText(`Request failed: ${held}`).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Deleting the copy, confirmed, from the table.
    await page.goto('/email-list');
    await page.getByRole('button', { name: `Delete ${listName} (copy)`, exact: true }).click();
    await dialog(page).locator('.ant-modal-confirm-title', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await dialog(page).getByText(`Email list ${listName} (copy) and its`).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await seeToast(page, 'Deleted successfully!');
    await page.getByRole('link', { name: `${listName} (copy)`, exact: true }).waitFor({ state: 'detached' });
    expect((await h.api(`/email_lists/${cloneId}`, { token: adminToken })).status).toBe(404);
    await context.close();
    // A long journey (a 300,000-row import in the e-mail lists one): two spec files share two cores.
  }, 300_000);
});

const byEmail = (a: { email?: string }, b: { email?: string }) => (a.email ?? '').localeCompare(b.email ?? '');
