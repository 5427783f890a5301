import { eventually, inject, readAcct, tempSim } from '@console/pmta-sim/testing';
import { BACKOFF_PATTERNS } from '@console/server/src/pmta/config/generate.ts';
import { domainBlocks } from '@console/server/src/pmta/domain-blocks.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chance, microsoftThrottle, RATES, startReceiver, type Receiver } from './internet.ts';
import { serviceSetting } from './seed.ts';

/*
 * The demo's Microsoft storm (decision 1470) through a real PowerMTA simulator relaying to the demo's mail
 * servers: the throttled relay's hotmail.com queue goes into backoff with Microsoft's reply, the other
 * relay's stays normal, and once the storm is over the queue is back to normal by itself, its mail delivered.
 * The simulator runs 60 times faster than the clock (the demo's 2-minute backoff retry is 2 s here).
 */

const STORM_MS = 4_000;
let receiver: Receiver;
let sim: Awaited<ReturnType<typeof tempSim>>;

/** Addresses the demo's mail servers accept at once (no bounce, no first-attempt defer). */
const plain = (n: number) =>
  Array.from({ length: 400 }, (_, i) => `reader${i}@hotmail.com`)
    .filter((a) => chance(a, 'bounce') >= RATES.bounce && chance(a, 'defer') >= RATES.defer)
    .slice(0, n);

const config = `http-access 127.0.0.1 monitor
<source 127.0.0.1>
  always-allow-relaying yes
  process-x-virtual-mta yes
</source>
<virtual-mta mta1>
  smtp-source-host 127.0.1.1 mta1.pmta-1.localhost
</virtual-mta>
<virtual-mta mta2>
  smtp-source-host 127.0.1.2 mta2.pmta-1.localhost
</virtual-mta>
<domain *>
  smtp-pattern-list blocking-errors
</domain>
${domainBlocks({ id: 1, ...serviceSetting('hotmail.com', 8) }, ['hotmail.com'])}
<smtp-pattern-list blocking-errors>
${BACKOFF_PATTERNS.map((p) => `  ${p}`).join('\n')}
</smtp-pattern-list>
<acct-file /var/log/pmta/acct.csv>
  records d,b,t
</acct-file>
`;

beforeAll(async () => {
  receiver = await startReceiver(0, () => {}, undefined, {
    sender: 'mta1.pmta-1.localhost',
    domains: ['outlook.com', 'hotmail.com'],
    forMs: STORM_MS,
    reply: microsoftThrottle('127.0.1.1'),
  });
  sim = await tempSim({ config, timeScale: 60, downstream: { host: '127.0.0.1', port: receiver.port } });
});

afterAll(async () => {
  await sim?.cleanup();
  await receiver?.close();
});

const queue = (name: string) => sim.queues.select(name)[0];

describe("the demo's Microsoft storm", () => {
  it('puts the throttled relay’s Microsoft queue into backoff with the reply, and it recovers by itself', async () => {
    const [a, b, c] = plain(3);
    await inject(sim.smtpPort, { to: a!, from: 'news@mta1.pmta-1.localhost', vmta: 'mta1' });
    await inject(sim.smtpPort, { to: b!, from: 'news@mta2.pmta-1.localhost', vmta: 'mta2' });

    const throttled = await eventually(() => {
      const q = queue('hotmail.com/mta1');
      expect(q?.mode).toBe('backoff');
      return q!;
    });
    expect(throttled.backoffReason).toBe(`421 ${microsoftThrottle('127.0.1.1')}`);
    expect(receiver.storm.startedAt).toBeDefined();
    // The other relay is not throttled: delivered, its queue normal.
    await eventually(() => expect(readAcct(sim.root).some((r) => r.type === 'd' && r.rcpt === b)).toBe(true));
    expect(queue('hotmail.com/mta2')?.mode).toBe('normal');

    // More mail during the storm waits in the backed-off queue; none is lost.
    await inject(sim.smtpPort, { to: c!, from: 'news@mta1.pmta-1.localhost', vmta: 'mta1' });

    // After the storm, the 2-minute (simulated) backoff retry delivers and the queue is normal again.
    await eventually(() => {
      expect(queue('hotmail.com/mta1')?.mode).toBe('normal');
      expect(queue('hotmail.com/mta1')?.messages).toHaveLength(0);
    }, 30_000);
    expect(Date.now() - receiver.storm.startedAt!).toBeGreaterThanOrEqual(STORM_MS);
    // A message on its way out has left the queue before its record is written: the records are awaited.
    const rows = await eventually(() => {
      const mta1 = readAcct(sim.root).filter((r) => r.vmta === 'mta1');
      expect(
        mta1
          .filter((r) => r.type === 'd')
          .map((r) => r.rcpt)
          .sort(),
      ).toEqual([a, c].sort());
      return mta1;
    });
    expect(rows.filter((r) => r.type === 't').length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.type === 't').every((r) => r.dsnDiag!.includes('4.7.650'))).toBe(true);
  }, 60_000);
});
