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
console.log((await c.query('select datcollate, datctype, datlocprovider from pg_database where datname = current_database()')).rows);
const doms = ['gmail.com','yahoo.com','outlook.com','hotmail.com','mail.ru','aol.com','example.org','corp.net'];
function* lines() { for (let i = 0; i < N; i++) { const d = doms[i % 8]; yield `${i}\tuser${(i * 7919) % N}.x${i}@${d}\tName${i}\tSur${i}\t1980\tCity\tUS\n`; } }
const tsv = () => Readable.from((function* () { let b = ''; let n = 0; for (const l of lines()) { b += l; if (++n % 2000 === 0) { yield b; b = ''; } } if (b) yield b; })());
async function t(label: string, f: () => Promise<unknown>) { const s = performance.now(); await f(); console.log(label, ((performance.now() - s) / 1000).toFixed(2), 's'); }
await c.query(`create temp table stage (rn int, email text collate "C", name text, surname text, birth_year smallint, city text, geo text)`);
await t('copy temp stage', () => pipeline(tsv(), c.query(copyFrom('copy stage from stdin'))));
await c.query(`set work_mem = '128MB'`);
const cols = `email_list_id int not null, email text COLL not null, name text, surname text, birth_year smallint, city text, geo text, mail_provider_id int not null, valid bool not null, created_at timestamptz not null default now()`;
const variants: [string, string, string][] = [
  ['heap only', `id bigserial, ${cols}`, ''],
  ['pk only', `id bigserial primary key, ${cols}`, ''],
  ['pk+uniq default coll', `id bigserial primary key, ${cols}`, 'uniq'],
  ['pk+uniq C', `id bigserial primary key, ${cols.replace('COLL', 'collate "C"')}`, 'uniq'],
  ['pk+uniq C sorted', `id bigserial primary key, ${cols.replace('COLL', 'collate "C"')}`, 'uniq sorted'],
];
let i = 0;
for (const [label, def, idx] of variants) {
  const tn = `e${i++}`;
  await c.query(`create table ${tn} (${def.replace('COLL', '')})`);
  if (idx.includes('uniq')) await c.query(`create unique index on ${tn} (email_list_id, email)`);
  await c.query('checkpoint');
  await t(label, () => c.query(`insert into ${tn} (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid) select 1, email, name, surname, birth_year, city, geo, 1, true from stage ${idx.includes('sorted') ? 'order by email' : ''}`));
}
await t('sort only C', () => c.query(`select count(*) from (select email from stage order by email offset 0) x`));
await t('sort only default', () => c.query(`select count(*) from (select email collate "default" e from stage order by 1 offset 0) x`));
await t('window C', () => c.query(`select count(*) from (select row_number() over (partition by email order by rn) k from stage) x where k = 1`));
await c.end();
await emb.stop();
fs.rmSync(dir, { recursive: true, force: true });
