import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { button, seeToast } from './ui.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface SimProcess {
  smtpPort: number;
  httpPort: number;
  sshPort: number;
  /** The simulator's data directory (its /etc/pmta and /var/log/pmta). */
  root: string;
  /** Stops the process (SIGTERM), as a server going down; its files stay for the test to read. */
  stop: () => Promise<void>;
  /** Stops it and removes its files: after the spec file's tests. */
  close: () => Promise<void>;
}

/**
 * The PowerMTA simulator as its own process on loopback, its SSH side trusting the console's key (read
 * from the console's API with `token`): the peer of the PMTA journeys. `outcomes`: the remote side's
 * answers (the simulator's --outcomes, e.g. a domain whose mail stays deferred); `config`: its first
 * /etc/pmta/config (the simulator's --config, e.g. VMTAs and a backoff pattern list).
 */
export async function startPmtaSim(
  h: Harness,
  token: string,
  o: { outcomes?: unknown[]; config?: string } = {},
): Promise<SimProcess> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pmta-e2e-'));
  const outcomes = path.join(root, 'outcomes.json');
  if (o.outcomes) fs.writeFileSync(outcomes, JSON.stringify(o.outcomes));
  const config = path.join(root, 'config');
  if (o.config) fs.writeFileSync(config, o.config);
  const { body } = await h.api<{ publicKey: string }>('/pmta/ssh-public-key', { token });
  const keys = path.join(root, 'authorized_keys');
  fs.writeFileSync(keys, body.publicKey + '\n');
  const data = path.join(root, 'data');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      'packages/pmta-sim/src/main.ts',
      '--data',
      data,
      '--ssh-port',
      '0',
      '--ssh-authorized-keys',
      keys,
      ...(o.outcomes ? ['--outcomes', outcomes] : []),
      ...(o.config ? ['--config', config] : []),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
  });
  const ready = JSON.parse(first) as { smtpPort: number; httpPort: number; sshPort: number };
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    ...ready,
    root: data,
    stop,
    close: async () => {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A relay of the admin (user 1) on PMTA server `serverId`, in a new group (setup by SQL). */
export interface PmtaJourney {
  h: Harness;
  sim: SimProcess;
  /** The administrator's access token. */
  token: string;
}

/**
 * A PMTA journey's console and simulator: started before the file's tests (and handed to `started`), stopped
 * after them.
 */
export function pmtaJourney(started: (j: PmtaJourney) => void) {
  let h: Harness | undefined;
  let sim: SimProcess | undefined;
  beforeAll(async () => {
    h = await startHarness();
    const token = (await h.api<{ token: string }>('/login_check', { json: ADMIN })).body.token;
    sim = await startPmtaSim(h, token);
    started({ h, sim, token });
  });
  afterAll(async () => {
    await sim?.close();
    await h?.stop();
  });
}

export async function relayOn(h: Harness, serverId: number, relay: { host: string; ip: string }) {
  const group = await h.sql(`insert into pmta_relay_groups (name, user_id) values ($1, 1) returning id`, [
    `group of ${relay.host}`,
  ]);
  const row = await h.sql(
    `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active)
     values (1, $1, $2, $3, $4, $5, true) returning id`,
    [group.rows[0].id, serverId, relay.host, relay.ip, `news@${relay.host}`],
  );
  return { groupId: group.rows[0].id as number, relayId: row.rows[0].id as number };
}

/** A PMTA server row of the admin on the simulator, with one relay (setup by SQL). */
export async function serverWithRelay(h: Harness, sim: SimProcess, name: string, relay: { host: string; ip: string }) {
  const server = await h.sql(
    `insert into pmta_servers (name, server_ip, ip_list, user_id, ssh_port, pmta_http_port, smtp_port)
     values ($1, '127.0.0.1', '127.0.0.1', 1, $2, $3, $4) returning id`,
    [name, sim.sshPort, sim.httpPort, sim.smtpPort],
  );
  const serverId = server.rows[0].id as number;
  return { serverId, ...(await relayOn(h, serverId, relay)) };
}

/** Creates a PMTA server on the simulator through the form (signed in as an administrator); its id. */
export async function createServerOnSim(h: Harness, page: Page, sim: SimProcess, name: string): Promise<number> {
  await page.goto('/pmta-servers/create');
  await page.getByLabel('Server Name', { exact: true }).fill(name);
  await page.getByLabel('Server IP', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('PMTA HTTP Port', { exact: true }).fill(String(sim.httpPort));
  await page.getByLabel('SSH Port', { exact: true }).fill(String(sim.sshPort));
  await page.getByLabel('SMTP Port', { exact: true }).fill(String(sim.smtpPort));
  await page.getByLabel('IP List', { exact: true }).fill('127.0.0.1');
  await button(page, 'Save').click();
  await seeToast(page, 'Added successfully!');
  return (await h.sql(`select id from pmta_servers where name = $1`, [name])).rows[0].id as number;
}
