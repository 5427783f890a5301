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
await c.query(`create temp table stage (rn int, email text, name text, surname text, birth_year smallint, city text, geo text)`);
await pipeline(tsv(), c.query(copyFrom('copy stage from stdin')));
await c.query(`analyze stage`);
await c.query(`set work_mem = '64MB'`);
let i = 0;
async function v(label: string, suffix: string, seqCache = 1, ret = '') {
  const tn = 'e' + i++;
  await c.query(`create table ${tn} (id bigserial primary key, email_list_id int not null, email text not null, name text, surname text, birth_year smallint, city text, geo text, mail_provider_id int not null, valid bool not null, created_at timestamptz not null default now());
create unique index on ${tn} (email_list_id, email); alter sequence ${tn}_id_seq cache ${seqCache}; checkpoint;`);
  await c.query('begin');
  await t(label, () => c.query(`${ret ? 'with ins as (' : ''}insert into ${tn} (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid) select 1, email, name, surname, birth_year, city, geo, 1, true from stage order by email ${suffix} ${ret ? ret + ') select mail_provider_id, count(*) from ins group by 1' : ''}`));
  await c.query('commit');
}
await v('sorted plain', '');
await v('sorted on conflict', 'on conflict do nothing');
await v('sorted plain seq cache 1000', '', 1000);
await v('sorted plain + returning agg', '', 1000, 'returning mail_provider_id, valid');
await v('sorted on conflict + returning agg', 'on conflict do nothing', 1000, 'returning mail_provider_id, valid');
await c.end();
await emb.stop();
fs.rmSync(dir, { recursive: true, force: true });
