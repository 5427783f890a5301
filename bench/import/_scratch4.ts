import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { startEmbeddedPostgres } from '../../packages/server/src/db/embedded.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scratch-pg-'));
const emb = await startEmbeddedPostgres(path.join(dir, 'pg'), { silent: true });
const c = new pg.Client({ connectionString: emb.url('postgres') });
await c.connect();
const doms = ['gmail.com','yahoo.com','outlook.com','hotmail.com','mail.ru','aol.com','example.org','corp.net'];
function* lines() { for (let i = 0; i < N; i++) { const d = doms[i % 8]; yield `${i}\tuser${(i * 7919) % N}.x${i}@${d}\tName${i}\tSur${i}\t1980\tCity\tUS\n`; } }
const tsv = () => Readable.from((function* () { let b = ''; let n = 0; for (const l of lines()) { b += l; if (++n % 2000 === 0) { yield b; b = ''; } } if (b) yield b; })());
async function t(label: string, f: () => Promise<unknown>) { const s = performance.now(); const r = await f(); console.log(label, ((performance.now() - s) / 1000).toFixed(2), 's'); return r; }
await c.query(`create table lists (id serial primary key); insert into lists default values; create table providers (id serial primary key, name text); insert into providers(name) select 'p'||g from generate_series(1,8) g;
create table domains (domain text unique, provider_id int, bl bool default false); insert into domains select d, i, false from unnest(array['gmail.com','yahoo.com','outlook.com','hotmail.com','mail.ru','aol.com']) with ordinality as x(d,i);
insert into domains select 'd'||g||'.com', 7, g % 10 = 0 from generate_series(1, 5000) g;
create table spam(email text unique); insert into spam select 'spam'||g||'@gmail.com' from generate_series(1,100000) g;
create table unsub(email text, cat int, unique(email,cat)); insert into unsub select 'unsub'||g||'@gmail.com', g % 5 from generate_series(1,300000) g; analyze;
create table emails (id bigserial primary key, email_list_id int not null, email text not null, name text, surname text, birth_year smallint, city text, geo text, mail_provider_id int not null, valid bool not null, created_at timestamptz not null default now());
create unique index on emails (email_list_id, email);`);
await c.query(`create temp table stage (rn int, email text, name text, surname text, birth_year smallint, city text, geo text)`);
await t('copy temp stage', () => pipeline(tsv(), c.query(copyFrom('copy stage from stdin'))));
await c.query(`analyze stage`);
await c.query(`set work_mem = '64MB'`);
const exp = process.argv[3] === 'explain' ? 'explain (analyze, buffers, timing off) ' : '';
await c.query('begin');
await c.query('select * from lists where id = 1 for update');
const q = `${exp}
with ranked as materialized (
  select s.*, row_number() over (partition by s.email order by s.rn) k
  from stage s
), fresh as (
  select r.* from ranked r where r.k = 1 and not exists (select 1 from emails e where e.email_list_id = 1 and e.email = r.email)
), ins as (
  insert into emails (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
  select 1, r.email, r.name, r.surname, r.birth_year, r.city, r.geo, coalesce(d.provider_id, 8),
    not (coalesce(d.bl, false) or sp.email is not null or u.email is not null)
  from fresh r left join domains d on d.domain = substr(r.email, strpos(r.email, '@') + 1)
  left join spam sp on sp.email = r.email
  left join unsub u on u.email = r.email and u.cat = 1
  order by r.email
  on conflict do nothing
  returning mail_provider_id, valid
)
select mail_provider_id, count(*), count(*) filter (where valid) from ins group by 1`;
const r: any = await t('big statement', () => c.query(q));
if (exp) console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
await c.query('commit');
await c.end();
await emb.stop();
fs.rmSync(dir, { recursive: true, force: true });
