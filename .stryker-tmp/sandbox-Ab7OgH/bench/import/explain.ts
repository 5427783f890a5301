/**
 * The merge's statements on their own, with EXPLAIN ANALYZE (a profiling aid, not a figure):
 * node bench/import/explain.ts [rows]. Stages the bench's CSV as the import does (StageStream,
 * EmailRows, COPY into the TEMP import_stage) in an embedded PostgreSQL like the bench's, with the same
 * spam lists, then explains the duplicate pass and the merge's select, and times the COPY into emails.
 */
// @ts-nocheck

import fs from 'node:fs';
import path from 'node:path';
import { stageFile } from '../../packages/server/src/core/imports/stage.ts';
import { EmailRows, STAGE } from '../../packages/server/src/features/email-lists/import/email-rows.ts';
import { CLASSIFY_HASHED, markDuplicatesInFile } from '../../packages/server/src/features/email-lists/import/merge.ts';
import { seededImportDb } from './seeded-db.ts';
import { copyIntoEmails } from './copy-merge.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const { tmp, file, c, cat, list, providers, collation, close } = await seededImportDb('bench-explain-', rows);
try {
  const columns = 'mail_provider_id, valid, email_list_id, email, name, surname, birth_year, city, geo';
  const selectOf = (order: string) =>
    `select s.provider_id, ${CLASSIFY_HASHED.valid.replaceAll('$4', String(cat))}, ${list}, s.email, s.name, s.surname, s.birth_year, s.city, s.geo from import_stage s where s.reason is null order by ${order}`;
  // Ways of staging and loading, alternated: each stages the file again, marks the duplicates and loads a
  // fresh table like emails (after a checkpoint) in one transaction.
  const ways: Record<string, { columns: string; load: () => Promise<unknown> }> = {
    'sort + insert (as merged)': {
      columns: STAGE.columns,
      load: () => c.query(`insert into e_x (${columns}) ${selectOf(`s.email${collation}`)}`),
    },
    'sort addresses and row ids only, fetch rows by id': {
      columns: STAGE.columns,
      load: async () => {
        const text = `insert into e_x (${columns})
          select s.provider_id, ${CLASSIFY_HASHED.valid.replaceAll('$4', String(cat))}, ${list}, s.email, s.name, s.surname, s.birth_year, s.city, s.geo
          from unnest(array(select ctid from import_stage where reason is null order by email${collation})) as t(tid)
          join import_stage s on s.ctid = t.tid`;
        if (!shown++) for (const r of (await c.query(`explain ${text}`)).rows) console.log('   ', r['QUERY PLAN']);
        await c.query(text);
      },
    },
    'sort + copy out + copy in': {
      columns: STAGE.columns,
      load: () => copyIntoEmails(c, selectOf(`s.email${collation}`), columns, path.join(tmp, 'spill'), 'e_x'),
    },
    'stage indexed on email, insert in index order': {
      columns: `${STAGE.columns}, unique (email, rn)`,
      load: () => c.query(`set local enable_sort = off; insert into e_x (${columns}) ${selectOf('s.email')}`),
    },
  };
  const times = new Map<string, string[]>();
  let shown = 0;
  const only = process.env.WAYS?.split(',');
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
    for (const [way, w] of Object.entries(ways)) {
      if (only && !only.some((o) => way.startsWith(o))) continue;
      await c.query(
        'drop table if exists import_stage; drop table if exists e_x; create table e_x (like emails including all)',
      );
      const parser = new EmailRows(providers.domains, providers.otherId, list, fs.statSync(file).size);
      await c.query('checkpoint');
      const t0 = performance.now();
      await stageFile(c, { stage: { ...STAGE, columns: w.columns } }, parser, file, () => {});
      const t1 = performance.now();
      await markDuplicatesInFile(c);
      const t2 = performance.now();
      await c.query('begin');
      await w.load();
      await c.query('commit');
      const t3 = performance.now();
      const n = (await c.query('select count(*)::int as n from e_x')).rows[0].n;
      times.set(way, [
        ...(times.get(way) ?? []),
        `stage ${(t1 - t0).toFixed(0)} + dups ${(t2 - t1).toFixed(0)} + load ${(t3 - t2).toFixed(0)} = ${(t3 - t0).toFixed(0)} ms (${n} rows)`,
      ]);
      console.log(`${way}: ${times.get(way)!.at(-1)}`);
    }
  // The classification's terms apart, on the last stage: what each lookup costs per row.
  const MX = `select distinct m.domain from domain_mx m join dns_records r on r.type = 'MX' and r.is_blacklisted and r.value = any(m.mx)`;
  const best = new Map<string, number>();
  for (let round = 0; round < 3; round++)
    for (const [name, cond] of [
      ['scan only', 'true'],
      [
        'a probe per table (before 1180)',
        `not coalesce(s.domain in (select domain from mail_provider_domains where is_blacklisted) or s.email in (select email from spam_emails) or s.email in (select email from bounced_emails) or s.email in (select email from unsubscribers where category_id = ${cat}) or s.domain in (${MX}), false)`,
      ],
      ['as merged (one hash per kind of key)', CLASSIFY_HASHED.valid.replaceAll('$4', String(cat))],
    ]) {
      const t = performance.now();
      await c.query(`select count(*) filter (where ${cond}) from import_stage s where s.reason is null`);
      best.set(name, Math.min(best.get(name) ?? Infinity, performance.now() - t));
    }
  for (const [name, ms] of best) console.log(`classification, ${name}: best of 3 ${ms.toFixed(0)} ms`);
} catch (e) {
  console.error('failed:', e);
} finally {
  await close();
}
