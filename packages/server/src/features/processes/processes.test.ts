import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_HOURS, ProcessMessages } from '@console/shared/processes';
import { expectAccess } from '../../../test/access.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { execFileSync } from 'node:child_process';
import { startHeartbeat, VERSION } from './processes.repo.ts';

/* Issue 38, major 3 (decision 1341): a clean stop removes its row; a dead one is shown, pruned, removable. */

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  user = await t.user();
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const list = async () => {
  const res = await t.as(admin, { method: 'GET', url: '/api/processes' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string; live: boolean }[] }).items;
};
const del = (u: TestUser | null, id: string) => t.as(u, { method: 'DELETE', url: `/api/processes/${id}` });
/** A process that stopped beating `ago` (an SQL interval) ago. */
async function silent(ago: string) {
  const [row] = await q(
    `insert into processes (id, role, host, pid, version, started_at, beat_at)
     values (gen_random_uuid(), 'worker', 'mail-2', 4242, '1.0.0', now() - interval '2 days', now() - $1::interval)
     returning id`,
    [ago],
  );
  return row.id as string;
}

describe('the heartbeat', () => {
  it('a clean stop removes its row', async () => {
    const beat = startHeartbeat(t.ctx.db.$client, { role: 'worker' });
    await beat.beat();
    expect((await list()).find((p) => p.id === beat.id)).toMatchObject({ live: true });
    await beat.stop();
    expect((await list()).map((p) => p.id)).not.toContain(beat.id);
  });

  it(`a dead one is shown as not responding, and pruned by any beat after ${PRUNE_HOURS} hours`, async () => {
    const recent = await silent('1 minute');
    const old = await silent(`${PRUNE_HOURS} hours 1 minute`);
    expect((await list()).filter((p) => [recent, old].includes(p.id))).toHaveLength(2);
    expect((await list()).find((p) => p.id === recent)).toMatchObject({ live: false });
    const beat = startHeartbeat(t.ctx.db.$client, { role: 'api' });
    await beat.beat();
    await beat.stop();
    const ids = (await list()).map((p) => p.id);
    expect(ids).toContain(recent);
    expect(ids).not.toContain(old);
  });
});

describe('DELETE /api/processes/{id}', () => {
  it('an administrator removes a process not responding', async () => {
    const dead = await silent('10 minutes');
    const res = await del(admin, dead);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list()).map((p) => p.id)).not.toContain(dead);
    expect((await del(admin, dead)).json()).toMatchObject({ error: ProcessMessages.notFound });
  });

  it('refuses a live process (409), an unknown one (404), a malformed id (4xx)', async () => {
    const beat = startHeartbeat(t.ctx.db.$client, { role: 'worker' });
    await beat.beat();
    try {
      const res = await del(admin, beat.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: ProcessMessages.removeLive });
      expect((await list()).map((p) => p.id)).toContain(beat.id);
    } finally {
      await beat.stop();
    }
    expect((await del(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const bad of ['abc', '1', "x'%20or%201=1"]) {
      const res = await del(admin, bad);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.body).toContain(ProcessMessages.invalidId);
    }
  });

  it('is for administrators only: 401 without a token, 403 for a user, and the row stays', async () => {
    const dead = await silent('10 minutes');
    await expectAccess(t, { method: 'DELETE', url: `/api/processes/${dead}`, admin: true });
    expect((await del(user, dead)).statusCode).toBe(403);
    expect((await list()).map((p) => p.id)).toContain(dead);
  });
});

describe('the version', () => {
  it('is the package version with the commit it runs from (not a bare 0.0.0)', async () => {
    let commit = '';
    try {
      commit = execFileSync('git', ['describe', '--tags', '--always', '--dirty'], { encoding: 'utf8' }).trim();
    } catch {
      // Not a git checkout: the package's version alone.
    }
    expect(VERSION).toBe(process.env.CONSOLE_VERSION ?? (commit ? `0.0.0+${commit}` : '0.0.0'));
    const beat = startHeartbeat(t.ctx.db.$client, { role: 'api' });
    await beat.beat();
    const [row] = await q('select version from processes where id = $1', [beat.id]);
    expect(row.version).toBe(VERSION);
    await beat.stop();
  });
});
