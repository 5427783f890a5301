// @ts-nocheck
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CONFIG, eventually, inject, readAcct, tempSim } from './testing.ts';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

/** A downstream SMTP peer: refuses `nobody@`, defers `later@` once, keeps the rest. */
async function downstream() {
  const received: { rcpt: string; data: string }[] = [];
  let deferred = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _s, cb) {
      if (address.address.startsWith('nobody@'))
        return cb(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
      if (address.address.startsWith('later@') && !deferred) {
        deferred = true;
        return cb(Object.assign(new Error('4.2.1 try later'), { responseCode: 451 }));
      }
      cb();
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) received.push({ rcpt: r.address, data });
        cb();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  cleanup.push(() => new Promise((ok) => server.close(() => ok())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

describe('relaying to a downstream SMTP peer', () => {
  it("delivers to the peer without PMTA's headers; its 5xx bounce and its 4xx defer", async () => {
    const peer = await downstream();
    const s = await tempSim({
      config: TEST_CONFIG,
      timeScale: 100,
      downstream: { host: '127.0.0.1', port: peer.port },
    });
    cleanup.push(s.cleanup);
    await inject(s.smtpPort, { to: 'a@example.com', vmta: 'v1', job: 'J1', envId: 'E1' });
    await inject(s.smtpPort, { to: 'nobody@example.com', vmta: 'v1', envId: 'E2' });
    await inject(s.smtpPort, { to: 'later@example.com', vmta: 'v1', envId: 'E3' });
    const rows = await eventually(() => {
      const rows = readAcct(s.root);
      expect(rows).toHaveLength(4);
      return rows;
    });
    expect(rows.map((r) => [r.type, r.envId, r.dsnStatus!.split(' ')[0], r.bounceCat]).sort()).toEqual(
      [
        ['d', 'E1', '2.0.0', ''],
        ['b', 'E2', '5.1.1', 'bad-mailbox'],
        ['t', 'E3', '4.2.1', ''],
        ['d', 'E3', '2.0.0', ''],
      ].sort(),
    );
    expect(peer.received.map((r) => r.rcpt).sort()).toEqual(['a@example.com', 'later@example.com']);
    expect(peer.received[0]!.data).not.toMatch(/^x-(virtual-mta|job):/im);
    expect(peer.received[0]!.data).toMatch(/^Subject: test/m);
  });
});
