import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { logOf } from '../../core/log.ts';
import type { SendingCampaign } from '../compose.ts';
import { RelayType, takeSlot, type Relay } from '../relays.ts';
import { RelayPool } from './relay-pool.ts';

/*
 * Relay slot pacing at the database level (issue 25), without a campaign: the relay_pacing row is the one
 * clock every process shares, so concurrent takers of one relay's slots get waits one `speed` apart, in
 * any order and from any number of pools; an idle relay's next slot is now. Then the pool's choice of a
 * relay: round robin, one paced message at a time, its sessions, cool-down, mail services switched off.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let nextId = 1_000_000;
const relay = (o: Partial<Relay> = {}): Relay => ({
  type: RelayType.smtp,
  id: nextId++,
  userId: 1,
  account: 'acc',
  senderEmail: 'a@example.com',
  normalSpeed: 1,
  backoffSpeed: 2,
  backoff: false,
  switchedOff: new Set(),
  host: 'relay.example.com',
  transportKey: 'k',
  configKey: 'c',
  config: () => {
    throw new Error('not sending here');
  },
  ...o,
});

const pool = (connectionsPerRelay = 2) =>
  new RelayPool(t.ctx, { id: 1, type: RelayType.smtp } as SendingCampaign, connectionsPerRelay, logOf(t.ctx));

/**
 * Sorted, the i-th wait is i slots away from the first slot. Each wait is counted from its own statement's
 * clock, so a statement that ran later waits that much less: up to SKEW_MS on a busy machine, never more.
 */
const SKEW_MS = 400;
function expectSpaced(waits: number[], speedMs: number) {
  const sorted = [...waits].sort((a, b) => a - b);
  sorted.forEach((w, i) => {
    expect(w, `wait ${i} of ${sorted.join(', ')}`).toBeLessThanOrEqual(i * speedMs + 50);
    expect(w, `wait ${i} of ${sorted.join(', ')}`).toBeGreaterThanOrEqual(i * speedMs - SKEW_MS);
  });
}

describe('relay slot pacing in PostgreSQL', () => {
  it('gives concurrent takers of one relay slots one speed apart, whichever pool takes them', async () => {
    const r = relay({ normalSpeed: 0.5 });
    const [a, b] = [pool(), pool()];
    const waits = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).slot(r)));
    expectSpaced(waits, 500);
    const { rows } = await t.ctx.db.$client.query<{ ahead: number }>(
      `select extract(epoch from next_at - now())::float8 * 1000 as ahead from relay_pacing
        where relay_type = $1 and relay_id = $2`,
      [r.type, r.id],
    );
    // The 7th slot: six half-seconds after the first.
    expect(rows[0]!.ahead).toBeLessThanOrEqual(3000 + 50);
    expect(rows[0]!.ahead).toBeGreaterThanOrEqual(3000 - SKEW_MS * 2);
  });

  it('paces in backoff at the backoff speed, and never faster than normal', async () => {
    const slow = relay({ normalSpeed: 0.2, backoffSpeed: 0.6, backoff: true });
    expectSpaced(await Promise.all([1, 2, 3].map(() => pool().slot(slow))), 600);
    const zero = relay({ normalSpeed: 0.4, backoffSpeed: 0, backoff: true });
    expectSpaced(await Promise.all([1, 2, 3].map(() => pool().slot(zero))), 400);
  });

  it('gives an idle relay its next slot at once, and keeps relays and relay kinds apart', async () => {
    const r = relay({ normalSpeed: 5 });
    expect(Math.round(await takeSlot(t.ctx.db.$client, r, 5))).toBe(0);
    // Another relay, and a PMTA relay with the same id, have their own clocks.
    expect(await takeSlot(t.ctx.db.$client, relay(), 5)).toBe(0);
    expect(await takeSlot(t.ctx.db.$client, { type: RelayType.pmta, id: r.id }, 5)).toBe(0);
    expect(Math.round((await takeSlot(t.ctx.db.$client, r, 5)) / 1000)).toBe(5);
    // Idle since (its next slot passed long ago): the next one is now, not a backlog of old slots.
    await t.ctx.db.$client.query(
      `update relay_pacing set next_at = now() - interval '1 minute' where relay_type = $1 and relay_id = $2`,
      [r.type, r.id],
    );
    expect(Math.round(await takeSlot(t.ctx.db.$client, r, 5))).toBe(0);
    expect(Math.round((await takeSlot(t.ctx.db.$client, r, 5)) / 1000)).toBe(5);
  });

  it('does not touch the database for an unpaced relay', async () => {
    const r = relay({ normalSpeed: 0 });
    expect(await pool().slot(r)).toBe(0);
    const { rows } = await t.ctx.db.$client.query('select 1 from relay_pacing where relay_id = $1', [r.id]);
    expect(rows).toEqual([]);
  });
});

/** The relay a pick gave (a number: every relay is over its warm-up allowance until then). */
const idOf = (r: ReturnType<RelayPool['pick']>) => (typeof r === 'number' ? `full until ${r}` : r?.id);

describe('the pool choosing a relay', () => {
  it('goes round robin, waits for a paced relay slot, a relay session, a cool-down, and skips switched-off services', async () => {
    const p = pool(1);
    const paced = relay({ normalSpeed: 1 });
    const fast = relay({ normalSpeed: 0 });
    const pmta = relay({ normalSpeed: 0, switchedOff: new Set([7]) });
    p.relays = [paced, fast, pmta];
    expect([p.pick(1), p.pick(1), p.pick(1)].map(idOf)).toEqual([paced.id, fast.id, pmta.id]);

    await p.slot(paced); // a message of the paced relay waits for its slot
    p.taken(fast); // the fast relay's one session is in use
    expect(idOf(p.pick(1))).toBe(pmta.id);
    expect(p.pick(7)).toBeNull(); // serves service 7, but busy now
    p.freeSlot(paced);
    p.released(fast);
    expect(idOf(p.pick(7))).toBe(paced.id);

    p.coolDown(fast);
    expect([p.pick(1), p.pick(1), p.pick(1)].map(idOf)).toEqual([pmta.id, paced.id, pmta.id]);
    p.relays = [pmta];
    expect(p.pick(7)).toBeUndefined(); // nobody serves service 7
  });
});
