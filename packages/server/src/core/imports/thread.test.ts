import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { postFile, uploadOutcome } from '../../../test/uploads.ts';
import { socksImport } from '../../features/socks-proxies/socks-proxies.import.ts';
import { runUpload } from './run.ts';
import { ImportThread } from './thread.ts';

/**
 * The uploads' files (decision 1312): written for the console's user alone, gone once the import is
 * over, done or failed for good; the run through the import thread as the workers do it (decision 1310).
 */
let t: TestApp;
let user: TestUser;
let thread: ImportThread;

beforeAll(async () => {
  // No job runs here: each upload stays queued until the test runs it.
  t = await createTestApp({ env: { JOBS: 'none' } });
  user = await t.user();
  thread = new ImportThread(new URL('../../import-thread.ts', import.meta.url), t.ctx);
});
afterAll(async () => {
  await thread.stop();
  await t.close();
});

const upload = async (csv: string) => {
  const res = await postFile(t, user, '/api/add-socks-proxies', 'socksProxies', csv);
  expect(res.statusCode, res.body).toBe(200);
  const { rows } = await t.ctx.db.$client.query<{ id: number; file: string }>(
    'select id, file_path as file from uploads where id = $1',
    [res.json().id],
  );
  return rows[0]!;
};

describe('uploaded files', () => {
  it('are 0600 in a 0700 folder, and removed once imported', async () => {
    const up = await upload('ip:port:login:password\n203.0.113.7:1080:u:secret-password\n');
    expect(fs.statSync(up.file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(up.file)).mode & 0o777).toBe(0o700);
    await runUpload(t.ctx, socksImport, up.id, thread.run);
    expect(await uploadOutcome(t, up.id)).toMatchObject({ status: 'done', inserted: 1 });
    expect(fs.existsSync(up.file)).toBe(false);
    // Sealed by the thread with the console's secret: the API tells the proxy has its password.
    const { rows } = await t.ctx.db.$client.query<{ enc: string }>(
      `select password_enc as enc from socks_proxies where user_id = $1`,
      [user.id],
    );
    expect(rows[0]!.enc).toMatch(/^v1\./);
  });

  it('are removed when the import fails for good, which says why', async () => {
    const up = await upload('ip:port:login:password\nnot-an-ip:1080:u:secret-password\n');
    await runUpload(t.ctx, socksImport, up.id, thread.run);
    expect(await uploadOutcome(t, up.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Line 2: .*Nothing was imported\.$/),
    });
    expect(fs.existsSync(up.file)).toBe(false);
  });

  it('a stopped thread gives the run back: the upload is queued again, its file kept', async () => {
    const stopped = new ImportThread(new URL('../../import-thread.ts', import.meta.url), t.ctx);
    await stopped.stop();
    const up = await upload('ip:port\n203.0.113.9:1080\n');
    await expect(runUpload(t.ctx, socksImport, up.id, stopped.run)).rejects.toThrow(/stopping/);
    const { rows } = await t.ctx.db.$client.query('select status, attempts from uploads where id = $1', [up.id]);
    expect(rows[0]).toEqual({ status: 'queued', attempts: 1 });
    expect(fs.existsSync(up.file)).toBe(true);
    await runUpload(t.ctx, socksImport, up.id, thread.run);
    expect(await uploadOutcome(t, up.id)).toMatchObject({ status: 'done', inserted: 1 });
  });
});
