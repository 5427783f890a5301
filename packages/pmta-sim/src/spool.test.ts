import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPmtaSim, type PmtaSim } from './sim.ts';
import { TEST_CONFIG, eventually, inject, readAcct } from './testing.ts';

/*
 * Issue 38 item 7: the queue is spooled on disk as a real PowerMTA's is. Mail queued when the process
 * stops (held by max-msg-rate 0 here, as a busy server holds it) is delivered and accounted by the next
 * process on the same data directory, each recipient once.
 */

const HELD = `${TEST_CONFIG}<domain held.example>\n  max-msg-rate 0\n</domain>\n`;
let dir: string;
let running: PmtaSim | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  rmSync(dir, { recursive: true, force: true });
});
const spooled = () => readdirSync(join(dir, 'var/spool/pmta')).filter((f) => f.endsWith('.msg'));

describe('the spool', () => {
  it('keeps queued mail across a stop and a start: delivered and accounted once, then gone from disk', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pmta-spool-'));
    running = await startPmtaSim({ dataDir: dir, config: HELD, timeScale: 100 });
    const port = running.smtpPort;
    for (let i = 0; i < 5; i++) await inject(port, { to: `r${i}@held.example`, vmta: 'v1', job: 'J1', envId: `E${i}` });
    await inject(port, { to: 'now@example.com', vmta: 'v1', job: 'J1', envId: 'E9' });
    await eventually(() => expect(readAcct(dir).map((r) => r.envId)).toEqual(['E9']));
    expect(spooled()).toHaveLength(5);
    await running.close();

    // The next process, the hold lifted (as an operator resumes a queue).
    running = await startPmtaSim({ dataDir: dir, config: TEST_CONFIG, timeScale: 100 });
    await eventually(() => {
      const rows = readAcct(dir).filter((r) => r.type === 'd');
      expect(rows.map((r) => r.envId).sort()).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E9']);
      expect(rows.find((r) => r.envId === 'E0')).toMatchObject({ rcpt: 'r0@held.example', vmta: 'v1', jobId: 'J1' });
    });
    await eventually(() => expect(spooled()).toEqual([]));
    // A new message after the restart gets an id of its own (no spool file overwritten).
    await inject(running.smtpPort, { to: 'after@example.com', vmta: 'v1', envId: 'E10' });
    await eventually(() => expect(readAcct(dir).filter((r) => r.envId === 'E10')).toHaveLength(1));
  });
});
