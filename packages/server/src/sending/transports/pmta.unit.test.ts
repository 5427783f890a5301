import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIG, eventually, readAcct, tempSim } from '@console/pmta-sim/testing';
import { connectorFor, createOutboundPolicy } from '../../core/outbound.ts';
import { campaignJobId, injected, pmtaTransport } from './pmta.ts';
import type { OutgoingMessage } from './transport.ts';

/* Injection into the simulator over SMTP: the VMTA, the job and the ENVID reach its accounting file. */

let sim: Awaited<ReturnType<typeof tempSim>>;
beforeAll(async () => {
  sim = await tempSim({
    config: TEST_CONFIG,
    outcomes: [
      { match: 'nobody@bounce.example', result: 'bounced', bounceCat: 'bad-mailbox', reply: '550 5.1.1 User unknown' },
    ],
  });
});
afterAll(() => sim.cleanup());

const message = (to: string): OutgoingMessage => ({
  from: { name: 'News', address: 'news@mta1.example.com' },
  to,
  subject: 'Hello',
  html: '<p>Hi</p>',
  messageId: `<${to}@console>`,
  headers: {},
});

describe('pmtaTransport', () => {
  it('injects through the named VMTA with the job and ENVID, which the accounting records carry', async () => {
    const policy = createOutboundPolicy({ allow: ['loopback'] });
    const t = pmtaTransport(
      { serverIp: '127.0.0.1', smtpPort: sim.smtpPort },
      {
        maxConnections: 2,
        connect: { host: connectorFor(policy, 'Server IP'), socks: connectorFor(policy, 'Socks IP') },
      },
    );
    try {
      const ok = await t.send(
        injected(message('a@example.com'), { vmta: 'v2', jobId: campaignJobId(7), envId: 'env-a' }),
      );
      expect(ok.kind).toBe('accepted');
      const bad = await t.send(
        injected(message('nobody@bounce.example'), { vmta: 'v1', jobId: campaignJobId(7), envId: 'env-b' }),
      );
      expect(bad.kind).toBe('accepted'); // PMTA takes it; the bounce comes later, in its accounting
      const unknown = await t.send(injected(message('c@example.com'), { vmta: 'nope', jobId: 'x', envId: 'env-c' }));
      expect(unknown.kind).toBe('rejected');
      const rows = await eventually(() => {
        const r = readAcct(sim.root);
        expect(r.filter((x) => x.type === 'd' || x.type === 'b')).toHaveLength(2);
        return r;
      });
      expect(rows.find((r) => r.envId === 'env-a')).toMatchObject({
        type: 'd',
        vmta: 'v2',
        jobId: 'campaign-7',
        rcpt: 'a@example.com',
      });
      expect(rows.find((r) => r.envId === 'env-b')).toMatchObject({ type: 'b', vmta: 'v1', bounceCat: 'bad-mailbox' });
    } finally {
      t.close();
    }
  });
});
