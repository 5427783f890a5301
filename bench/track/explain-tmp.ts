import { startBenchApp } from '../lib/bench-app.ts';
import { exit } from '../lib/hermetic.ts';
import { RECORD, eventsJson, type EventInput } from '../../packages/server/src/tracking/events.ts';
const { ctx } = await startBenchApp('trackx', { schedules: false, jobs: [], deadlineS: 300 });
const c = await ctx.db.$client.connect();
console.log((await c.query(`select tableoid::regclass, count(*) from events group by 1`)).rows, (await c.query(`select inhrelid::regclass from pg_inherits where inhparent='events'::regclass`)).rows);
const INS = `insert into events (at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id, first, amount_cents, detail, country)
  select coalesce(at, now()), kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id, coalesce(first, false), coalesce(amount_cents, 0), detail, country
  from jsonb_to_recordset($1::jsonb) as e(at timestamptz, kind int2, campaign_type int2, campaign_id int, user_id int, relay_id int, mail_provider_id int, domain text, email_id bigint, first boolean, amount_cents int, detail text, country text)`;
await c.query(`prepare r(jsonb) as ${RECORD}`);
await c.query(`prepare i(jsonb) as ${INS}`);
await c.query(`prepare s(jsonb) as select count(*) from jsonb_to_recordset($1::jsonb) as e(at timestamptz, kind int2, campaign_type int2, campaign_id int, user_id int, relay_id int, mail_provider_id int, domain text, email_id bigint, first boolean, amount_cents int, detail text, country text)`);
const batch = (n: number): EventInput[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: i % 5 === 4 ? 'click' : 'open', campaignType: 'smtp', campaignId: 1, userId: 1, relayId: 1 + (i % 10),
    mailProviderId: 1, domain: `example${i % 50}.com`, emailId: Math.floor(Math.random() * 50000), first: i % 3 === 0,
    detail: i % 5 === 4 ? 'https://offer.example.com/?c=abcdefabcdefabcdefabcdef&t=1-1&e=user1%40example.com' : null,
    at: new Date(), country: null,
  }));
const lit = (n: number) => "'" + eventsJson(batch(n)).replaceAll("'", "''") + "'";
const cpu = async () => Number((await c.query(`select pg_backend_pid() p`)).rows[0].p);
const pid = await cpu();
const fs = await import('node:fs');
const ticks = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
await c.query(`prepare u(timestamptz[], int2[], int2[], int[], int[], int[], int[], text[], bigint[], boolean[], int[], text[], text[]) as select count(*) from unnest($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) as e(at, kind, campaign_type, campaign_id, user_id, relay_id, mail_provider_id, domain, email_id, first, amount_cents, detail, country)`);
const { prepareValue } = (await import('pg/lib/utils.js' as string)).default;
const ulit = (n: number) => { const ev = JSON.parse(eventsJson(batch(n))) as Record<string, unknown>[]; const cols = ['at','kind','campaign_type','campaign_id','user_id','relay_id','mail_provider_id','domain','email_id','first','amount_cents','detail','country']; return cols.map(k => "'" + String(prepareValue(ev.map(e => e[k]))).replaceAll("'", "''") + "'").join(','); };
await c.query('begin');
for (const n of [120, 120]) { const lits = Array.from({ length: 200 }, () => ulit(n)); const t0 = process.hrtime.bigint(); const c0 = ticks();
  for (const l of lits) await c.query(`execute u(${l})`);
  console.log('u', n, 'wall ms/batch', (Number(process.hrtime.bigint() - t0) / 1e6 / 200).toFixed(2), 'backend cpu ms/batch', ((ticks() - c0) / 200).toFixed(2)); }
for (const [name, n] of [['s', 120], ['s', 120]] as const) {
  const lits = Array.from({ length: 200 }, () => lit(n));
  for (let k = 0; k < 20; k++) await c.query(`execute ${name}(${lits[k]})`);
  const t0 = process.hrtime.bigint(); const c0 = ticks();
  for (const l of lits) await c.query(`execute ${name}(${l})`);
  console.log(name, n, 'wall ms/batch', (Number(process.hrtime.bigint() - t0) / 1e6 / 200).toFixed(2), 'backend cpu ms/batch', ((ticks() - c0) / 200).toFixed(2));
}
await c.query('commit');
c.release();
await exit(0);
