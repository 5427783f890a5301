/**
 * How soon the Delivery screen shows a queue switching mode (issue 40: "within 10 s of the simulator
 * switching it"): node bench/queues/backoff.ts [rounds=10]
 *
 * A real PMTA simulator on loopback holds a queue (outlook.com/v2, its mail deferred, paused); one PMTA server row
 * points at it and the screen watches it (GET of its view). The polling job's loop runs as the worker runs
 * it (`runPolling`, DELIVERY_WATCHED_POLL_SECONDS). Each round the simulator switches the queue into backoff,
 * or back to normal (`pmta set queue --mode=...`), at a random moment of the cadence, and the screen's call
 * is repeated every 50 ms until it shows the new mode. Prints each round's delay, p50 and max; RECORD=1
 * appends them to RESULTS.md. Fails when the max passes 10 s.
 */
import { TEST_CONFIG, inject, tempSim } from '@console/pmta-sim/testing';
import type { DeliveryQueue } from '@console/shared/delivery';
import { exit } from '../lib/hermetic.ts';
import { startBenchApp } from '../lib/bench-app.ts';
import { record } from '../lib/measure.ts';
import { runPolling } from '../../packages/server/src/features/delivery/delivery.service.ts';

const ROUNDS = Number(process.argv[2] ?? 10);
const QUEUE = 'outlook.com/v2';
const REPLY = '421 4.7.0 SERVICE NOT AVAILABLE: too many connections from your IP';
process.env.ALLOW_INTERNAL_URLS = 'true'; // the simulator's HTTP interface is on this machine

const sim = await tempSim({
  config: TEST_CONFIG,
  outcomes: [{ match: 'outlook.com', result: 'deferred', reply: REPLY }],
});
const { app, ctx, q, token: tokenOf, stop } = await startBenchApp('queues-backoff', { jobs: [], deadlineS: 600 });
await q(`insert into users (username, email, password_hash, roles, is_active)
  values ('owner', 'owner@example.com', 'x', '{ROLE_USER}', true)`);
const { rows: users } = await q(`select id, username, roles, token_generation as "tokenGeneration" from users`);
const { rows: servers } = await q(
  `insert into pmta_servers (name, server_ip, ip_list, user_id, pmta_http_port, host_assigned)
   values ('pmta-1', '127.0.0.1', '127.0.0.1', $1, $2, true) returning id`,
  [users[0]!.id, sim.httpPort],
);
const token = await tokenOf(users[0]!);
const url = `/api/delivery/pmta_servers/${servers[0]!.id}`;

/** The screen's call (which also keeps the server watched): the queue's mode as it shows. */
async function shown(): Promise<string | undefined> {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return (res.json() as { items: DeliveryQueue[] }).items.find((i) => i.queue === QUEUE)?.mode;
}
const simMode = () => sim.queues.select(QUEUE)[0]?.mode;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>) {
  while (!(await check())) await sleep(50);
}

// The worker's job: a fresh minute-long polling loop after another.
let stopped = false;
const polling = (async () => {
  while (!stopped) await runPolling(ctx, Date.now() + 60_000, () => stopped);
})();

await inject(sim.smtpPort, { to: ['x@outlook.com'], vmta: 'v2' });
await until(() => simMode() === 'backoff');
// Paused, so that the simulator's own retries do not switch it back between the rounds.
await sim.command(['pause', 'queue', QUEUE]);
await until(async () => (await shown()) === 'backoff');

const cadence = ctx.env.DELIVERY_WATCHED_POLL_SECONDS * 1000;
const delays: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const mode = simMode() === 'backoff' ? 'normal' : 'backoff';
  await sleep(Math.random() * cadence);
  const result = await sim.command(['set', 'queue', `--mode=${mode}`, QUEUE]);
  if (simMode() !== mode) throw new Error(`the simulator did not switch: ${JSON.stringify(result)}`);
  const switched = performance.now();
  await until(async () => (await shown()) === mode);
  delays.push(performance.now() - switched);
  console.log(`round ${i + 1}: ${mode} shown after ${delays.at(-1)!.toFixed(0)} ms`);
}
stopped = true;
await polling;

const sorted = [...delays].sort((a, b) => a - b);
const max = sorted.at(-1)!;
const lines = [
  `${ROUNDS} switches of one queue, polling every ${cadence / 1000} s while watched`,
  `from the simulator's switch to the screen showing it:  p50 ${sorted[Math.floor(ROUNDS / 2)]!.toFixed(0)} ms   max ${max.toFixed(0)} ms`,
];
for (const l of lines) console.log(l);
record(import.meta.dirname, 'a queue switching mode, shown on the Delivery screen', lines);
await stop();
await sim.cleanup();
await exit(max < 10_000 ? 0 : 1, max < 10_000 ? undefined : `max ${max.toFixed(0)} ms is over 10 s`);
