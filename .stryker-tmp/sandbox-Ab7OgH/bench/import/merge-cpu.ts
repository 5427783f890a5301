/**
 * The merge's ways on ONE stage, by PostgreSQL CPU (a profiling aid, not a figure):
 * node bench/import/merge-cpu.ts [rows]   (ROUNDS=2; WAYS='a|b': the ways whose names start so)
 *
 * Stages the bench's CSV once as the import does (StageStream, EmailRows, COPY into the TEMP import_stage,
 * the duplicate pass) in an embedded PostgreSQL like the bench's, then loads a fresh table like `emails`
 * (after a checkpoint) in one transaction per way, ways alternated, and prints for each the wall time and
 * the CPU of the whole PostgreSQL (every backend, the WAL writer and checkpointer) and of this process.
 * CPU, unlike wall time, moves little when other work shares the machine (decision 1220).
 */
// @ts-nocheck

import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { stageFile } from '../../packages/server/src/core/imports/stage.ts';
import { EmailRows, STAGE } from '../../packages/server/src/features/email-lists/import/email-rows.ts';
import { CLASSIFY_HASHED, markDuplicatesInFile } from '../../packages/server/src/features/email-lists/import/merge.ts';
import { seededImportDb } from './seeded-db.ts';
import { ownCpuMs, postgresCpu } from '../lib/measure.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const { tmp, file, url, c, cat, list, providers, collation, close } = await seededImportDb('bench-merge-cpu-', rows);
try {
  const parser = new EmailRows(providers.domains, providers.otherId, list, fs.statSync(file).size);
  await stageFile(c, { stage: STAGE }, parser, file, () => {});
  await markDuplicatesInFile(c);

  const cols = 'mail_provider_id, valid, email_list_id, email, name, surname, birth_year, city, geo';
  const proj = `s.provider_id, ${CLASSIFY_HASHED.valid.replaceAll('$4', String(cat))}, ${list}, s.email, s.name, s.surname, s.birth_year, s.city, s.geo`;
  const select = (from: string, order: string) => `select ${proj} from ${from} s where s.reason is null ${order}`;
  const sorted = `order by s.email${collation}`;
  // A second connection cannot read a TEMP table: an unlogged copy of the stage for the piped way, and
  // the rows in address order in a file for the reference-like COPY (the server writes it: a folder it may use).
  await c.query('create unlogged table stage_shared as select * from import_stage');
  const spillDir = path.join(tmp, 'spill');
  fs.mkdirSync(spillDir);
  fs.chmodSync(spillDir, 0o777);
  const spill = path.join(spillDir, 'sorted.copy');
  await c.query(`copy (${select('import_stage', sorted)}) to '${spill}'`);
  // An 8-byte prefix of the address as a number: rows in about address order (ties in file order).
  await c.query(
    `alter table import_stage add column k bigint;
     update import_stage set k = ('x' || rpad(encode(substr(convert_to(email, 'UTF8'), 1, 8), 'hex'), 16, '0'))::bit(64)::bigint`,
  );
  const b = new pg.Client({ connectionString: url });
  b.on('error', () => {});
  await b.connect();
  await b.query(`set work_mem = '256MB'`);

  const ways: Record<string, () => Promise<unknown>> = {
    'insert ... select, sorted (as merged)': () =>
      c.query(`insert into e_x (${cols}) ${select('import_stage', sorted)}`),
    'insert ... select, stage order': () => c.query(`insert into e_x (${cols}) ${select('import_stage', '')}`),
    'insert ... select, 8-byte prefix order': () =>
      c.query(`insert into e_x (${cols}) ${select('import_stage', 'order by s.k')}`),
    'two connections: COPY out of an unlogged stage piped into COPY in': () =>
      pipeline(
        b.query(copyTo(`copy (${select('stage_shared', sorted)}) to stdout`)),
        c.query(copyFrom(`copy e_x (${cols}) from stdin`)),
      ),
    // A list with a partition of its own: a first upload loads it bare, then builds its indexes.
    'into a bare table, then its indexes built (a partition of its own)': () =>
      c.query(
        `drop table e_x; create table e_x (like emails including defaults);
         insert into e_x (${cols}) ${select('import_stage', '')};
         alter table e_x add primary key (id); create unique index on e_x (email_list_id, email)`,
      ),
    'COPY from a file of the sorted rows (the reference)': () => c.query(`copy e_x (${cols}) from '${spill}'`),
    'sort only, by address (narrow: the address alone)': () =>
      c.query(`select count(*) from (${select('import_stage', sorted)} offset 0) x`),
    'sort only, by row number (narrow)': () =>
      c.query(`select count(*) from (${select('import_stage', 'order by s.rn')} offset 0) x`),
  };
  const pgCpu = await postgresCpu((text) => c.query(text));
  const only = process.env.WAYS?.split('|');
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
    for (const [way, load] of Object.entries(ways)) {
      if (only && !only.some((o) => way.startsWith(o))) continue;
      await c.query('drop table if exists e_x; create table e_x (like emails including all)');
      await c.query('checkpoint');
      const [t0, p0, a0] = [performance.now(), pgCpu(), ownCpuMs()];
      await c.query('begin');
      await load();
      await c.query('commit');
      const [t1, p1, a1] = [performance.now(), pgCpu(), ownCpuMs()];
      const { n, index } = (
        await c.query(
          `select (select count(*) from e_x)::int as n, (select sum(pg_relation_size(indexrelid)) from pg_index
             where indrelid = 'e_x'::regclass and indisunique and not indisprimary)::float8 as index`,
        )
      ).rows[0];
      console.log(
        `${way}: wall ${(t1 - t0).toFixed(0)} ms, CPU postgres ${(p1 - p0).toFixed(0)} + this process ${(a1 - a0).toFixed(0)} ms` +
          (n ? `, ${n} rows, unique index ${(index / 1e6).toFixed(1)} MB` : ''),
      );
    }
  await b.end();
} catch (e) {
  console.error('failed:', e);
} finally {
  await close();
}
