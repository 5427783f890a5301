import type pg from 'pg';
import { statementName } from '../db/pooler.ts';
import { RECORD, RECORD_TYPES } from './events.ts';

/*
 * The group commit's two round trips per batch (decision 1170): `begin; select txid_current(); execute
 * tracking_hits(...)` and `execute tracking_record(...); commit`, simple queries of several statements each.
 * Their parameters are written as literals (the simple protocol has no others) into statements prepared
 * once per connection by SQL PREPARE, so PostgreSQL still plans them once, not per batch.
 */

/*
 * Per campaign, one statement: lock the batch's recipients (by e-mail id, the same order in every tracker
 * process, so two of them cannot deadlock on recipients; the partition key prunes to the campaign's table),
 * set the first-* times the batch brings where none is set yet, and return the rows as they were.
 */
const HITS = `
with p as (
  select e, to_timestamp(o::float8 / 1000) as o, to_timestamp(k::float8 / 1000) as k,
         to_timestamp(v::float8 / 1000) as v
    from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) as p(e, o, k, v)
),
old as (
  select email_id, email, domain, mail_provider_id, geo, first_open_at, first_click_at, converted_at
    from campaign_recipients
   where campaign_id = $1 and email_id = any($2::bigint[])
   order by email_id
     for update
),
upd as (
  update campaign_recipients r
     set first_open_at = coalesce(old.first_open_at, p.o), first_click_at = coalesce(old.first_click_at, p.k),
         converted_at = coalesce(old.converted_at, p.v)
    from old join p on p.e = old.email_id
   where r.campaign_id = $1 and r.email_id = old.email_id
     and ((old.first_open_at is null and p.o is not null) or (old.first_click_at is null and p.k is not null)
          or (old.converted_at is null and p.v is not null))
)
select email_id::text as "emailId", email, domain, mail_provider_id as "mailProviderId", nullif(trim(geo), '') as geo,
       first_open_at is not null as opened, first_click_at is not null as clicked, converted_at is not null as converted
  from old`;

// SQL-level names: they share PostgreSQL's namespace with the pg client's named statements (`events.record`).
const PREPARE = `prepare tracking_hits(int, bigint[], bigint[], bigint[], bigint[]) as ${HITS};
prepare tracking_record(${RECORD_TYPES}) as ${RECORD}`;

const HITS_TYPES = ['int', 'bigint[]', 'bigint[]', 'bigint[]', 'bigint[]'];
const RECORD_TYPE_LIST = RECORD_TYPES.split(',').map((t) => t.trim());

const prepared = new WeakSet<pg.ClientBase>();

/**
 * `execute name(args)`, or behind a transaction pooler (decision 1410), where the next transaction may run
 * on a server connection that never saw the PREPARE, the statement itself with its parameters as typed
 * literals (planned each time).
 */
function call(name: string, text: string, types: string[], args: string[]): string {
  if (statementName(name)) return `execute ${name}(${args.join(', ')})`;
  return text.replace(/\$(\d+)\b/g, (_, n: string) => `(${args[Number(n) - 1]}::${types[Number(n) - 1]})`);
}

/** Prepares both statements on this connection unless done; a failure leaves the connection unfit (destroy it). */
export async function prepareBatch(client: pg.ClientBase) {
  if (prepared.has(client) || !statementName('tracking_hits')) return;
  await client.query(PREPARE);
  prepared.add(client);
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
};
/** A time as epoch milliseconds (the statements turn them back into timestamps, decision 1250). */
const time = (t: Date | undefined) => (t ? String(t.getTime()) : 'NULL');

/** A string literal whatever `standard_conforming_strings` says: E'' with backslashes and quotes doubled. */
export const literal = (s: string) => `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

export interface Proposed {
  emailId: number;
  o?: Date;
  k?: Date;
  v?: Date;
}

/** `execute tracking_hits(...)` for one campaign's proposed first-* times. */
export function executeHits(campaignId: number, ps: Proposed[]): string {
  return call('tracking_hits', HITS, HITS_TYPES, [
    int(campaignId),
    column(ps, (p) => int(p.emailId)),
    column(ps, (p) => time(p.o)),
    column(ps, (p) => time(p.k)),
    column(ps, (p) => time(p.v)),
  ]);
}

/** An array literal of numbers or times (nothing to quote in either). */
function column(ps: Proposed[], f: (p: Proposed) => string) {
  return `'{${ps.map(f).join(',')}}'`;
}

/** `execute tracking_record(...)` for the events' columns (`eventColumns`). */
export const executeRecord = (columns: unknown[][]) =>
  call(
    'tracking_record',
    RECORD,
    RECORD_TYPE_LIST,
    columns.map((c) => literal(arrayText(c))),
  );

/**
 * An array's text as PostgreSQL reads it: numbers and booleans bare, strings double-quoted (pg's own writer
 * quotes and escapes every element, numbers included: a fifth of the tracker's CPU in a flush).
 */
export function arrayText(values: unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += int(v);
    else if (typeof v === 'boolean') out += v ? 't' : 'f';
    else if (typeof v === 'string')
      out += `"${/[\\"]/.test(v) ? v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : v}"`;
    else throw new Error(`not an array element: ${typeof v}`);
  }
  return `${out}}`;
}
