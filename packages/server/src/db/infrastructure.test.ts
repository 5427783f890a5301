import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../test/factories.ts';
import { createTestApp, TEST_POOL_MAX, type TestApp } from '../../test/harness.ts';
import { open } from '../core/sealed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query<R>(text, params).then((r) => r.rows);

describe('the sending-infrastructure schema (migration 0005)', () => {
  it('writes a history row for every relay created and deleted, whoever does it', async () => {
    const f = factories(t);
    const server = await f.pmtaServer();
    const a = await f.pmtaRelay({ owner: server.owner, pmtaServerId: server.id, ip: '10.1.2.3' });
    const b = await f.pmtaRelay({ owner: server.owner, pmtaServerId: server.id });
    // Deleting the server takes its relays with it (cascade): the history still says so.
    await q('delete from pmta_servers where id = $1', [server.id]);
    const rows = await q<{ relay_id: number; ip: string; event: string }>(
      'select relay_id, host(ip) as ip, event from relay_history where pmta_server_id = $1 order by id',
      [server.id],
    );
    const events = (e: string) => rows.filter((r) => r.event === e).map((r) => r.relay_id);
    expect(events('created')).toEqual([a.id, b.id]);
    expect(events('deleted').sort()).toEqual([a.id, b.id].sort());
    expect(rows[0]!.ip).toBe('10.1.2.3');
  });

  it('refuses a second relay with the same IP on one server, and an unknown encryption', async () => {
    const f = factories(t);
    const r = await f.pmtaRelay({ ip: '10.9.9.9' });
    await expect(f.pmtaRelay({ owner: r.owner, pmtaServerId: r.pmtaServerId, ip: '10.9.9.9' })).rejects.toThrow();
    await expect(
      q(`update pmta_servers set encryption = 'starttls' where id = $1`, [r.pmtaServerId]),
    ).rejects.toThrow();
  });

  it('keeps secrets sealed', async () => {
    const relay = await factories(t).smtpRelay({ password: 'hunter2' });
    const [row] = await q<{ password_enc: string }>('select password_enc from smtp_relays where id = $1', [relay.id]);
    expect(row!.password_enc).not.toContain('hunter2');
    expect(open(t.ctx.secret, row!.password_enc)).toBe('hunter2');
  });

  it('seeds the reputation providers', async () => {
    const rows = await q<{ name: string; kind: string }>('select name, kind from reputation_providers');
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Spamhaus ZEN', 'Google Postmaster Tools']));
  });
});

describe('the pool', () => {
  it('holds at most DATABASE_POOL_MAX connections to DATABASE_URL', () => {
    expect(t.ctx.db.$client.options.max).toBe(Number(TEST_POOL_MAX));
  });
});
