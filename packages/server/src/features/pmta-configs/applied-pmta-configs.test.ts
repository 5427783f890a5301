import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HydraCollection } from '@console/shared/hydra';
import type { AppliedPmtaConfig, PmtaConfig } from '@console/shared/pmta-configs';
import { appliedPmtaConfigs, pmtaConfigs, pmtaRelays } from '../../db/schema/index.ts';
import { serverRow } from '../../pmta/operations.ts';
import { pmtaConnections } from '../../pmta/ssh/connection.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { closedPort, pmtaPeer } from '../../../test/peers/pmta.ts';
import { configForm } from './test-helpers.ts';
import { APPLIED_CONFIGS_UPLOAD } from './applied-pmta-configs.jobs.ts';
import { uploadPending } from './applied-pmta-configs.remote.ts';

/*
 * Applied PMTA configs against a real simulator: the upload job (run here by calling it; the routes only
 * queue it, ROLE=api runs no worker), Reset, a refused config, a stopped PMTA, Delete.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;
let owner: TestUser;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;

beforeAll(async () => {
  t = await createTestApp({ env: { ROLE: 'api' } });
  f = factories(t);
  admin = await t.user({ admin: true });
  owner = await t.user();
  peer = await pmtaPeer(t, f);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
// Every server here is the same simulator: a row left failing would upload its server's file in later runs.
afterEach(async () => {
  await t.ctx.db.delete(appliedPmtaConfigs).where(eq(appliedPmtaConfigs.version, 0));
});

const simFile = (p: string) => fs.readFileSync(path.join(peer.sim.root, p), 'utf8');
const simHas = (p: string) => fs.existsSync(path.join(peer.sim.root, p));
const configText = () => simFile('etc/pmta/config');
const includeOf = (id: number) => `include /etc/pmta/console/config-${id}.conf`;

async function makeConfig(name: string, type: 0 | 1, content: string) {
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/pmta_config/create',
    ...configForm({ prePmtaConfig: JSON.stringify({ name, type }) }, { name: `${name}.conf`, content }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PmtaConfig;
}
const updateContent = (id: number, name: string, type: 0 | 1, content: string) =>
  t.as(admin, {
    method: 'POST',
    url: `/api/pmta_config/${id}/update`,
    ...configForm({ prePmtaConfig: JSON.stringify({ name, type }) }, { name: `${name}.conf`, content }),
  });
const apply = (config: number, recipients: number[]) =>
  t.as(admin, { method: 'POST', url: '/api/pmta_config/apply', payload: { config, recipients } });
const idsOf = (rows: { id: number }[], type: number) => ({
  ids: rows.map((r) => ({ appliedConfigId: r.id, appliedConfigType: type })),
});
const rowsOf = (configId: number) =>
  t.ctx.db
    .select()
    .from(appliedPmtaConfigs)
    .where(eq(appliedPmtaConfigs.configId, configId))
    .orderBy(appliedPmtaConfigs.id);
/** How many upload jobs are queued (the routes send one so that the list need not wait for the minute). */
const queued = async () =>
  Number(
    (
      await t.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = ${APPLIED_CONFIGS_UPLOAD.name} and state = 'created'`,
      )
    ).rows[0]!.n,
  );
const listed = async (configId: number) =>
  (
    (
      await t.as(admin, {
        method: 'POST',
        url: '/api/applied_pmta_configs',
        payload: { filter: [{ field: 'config.id', value: configId }] },
      })
    ).json() as HydraCollection<AppliedPmtaConfig>
  )['hydra:member'];

const SERVER_FILE = '<domain applied.example>\n  max-msg-rate 100/h\n</domain>\n';
const RELAY_FILE = '<domain relay.example>\n  max-smtp-out 3\n</domain>\n';

describe('uploading applied configs', () => {
  it('uploads a server config: its file, the include at the end of the config, PMTA reloaded, version 1', async () => {
    const serverId = await peer.server(owner);
    const cfg = await makeConfig('Server tuning', 0, SERVER_FILE);
    const jobs = await queued();
    expect((await apply(cfg.id, [serverId])).statusCode).toBe(200);
    expect(await queued()).toBe(jobs + 1);
    expect((await listed(cfg.id)).map((r) => [r.version, r.error])).toEqual([[0, null]]);

    await uploadPending(t.ctx);
    expect((await listed(cfg.id)).map((r) => [r.version, r.error])).toEqual([[1, null]]);
    expect(simFile(`etc/pmta/console/config-${cfg.id}.conf`)).toBe(SERVER_FILE);
    expect(configText().trimEnd().endsWith(includeOf(cfg.id))).toBe(true);
    expect(peer.sim.config.domains.get('applied.example')).toEqual({ 'max-msg-rate': '100/h' });
  });

  it('reloads PMTA once per server for all its pending rows (issue 22)', async () => {
    const serverId = await peer.server(owner);
    const relays = [
      await f.pmtaRelay({ owner, pmtaServerId: serverId }),
      await f.pmtaRelay({ owner, pmtaServerId: serverId }),
    ];
    const a = await makeConfig('Batch A', 0, '<domain batch-a.example>\n  max-smtp-out 2\n</domain>\n');
    const b = await makeConfig('Batch B', 1, RELAY_FILE);
    expect((await apply(a.id, [serverId])).statusCode).toBe(200);
    expect(
      (
        await apply(
          b.id,
          relays.map((r) => r.id),
        )
      ).statusCode,
    ).toBe(200);
    const loads = peer.sim.loads.length;
    await uploadPending(t.ctx);
    expect(peer.sim.loads.length - loads).toBe(1);
    expect([...(await rowsOf(a.id)), ...(await rowsOf(b.id))].map((r) => [r.version, r.error])).toEqual([
      [1, null],
      [1, null],
      [1, null],
    ]);
    expect(configText()).toContain(includeOf(a.id));
    for (const r of relays)
      expect(peer.sim.config.vmtas.get(`vmta-${r.id}`)?.domains.get('relay.example')).toEqual({ 'max-smtp-out': '3' });
  });

  it('uploads a relay config inside the relay’s VMTA', async () => {
    const serverId = await peer.server(owner);
    const relay = await f.pmtaRelay({ owner, pmtaServerId: serverId, ip: '10.55.0.1' });
    const cfg = await makeConfig('Relay tuning', 1, RELAY_FILE);
    expect((await apply(cfg.id, [relay.id])).statusCode).toBe(200);
    await uploadPending(t.ctx);
    expect((await rowsOf(cfg.id)).map((r) => [r.pmtaRelayId, r.version])).toEqual([[relay.id, 1]]);
    const vmta = new RegExp(`<virtual-mta vmta-${relay.id}>\\n  smtp-source-host [^\\n]+\\n  ${includeOf(cfg.id)}\\n`);
    expect(configText()).toMatch(vmta);
    expect(peer.sim.config.vmtas.get(`vmta-${relay.id}`)?.domains.get('relay.example')).toEqual({
      'max-smtp-out': '3',
    });
    expect(peer.sim.config.domains.has('relay.example')).toBe(false);
  });

  it('Reset makes it upload again; a new file is a new version that every copy uploads', async () => {
    const serverId = await peer.server(owner);
    const cfg = await makeConfig('Resettable', 0, SERVER_FILE);
    await apply(cfg.id, [serverId]);
    await uploadPending(t.ctx);
    const [row] = await rowsOf(cfg.id);
    fs.writeFileSync(path.join(peer.sim.root, `etc/pmta/console/config-${cfg.id}.conf`), '# tampered\n');

    const jobs = await queued();
    const reset = await t.as(admin, {
      method: 'POST',
      url: '/api/applied_pmta_configs/reset_current_version',
      payload: idsOf([row!], 0),
    });
    expect([reset.statusCode, reset.json()]).toEqual([200, { reset: 1 }]);
    expect((await rowsOf(cfg.id))[0]!.version).toBe(0);
    expect(await queued()).toBe(jobs + 1);
    await uploadPending(t.ctx);
    expect((await rowsOf(cfg.id))[0]!.version).toBe(1);
    expect(simFile(`etc/pmta/console/config-${cfg.id}.conf`)).toBe(SERVER_FILE);

    const v2 = SERVER_FILE.replace('100/h', '250/h');
    expect((await updateContent(cfg.id, 'Resettable', 0, v2)).json()).toMatchObject({ version: 2 });
    expect((await rowsOf(cfg.id))[0]!.version).toBe(0);
    await uploadPending(t.ctx);
    expect((await listed(cfg.id)).map((r) => [r.version, r.configVersion])).toEqual([[2, 2]]);
    expect(peer.sim.config.domains.get('applied.example')).toEqual({ 'max-msg-rate': '250/h' });
  });

  it('keeps PMTA’s refusal on the row, takes it out of the config, and retries it until a good file uploads', async () => {
    const serverId = await peer.server(owner);
    const cfg = await makeConfig('Refused', 0, SERVER_FILE);
    await apply(cfg.id, [serverId]);
    await uploadPending(t.ctx);
    expect(configText()).toContain(includeOf(cfg.id));
    // The console's check accepts it (the pattern list could be the server's); PMTA knows there is none.
    const bad = '<domain refused.example>\n  smtp-pattern-list no-such-list\n</domain>\n';
    await updateContent(cfg.id, 'Refused', 0, bad);
    await uploadPending(t.ctx);
    const [failed] = await rowsOf(cfg.id);
    expect(failed!.version).toBe(0);
    expect(failed!.error).toBe(
      `Error: /etc/pmta/console/config-${cfg.id}.conf:2: unknown smtp-pattern-list "no-such-list"`,
    );
    // The restored file included the config (now holding the refused text): the server's file goes without it.
    expect(configText()).not.toContain(includeOf(cfg.id));
    expect(configText()).toContain(`PMTA server #${serverId}`);
    expect(peer.sim.config.domains.has('refused.example')).toBe(false);
    expect(peer.sim.config.domains.has('applied.example')).toBe(false);
    expect((await listed(cfg.id))[0]!.error).toBe(failed!.error);

    await uploadPending(t.ctx);
    const [retried] = await rowsOf(cfg.id);
    expect([retried!.version, retried!.error]).toEqual([0, failed!.error]);
    expect(retried!.updatedAt.getTime()).toBeGreaterThan(failed!.updatedAt.getTime());

    await updateContent(cfg.id, 'Refused', 0, bad.replace('no-such-list', 'blocking-errors'));
    await uploadPending(t.ctx);
    expect((await rowsOf(cfg.id)).map((r) => [r.version, r.error])).toEqual([[3, null]]);
    expect(configText()).toContain(includeOf(cfg.id));
    expect(peer.sim.config.domains.get('refused.example')).toEqual({ 'smtp-pattern-list': 'blocking-errors' });
  });

  it('retries an upload that failed while PMTA was stopped', async () => {
    const serverId = await peer.server(owner);
    const cfg = await makeConfig('While stopped', 0, SERVER_FILE);
    await apply(cfg.id, [serverId]);
    const target = await serverRow(t.ctx, serverId);
    await pmtaConnections(t.ctx).exec(target, 'systemctl stop pmta');
    try {
      await uploadPending(t.ctx);
      expect((await rowsOf(cfg.id)).map((r) => [r.version, r.error])).toEqual([
        [0, 'Error: cannot connect to PowerMTA (is the service running?)'],
      ]);
    } finally {
      await pmtaConnections(t.ctx).exec(target, 'systemctl start pmta');
    }
    await uploadPending(t.ctx);
    expect((await rowsOf(cfg.id)).map((r) => [r.version, r.error])).toEqual([[1, null]]);
  });

  it('says why a relay without VMTA gets nothing, and a host that cannot be reached', async () => {
    const serverId = await peer.server(owner);
    const relay = await f.pmtaRelay({ owner, pmtaServerId: serverId });
    await t.ctx.db.update(pmtaRelays).set({ withoutVmta: true }).where(eq(pmtaRelays.id, relay.id));
    const down = await peer.server(owner, await closedPort());
    const relayCfg = await makeConfig('No VMTA', 1, RELAY_FILE);
    const serverCfg = await makeConfig('Down', 0, SERVER_FILE);
    await apply(relayCfg.id, [relay.id]);
    await apply(serverCfg.id, [down]);
    await uploadPending(t.ctx);
    expect((await rowsOf(relayCfg.id)).map((r) => [r.version, r.error])).toEqual([
      [0, 'Error: the relay has no VMTA on its server: upload its VMTA first.'],
    ]);
    const [unreachable] = await rowsOf(serverCfg.id);
    expect(unreachable!.version).toBe(0);
    expect(unreachable!.error).toMatch(/^Error: cannot connect to .*connection refused\.$/);
  });
});

describe('deleting applied configs', () => {
  it('takes the include out of the config, then the row and the file; a file another relay uses stays', async () => {
    const serverId = await peer.server(owner);
    const r1 = await f.pmtaRelay({ owner, pmtaServerId: serverId });
    const r2 = await f.pmtaRelay({ owner, pmtaServerId: serverId });
    const cfg = await makeConfig('Shared', 1, RELAY_FILE);
    await apply(cfg.id, [r1.id, r2.id]);
    await uploadPending(t.ctx);
    const [row1, row2] = await rowsOf(cfg.id);
    expect([row1!.version, row2!.version]).toEqual([1, 1]);
    const del = (rows: { id: number }[]) =>
      t.as(admin, { method: 'POST', url: '/api/applied_pmta_configs/delete', payload: idsOf(rows, 1) });

    expect((await del([row1!])).statusCode).toBe(204);
    expect((await rowsOf(cfg.id)).map((r) => r.id)).toEqual([row2!.id]);
    expect(configText().split(includeOf(cfg.id)).length - 1).toBe(1);
    expect(simHas(`etc/pmta/console/config-${cfg.id}.conf`)).toBe(true);

    expect((await del([row2!])).statusCode).toBe(204);
    expect(configText()).not.toContain(includeOf(cfg.id));
    expect(simHas(`etc/pmta/console/config-${cfg.id}.conf`)).toBe(false);
    expect(peer.sim.config.vmtas.get(`vmta-${r2.id}`)?.domains.has('relay.example')).toBe(false);
  });

  it('deletes a config with its applied copies taken off their servers (Pmta Config File deleted: 204)', async () => {
    const serverId = await peer.server(owner);
    const cfg = await makeConfig('Whole', 0, SERVER_FILE);
    await apply(cfg.id, [serverId]);
    await uploadPending(t.ctx);
    expect(configText()).toContain(includeOf(cfg.id));
    const res = await t.as(admin, { method: 'DELETE', url: `/api/pmta_config/${cfg.id}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(configText()).not.toContain(includeOf(cfg.id));
    expect(simHas(`etc/pmta/console/config-${cfg.id}.conf`)).toBe(false);
    expect(await t.ctx.db.select().from(pmtaConfigs).where(eq(pmtaConfigs.id, cfg.id))).toEqual([]);
  });

  it('keeps the row and the config when the server cannot take the change', async () => {
    const down = await peer.server(owner, await closedPort());
    const cfg = await makeConfig('Kept', 0, SERVER_FILE);
    const [row] = await t.ctx.db
      .insert(appliedPmtaConfigs)
      .values({ configId: cfg.id, pmtaServerId: down, version: 1 })
      .returning();
    const del = await t.as(admin, {
      method: 'POST',
      url: '/api/applied_pmta_configs/delete',
      payload: idsOf([row!], 0),
    });
    expect(del.statusCode).toBe(502);
    expect(del.json().error).toMatch(/^Error: cannot connect to /);
    const delConfig = await t.as(admin, { method: 'DELETE', url: `/api/pmta_config/${cfg.id}` });
    expect(delConfig.statusCode).toBe(502);
    expect((await rowsOf(cfg.id)).map((r) => r.id)).toEqual([row!.id]);
    expect(await t.ctx.db.select().from(pmtaConfigs).where(eq(pmtaConfigs.id, cfg.id))).toHaveLength(1);
    await t.ctx.db.delete(pmtaConfigs).where(eq(pmtaConfigs.id, cfg.id));
  });
});
