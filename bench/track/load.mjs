/**
 * The load side of bench/track, in a process of its own (the server's event loop must not share its
 * thread with the load generator): node bench/track/load.mjs <url> <paths.json> <amount> <connections> [rate]
 * Fires exactly `amount` GET requests at the paths in turn (at most `rate` a second when given: bench/scale's
 * trackers taking hits beside a send) and prints autocannon's result as JSON.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import autocannon from 'autocannon';

const [url, pathsFile, amount, connections, rate] = process.argv.slice(2);
const paths = JSON.parse(fs.readFileSync(pathsFile, 'utf8'));
let next = 0;
// autocannon notices that `amount` is reached only at its next sample tick (once a second), so its
// `duration` is rounded up to whole seconds (up to 17% on a 6-second run): the run's time is taken here,
// from the start to the last response.
const started = performance.now();
let last = started;
const run = autocannon({
  url,
  amount: Number(amount),
  connections: Number(connections),
  pipelining: 1,
  ...(rate ? { overallRate: Number(rate) } : {}),
  timeout: 30,
  requests: [
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
    },
  ],
});
run.on('response', () => (last = performance.now()));
const result = await run;
process.stdout.write(
  JSON.stringify({
    requests: result.requests,
    latency: result.latency,
    duration: (last - started) / 1000,
    '2xx': result['2xx'],
    '3xx': result['3xx'],
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    total: result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'],
  }),
);
