import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { exited, spawnWorker, workerReady } from '../sending/test-setup.ts';

/*
 * A worker started before its database can take it (db/ready.ts): DATABASE_URL points at a loopback port where
 * nothing listens yet (PostgreSQL not up: ECONNREFUSED). The worker says so and waits; once a TCP relay to the
 * test's PostgreSQL opens on that port, it starts. Before, it died of the first refusal.
 */

let t: TestApp;
let relay: net.Server | undefined;
const sockets = new Set<net.Socket>();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(null)));
  await t?.close();
});

/** A loopback port nobody listens on (taken and given back). */
async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Relays `port` to the test's PostgreSQL (on TCP, or the embedded cluster's Unix socket). */
function relayTo(port: number) {
  const target = new URL(t.ctx.databaseUrl);
  const socketDir = target.searchParams.get('host');
  const targetPort = Number(target.port || 5432);
  const to = socketDir ? { path: `${socketDir}/.s.PGSQL.${targetPort}` } : { host: target.hostname, port: targetPort };
  relay = net.createServer((client) => {
    const server = net.connect(to);
    for (const s of [client, server]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(server).pipe(client);
  });
  return new Promise((resolve) => relay!.listen(port, '127.0.0.1', () => resolve(null)));
}

it('waits for a database that is not up yet, saying so, and starts when it is', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const url = new URL(t.ctx.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.search = ''; // the embedded cluster's socket directory
  const worker = spawnWorker(t, { DATABASE_URL: url.toString() });
  try {
    const said = () => worker.output.join('');
    await eventually(async () => said().includes('the database cannot take this process yet (ECONNREFUSED'), 30_000);
    expect(worker.exitCode).toBeNull();
    expect(said()).not.toContain('worker started');
    await relayTo(port);
    await workerReady(worker);
    expect(said()).toMatch(/starting again in \d+ s/);
  } finally {
    worker.kill('SIGTERM');
    await exited(worker);
  }
});
