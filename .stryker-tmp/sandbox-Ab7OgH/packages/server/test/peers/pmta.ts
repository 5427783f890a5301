// @ts-nocheck
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { startSshServer } from '@console/pmta-sim/ssh';
import { tempSim } from '@console/pmta-sim/testing';
import { pmtaServers } from '../../src/db/schema/index.ts';
import { ownerSshKey } from '../../src/pmta/ssh/owner-keys.ts';
import type { factories } from '../factories.ts';
import type { TestApp, TestUser } from '../harness.ts';

/**
 * A PowerMTA simulator with its SSH side on loopback: the peer of every PMTA operation test.
 * `server(owner)` makes a PMTA server row of `owner` pointing at it and puts the owner's SSH key into the
 * simulator's authorized_keys (as the owner would on a real host). `options`: the simulator's (an outcome
 * table, a faster clock).
 */
export async function pmtaPeer(
  t: TestApp,
  f: ReturnType<typeof factories>,
  options: Parameters<typeof tempSim>[0] = {},
) {
  const sim = await tempSim(options);
  const ssh = await startSshServer(sim, {
    users: [{ username: 'root', publicKeys: [] }],
  });
  return {
    sim,
    ssh,
    /** A PMTA server row of `owner` on the simulator (or with SSH on `sshPort`, e.g. a closed port). */
    async server(owner: TestUser, sshPort = ssh.port) {
      const row = await f.pmtaServer({ owner, serverIp: '127.0.0.1' });
      ssh.addPublicKey('root', (await ownerSshKey(t.ctx, owner.id)).publicKey);
      // One simulator plays the host of every owner of a test file: assigned to each, as an administrator
      // would (one host, one owner: decision 1010; owner-isolation.test.ts tests the refusal itself).
      await t.ctx.db
        .update(pmtaServers)
        .set({ sshPort, pmtaHttpPort: sim.httpPort, smtpPort: sim.smtpPort, hostAssigned: true })
        .where(eq(pmtaServers.id, row.id));
      return row.id;
    },
    async close() {
      await ssh.close();
      await sim.cleanup();
    },
  };
}

/** A loopback port nothing listens on (just closed): a PMTA server that is down. */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
