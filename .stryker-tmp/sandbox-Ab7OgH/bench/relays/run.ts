/**
 * Relay benchmark: node bench/relays/run.ts [relays] [uploadLines]
 * (defaults 100,000 PMTA relays and a 100,000-line upload)
 *
 * Seeds one operator's fleet with set-based SQL: 50 PMTA servers (a fifth of them VPS), 500 relay groups,
 * `relays` relays spread over them (a tenth Poor, some described). Then times the real calls through the app
 * (inject: routing, auth, validation, SQL, response schema): the relay list with each filter and each sort,
 * deep pages, the owner's own view, count_poor. p50 and p95 of 20 runs after 3 warm-ups. Last, a ver-1
 * upload of `uploadLines` relays, end to end: from the request to the commit (the upload row says done).
 * Uses DATABASE_URL when set (a fresh database on that server), otherwise an embedded PostgreSQL.
 */
// @ts-nocheck

import { exit } from '../lib/hermetic.ts';
import { startBenchApp, uploadEnded } from '../lib/bench-app.ts';
import { multipartBody } from '../../packages/server/test/uploads.ts';

const relays = Number(process.argv[2] ?? 100_000);
const uploadLines = Number(process.argv[3] ?? 100_000);
const {
  app,
  q,
  token: tokenOf,
  stop,
} = await startBenchApp('relays', { schedules: false, jobs: ['pmta-relays.import'], deadlineS: 900 });

console.log(`seeding 50 servers, 500 groups, ${relays.toLocaleString('en')} relays ...`);
await q(`insert into users (username, email, password_hash, roles, is_active) values
  ('admin', 'admin@example.com', 'x', '{ROLE_ADMIN,ROLE_USER}', true),
  ('operator', 'operator@example.com', 'x', '{ROLE_USER}', true)`);
const { rows: u } = await q(`select * from users order by id`);
const owner = u[1]!.id as number;
await q(
  `insert into pmta_servers (name, server_ip, ip_list, user_id, is_vps)
   select 'pmta-' || lpad(g::text, 2, '0'), ('198.18.0.' || g)::inet, '127.0.0.1', $1, g % 5 = 0
   from generate_series(1, 50) g`,
  [owner],
);
await q(
  `insert into pmta_relay_groups (name, user_id) select 'group-' || lpad(g::text, 3, '0'), $1 from generate_series(1, 500) g`,
  [owner],
);
await q(
  `insert into pmta_relays (user_id, group_id, pmta_server_id, smtp_host, ip, sender_email, active, status, description)
   select $1, (select min(id) from pmta_relay_groups) + g % 500, (select min(id) from pmta_servers) + g % 50,
     'mta' || g || '.' || substr(md5(g::text), 1, 6) || '.example.com', ('10.0.0.0'::inet + g),
     'news@mta' || g || '.example.com', g % 7 <> 0, case when g % 10 = 0 then 3 when g % 10 = 1 then 2 else 1 end,
     case when g % 20 = 0 then 'warm-up batch ' || (g / 1000) end
   from generate_series(1, ${relays}) g`,
  [owner],
);
await q('analyze');

const admin = await tokenOf(u[0]!);
const user = await tokenOf(u[1]!);
const { rows: ref } = await q(`select (select min(id) from pmta_relay_groups) + 7 as "groupId",
  (select min(id) from pmta_servers) + 3 as "serverId", (select max(id) from pmta_relays) - 5 as "relayId"`);
const { groupId, serverId, relayId } = ref[0]!;

const results: string[] = [];
async function time(label: string, method: 'GET' | 'POST', path: string, bearer: string, payload?: object) {
  const run = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method, url: path, payload, headers: { authorization: `Bearer ${bearer}` } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) samples.push(await run());
  samples.sort((a, b) => a - b);
  const line = `| ${label} | ${samples[10]!.toFixed(1)} ms | ${samples[18]!.toFixed(1)} ms |`;
  results.push(line);
  console.log(line);
}

const list = (query: string, bearer = admin, label = `list ${query}`) =>
  time(label, 'GET', `/api/pmta_relays?${query}`, bearer);
await list('', admin, 'list, page 1 (50 rows)');
await list('_page=1000', admin, 'list, _page=1000 (offset 49,950)');
await list('', user, 'list, page 1, as the owner (own rows)');
await list('smtpHost=mta4242');
await list('description=warm-up');
await list(`user.id=${owner}`);
await list(`group.id=${groupId}`);
await list('id=' + relayId);
await list(`pmtaServer.id=${serverId}`);
await list('pmtaServer.isVps=true');
for (const sort of [
  'id',
  'pmtaServer.isVps',
  'smtpHost',
  'ip',
  'pmtaServer.name',
  'group.name',
  'status',
  'active',
  'description',
]) {
  await list(`order[${sort}]=desc`);
}
await list(`order[smtpHost]=asc&_page=500`);
await time('count_poor (no filter)', 'POST', '/api/pmta_relays/count_poor', admin, {});
await time('count_poor (owner)', 'POST', '/api/pmta_relays/count_poor', user, {});
await time('count_poor (server + type)', 'POST', '/api/pmta_relays/count_poor', admin, {
  pmtaServerId: serverId,
  isVps: false,
});
await time('count_poor (hostname)', 'POST', '/api/pmta_relays/count_poor', admin, { hostname: 'mta4242' });

console.log(`uploading ${uploadLines.toLocaleString('en')} relays (ver 1) ...`);
let csv = 'smtpHost,ip,senderEmail,active\n';
for (let i = 1; i <= uploadLines; i++)
  csv += `up${i}.example.net,10.${200 + (i >> 16)}.${(i >> 8) & 255}.${i & 255},news@up${i}.example.net,${i % 3 ? 'true' : ''}\n`;
const body = multipartBody({ serverId, groupId }, { field: 'relays', filename: 'relays.csv', content: csv });
const t0 = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/upload_pmta_relays',
  payload: body.payload,
  headers: { ...body.headers, authorization: `Bearer ${user}` },
});
if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
const accepted = performance.now() - t0;
const uploadId = res.json().id as number;
const outcome = await uploadEnded(q, uploadId);
const total = performance.now() - t0;
if (outcome.status !== 'done' || outcome.inserted !== uploadLines)
  throw new Error(`upload ended ${JSON.stringify(outcome)}`);
const uploadLine = `| upload ver 1, ${uploadLines.toLocaleString('en')} lines (${(csv.length / 1e6).toFixed(1)} MB) | accepted in ${accepted.toFixed(0)} ms | done in ${(total / 1000).toFixed(2)} s |`;
results.push(uploadLine);
console.log(uploadLine);

await stop();
await exit(0); // the loopback DNS server and the deadline end with it
