/**
 * The load side of bench/reports, in a process of its own (the server's event loop must not share its thread
 * with the load): node bench/reports/users.mjs <plan.json>
 * The plan: { base, seconds, users: [{ token, calls: [{ key, method, url, body }] }] }. Each user is one loop
 * over HTTP keep-alive (its own connection), calling its calls in turn, each call as soon as the last answered,
 * until `seconds` have passed. Prints JSON: every call's latency in ms by key, failures, seconds, its own CPU.
 */
// @ts-nocheck

import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { Agent, request } from 'undici';

const plan = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const latencies = {};
const failures = [];
const t0 = performance.now();
const end = t0 + plan.seconds * 1000;

async function user(u, n) {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  let i = n; // each user starts at another call, so that the kinds are spread over the window
  while (performance.now() < end) {
    const call = u.calls[i++ % u.calls.length];
    const start = performance.now();
    try {
      const res = await request(plan.base + call.url, {
        dispatcher: agent,
        method: call.method,
        headers: {
          authorization: `Bearer ${u.token}`,
          ...(call.body ? { 'content-type': 'application/json' } : {}),
        },
        body: call.body ? JSON.stringify(call.body) : undefined,
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) failures.push(`${call.key}: ${res.statusCode} ${text.slice(0, 200)}`);
      else (latencies[call.key] ??= []).push(performance.now() - start);
    } catch (e) {
      failures.push(`${call.key}: ${e.message}`);
    }
  }
  await agent.close();
}

await Promise.all(plan.users.map(user));
const usage = process.cpuUsage();
process.stdout.write(
  JSON.stringify({
    latencies,
    failures,
    seconds: (performance.now() - t0) / 1000,
    cpuMs: (usage.user + usage.system) / 1000,
  }),
);
