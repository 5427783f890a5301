// @ts-nocheck
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { pmtaPeer } from '../../test/peers/pmta.ts';
import { exited } from '../sending/test-setup.ts';
import { generateConfig } from './config/generate.ts';
import { loadConfigData } from './config/load.ts';
import { serverRow, uploadConfig } from './operations.ts';

/*
 * Issue 22 §2: a relay's Gmail switch answered success and stored `off = true`, but the configuration PMTA
 * reloaded right after had no `<domain gmail.com>` block in the relay's VMTA. Here a second console process
 * uploads the same server's configuration without pause (plain uploads, DKIM keys of another relay, applied
 * configs) while this one flips the switch through the API. Every configuration the simulator loaded after
 * a flip's own upload and before the next flip must carry that flip's state, and the last one must be what
 * the console generates from its data.
 */

const LOOP = fileURLToPath(new URL('../../test/upload-loop.ts', import.meta.url));
const FLIPS = 16;

let t: TestApp;
let f: ReturnType<typeof factories>;
let peer: Awaited<ReturnType<typeof pmtaPeer>>;
let child: ReturnType<typeof spawn> | undefined;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  peer = await pmtaPeer(t, f);
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (child) await exited(child);
  await peer?.close();
  await t?.close();
});

/** Whether a configuration switches Gmail off for the relay (the block inside its VMTA). */
const gmailOff = (config: string, relayId: number) => {
  const vmta = new RegExp(`<virtual-mta vmta-${relayId}>([\\s\\S]*?)\\n</virtual-mta>`).exec(config)?.[1];
  expect(vmta, `vmta-${relayId} in the configuration`).toBeDefined();
  return /\n {2}<domain gmail\.com>\n {4}max-msg-rate 0\n/.test(vmta!);
};

describe('a switch while other uploads run on the same server', () => {
  it(
    'reaches the server: no configuration generated before its commit is loaded after it',
    { timeout: 180_000 },
    async () => {
      const owner = await t.user();
      const serverId = await peer.server(owner);
      const relay = await f.pmtaRelay({ owner, pmtaServerId: serverId });
      const other = await f.pmtaRelay({ owner, pmtaServerId: serverId });
      const db = t.ctx.db.$client;
      const { rows: cfg } = await db.query<{ id: number }>(
        `insert into pmta_configs (name, type, file_name, content) values ('extra', 0, 'extra.conf', '# extra') returning id`,
      );
      await db.query('insert into applied_pmta_configs (config_id, pmta_server_id) values ($1, $2)', [
        cfg[0]!.id,
        serverId,
      ]);
      await uploadConfig(t.ctx, await serverRow(t.ctx, serverId));

      let uploads = 0;
      child = spawn(process.execPath, [LOOP], {
        env: {
          ...process.env,
          DATABASE_URL: t.ctx.databaseUrl,
          APP_SECRET: t.ctx.env.APP_SECRET!,
          DATA_DIR: t.dataDir,
          SERVER_ID: String(serverId),
          DKIM_RELAY_ID: String(other.id),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      child.stdout!.on('data', (d: Buffer) => {
        output.push(d.toString());
        uploads = Number(/uploads (\d+)\n$/.exec(d.toString())?.[1] ?? uploads);
      });
      child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      await eventually(async () => uploads >= 3, 60_000).catch(() => {
        throw new Error(`the upload loop did not run: ${output.join('')}`);
      });

      const loads = peer.sim.loads;
      const flips: { off: boolean; from: number; to: number }[] = [];
      for (let i = 0; i < FLIPS; i++) {
        const off = i % 2 === 0;
        const from = loads.length;
        const res = await t.as(owner, {
          method: 'POST',
          url: `/api/pmta_relay_switches/${relay.id}`,
          payload: { switches: [{ providerName: 'Gmail', off }] },
        });
        expect(res.statusCode, res.body).toBe(200);
        // Let the other process's uploads overlap the next flip's window.
        const seen = uploads;
        await eventually(async () => uploads >= seen + 2, 60_000).catch(() => {
          throw new Error(`the upload loop stopped: ${output.join('').slice(-2000)}`);
        });
        flips.push({ off, from, to: loads.length });
      }
      child.kill('SIGTERM');
      await exited(child);

      const relayOff = (text: string) => gmailOff(text, relay.id);
      const stale: string[] = [];
      for (const [i, flip] of flips.entries()) {
        const window = loads.slice(flip.from, flip.to);
        // The flip's own upload is the first load with its state; every load after it in the window keeps it.
        const own = window.findIndex((c) => relayOff(c) === flip.off);
        expect(own, `flip ${i}: the server loaded its configuration`).toBeGreaterThanOrEqual(0);
        window.slice(own).forEach((c, j) => {
          if (relayOff(c) !== flip.off) stale.push(`flip ${i} (off ${flip.off}): load ${flip.from + own + j} lacks it`);
        });
      }
      expect(stale).toEqual([]);
      const data = await loadConfigData(t.ctx.db, serverId);
      expect(loads.at(-1)).toBe(generateConfig(data!));
    },
  );
});
