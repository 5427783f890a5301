import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPmtaSim, type PmtaSim } from '@console/pmta-sim/sim';
import { newEd25519KeyPair, startSshServer, type SshServer } from '@console/pmta-sim/ssh';
import { inject, TEST_CONFIG } from '@console/pmta-sim/testing';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';
import { eq } from 'drizzle-orm';
import { pmtaServers } from '../../db/schema/index.ts';
import { createTestApp, eventually, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { encodeTrackingId } from '../../tracking/uuid.ts';
import { pmtaConnections } from '../ssh/connection.ts';
import { ownerSshKey } from '../ssh/owner-keys.ts';
import { outcomeGap } from './no-outcome.ts';
import { pullAccounting } from './pull.ts';

/*
 * Issue 38 item 7: a PMTA server stopped and started with a campaign's messages still queued (held here by
 * max-msg-rate 0, as a busy server holds them) delivers and accounts for them after the start: the console's
 * accounting pull gives every injected recipient its outcome, none is left without one (decision 1350).
 */

const HELD = `${TEST_CONFIG}<domain held.example>\n  max-msg-rate 0\n</domain>\n`;
const N = 8;
let t: TestApp;
let dir: string;
let sim: PmtaSim;
let ssh: SshServer;
/** The server's host key, the same after the restart (as a real host's). */
const hostKey = newEd25519KeyPair().private;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pmta-restart-'));
});
afterAll(async () => {
  await ssh?.close();
  await sim?.close();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startServer(config: string, ports?: { smtpPort: number; httpPort: number; sshPort: number }) {
  sim = await startPmtaSim({ dataDir: dir, config, timeScale: 100, ...ports });
  ssh = await startSshServer(sim, {
    port: ports?.sshPort ?? 0,
    hostKey,
    users: [{ username: 'root', publicKeys: [] }],
  });
}

describe('a PMTA server restarted with a campaign queued', () => {
  it('delivers and accounts for every injected recipient after the start', async () => {
    const f = factories(t);
    const owner = await t.user();
    await startServer(HELD);
    const server = await f.pmtaServer({ owner, serverIp: '127.0.0.1' });
    const key = (await ownerSshKey(t.ctx, owner.id)).publicKey;
    ssh.addPublicKey('root', key);
    const ports = { smtpPort: sim.smtpPort, httpPort: sim.httpPort, sshPort: ssh.port };
    await t.ctx.db
      .update(pmtaServers)
      .set({ sshPort: ports.sshPort, pmtaHttpPort: ports.httpPort, smtpPort: ports.smtpPort, hostAssigned: true })
      .where(eq(pmtaServers.id, server.id));
    const group = await f.pmtaRelayGroup({ owner });
    const relay = await f.pmtaRelay({ owner, pmtaServerId: server.id, groupId: group.id });
    const c = await f.pmtaCampaign({ owner, relayGroupId: group.id, status: CampaignStatus.Finished });
    const q = t.ctx.db.$client;
    await q.query(`create table campaign_recipients_${c.id} partition of campaign_recipients for values in (${c.id})`);
    await q.query(
      `insert into campaign_recipients (campaign_id, email_id, email, domain, mail_provider_id, relay_id, status, claimed_at)
       select $1, n, 'r' || n || '@held.example', 'held.example', 1, $2, ${RecipientStatus.injected}, now()
         from generate_series(1, ${N}) n`,
      [c.id, relay.id],
    );
    // Injected as the engine injects them: the tracking id as ENVID, the campaign's job.
    for (let n = 1; n <= N; n++)
      await inject(ports.smtpPort, {
        to: `r${n}@held.example`,
        job: `campaign-${c.id}`,
        envId: encodeTrackingId(t.ctx.secret, {
          campaignType: 'pmta',
          campaignId: c.id,
          relayId: relay.id,
          emailId: n,
        }),
      });
    await eventually(async () => (await pullAccounting(t.ctx, server.id))?.busy === false, 30_000);
    expect(await outcomeGap(q, c.id)).toMatchObject({ awaitingOutcome: N, noOutcome: 0 });

    // Stop (the process goes), then start on the same disk and ports, the hold lifted.
    await ssh.close();
    await sim.close();
    pmtaConnections(t.ctx).forget(server.id);
    await startServer(TEST_CONFIG, ports);
    ssh.addPublicKey('root', key);

    await eventually(async () => {
      await pullAccounting(t.ctx, server.id);
      return (await outcomeGap(q, c.id)).awaitingOutcome === 0;
    }, 30_000);
    const { rows } = await q.query<{ status: number; n: number }>(
      `select status, count(*)::int as n from campaign_recipients where campaign_id = $1 group by 1`,
      [c.id],
    );
    expect(rows).toEqual([{ status: RecipientStatus.delivered, n: N }]);
    const counters = await q.query('select delivered from campaign_counters where campaign_id = $1', [c.id]);
    expect(counters.rows[0]).toEqual({ delivered: N });
  });
});
