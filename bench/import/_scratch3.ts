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
function* lines(sorted = false) { for (let i = 0; i < N; i++) { const d = doms[i % 8]; yield `1\tuser${sorted ? i : (i * 7919) % N}.x${i}@${d}\tName${i}\tSur${i}\t1980\tCity\tUS\t1\ttrue\n`; } }
const tsv = () => Readable.from((function* () { let b = ''; let n = 0; for (const l of lines()) { b += l; if (++n % 2000 === 0) { yield b; b = ''; } } if (b) yield b; })());
async function t(label: string, f: () => Promise<unknown>) { const s = performance.now(); await f(); console.log(label, ((performance.now() - s) / 1000).toFixed(2), 's'); }
await c.query(`create table lists (id serial primary key); insert into lists default values; create table providers (id serial primary key, name text); insert into providers(name) select 'p'||g from generate_series(1,8) g;`);
const cols = `email_list_id int not null FK1, email text not null, name text, surname text, birth_year smallint, city text, geo text, mail_provider_id int not null FK2, valid bool not null, created_at timestamptz not null default now()`;
const ins = '(email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)';
await c.query(`create temp table stage as select * from (select 1 as email_list_id, 'x'::text email, ''::text name, ''::text surname, 1::smallint birth_year, ''::text city, ''::text geo, 1 mail_provider_id, true valid) x limit 0`);
await pipeline(tsv(), c.query(copyFrom('copy stage from stdin')));
let i = 0;
async function variant(label: string, fk1: boolean, fk2: boolean, mode: 'copy' | 'insert' | 'insert sorted', unlogged = false) {
  const tn = `e${i++}`;
  await c.query(`create ${unlogged ? 'unlogged' : ''} table ${tn} (id bigserial primary key, ${cols.replace('FK1', fk1 ? 'references lists(id)' : '').replace('FK2', fk2 ? 'references providers(id)' : '')})`);
  await c.query(`create unique index on ${tn} (email_list_id, email)`);
  await c.query('checkpoint');
  await t(label, () => mode === 'copy' ? pipeline(tsv(), c.query(copyFrom(`copy ${tn} ${ins} from stdin`))) : c.query(`insert into ${tn} ${ins} select * from stage ${mode === 'insert sorted' ? 'order by email' : ''}`));
}
await variant('insert, no fk', false, false, 'insert');
await variant('insert sorted, no fk', false, false, 'insert sorted');
await variant('insert sorted, unlogged, no fk', false, false, 'insert sorted', true);
await variant('copy, no fk', false, false, 'copy');
await variant('insert sorted, fk list', true, false, 'insert sorted');
await variant('insert sorted, fk both', true, true, 'insert sorted');
await c.query('set wal_compression = lz4');
await variant('insert sorted, no fk, wal lz4', false, false, 'insert sorted');
await c.end();
await emb.stop();
fs.rmSync(dir, { recursive: true, force: true });
