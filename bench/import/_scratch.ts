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
console.log((await c.query('select version()')).rows[0].version);
for (const s of ['shared_buffers','work_mem','max_wal_size','synchronous_commit','wal_level','maintenance_work_mem', 'temp_buffers']) console.log(s, (await c.query(`show ${s}`)).rows[0][s]);
const doms = ['gmail.com','yahoo.com','outlook.com','hotmail.com','mail.ru','aol.com','example.org','corp.net'];
function* lines() { for (let i = 0; i < N; i++) { const d = doms[i % 8]; yield `${i}\tuser${(i * 7919) % N}.x${i}@${d}\tName${i}\tSur${i}\t1980\tCity\tUS\n`; } }
const tsv = () => Readable.from((function* () { let b = ''; let n = 0; for (const l of lines()) { b += l; if (++n % 2000 === 0) { yield b; b = ''; } } if (b) yield b; })());
async function t(label: string, f: () => Promise<unknown>) { const s = performance.now(); await f(); console.log(label, ((performance.now() - s) / 1000).toFixed(2), 's'); }
await c.query(`create table bare (rn int, email text, name text, surname text, birth_year smallint, city text, geo text)`);
await t('copy bare', () => pipeline(tsv(), c.query(copyFrom('copy bare from stdin'))));
await c.query(`create table lists (id serial primary key); insert into lists default values; create table providers (id serial primary key, name text); insert into providers(name) select 'p'||g from generate_series(1,8) g;
create table domains (domain text unique, provider_id int, bl bool default false); insert into domains select d, i, false from unnest(array['gmail.com','yahoo.com','outlook.com','hotmail.com','mail.ru','aol.com']) with ordinality as x(d,i);
create table spam(email text unique); create table unsub(email text, cat int, unique(email,cat));
create table emails_fk (id bigserial primary key, email_list_id int not null references lists(id) on delete cascade, email text not null, name text, surname text, birth_year smallint, city text, geo text, mail_provider_id int not null references providers(id), valid bool not null, created_at timestamptz not null default now());
create unique index on emails_fk (email_list_id, email);
create table emails_nofk (like emails_fk including defaults); alter table emails_nofk add primary key (id); create unique index on emails_nofk (email_list_id, email);`);
await c.query(`create temp table stage (rn int, email text, name text, surname text, birth_year smallint, city text, geo text)`);
await t('copy temp stage', () => pipeline(tsv(), c.query(copyFrom('copy stage from stdin'))));
await c.query(`create unlogged table ustage (rn int, email text, name text, surname text, birth_year smallint, city text, geo text)`);
await t('copy unlogged stage', () => pipeline(tsv(), c.query(copyFrom('copy ustage from stdin'))));
await c.query(`set work_mem = '128MB'`);
for (const tbl of ['emails_nofk', 'emails_fk']) {
  await c.query('begin');
  await t('insert ' + tbl, () => c.query(`
with ranked as materialized (
  select s.*, row_number() over (partition by s.email order by s.rn) k,
    exists (select 1 from ${tbl} e where e.email_list_id = 1 and e.email = s.email) known
  from stage s
), ins as (
  insert into ${tbl} (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
  select 1, r.email, r.name, r.surname, r.birth_year, r.city, r.geo, coalesce(d.provider_id, 8),
    not (coalesce(d.bl, false) or exists (select 1 from spam sp where sp.email = r.email) or exists (select 1 from unsub u where u.email = r.email and u.cat = 1))
  from ranked r left join domains d on d.domain = substr(r.email, strpos(r.email, '@') + 1)
  where r.k = 1 and not r.known
  order by r.email
  on conflict do nothing
  returning mail_provider_id, valid
)
select mail_provider_id, count(*), count(*) filter (where valid) from ins group by 1`));
  await c.query('commit');
}
await c.query('truncate emails_nofk');
await c.query('begin');
await t('insert plain nofk', () => c.query(`insert into emails_nofk (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid) select 1, email, name, surname, birth_year, city, geo, 1, true from stage`));
await c.query('commit');
await c.end();
await emb.stop();
fs.rmSync(dir, { recursive: true, force: true });
