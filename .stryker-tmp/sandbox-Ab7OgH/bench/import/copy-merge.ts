// @ts-nocheck
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** What went into `emails`: rows, valid rows, rows per mail provider (id -> [rows, valid]). */
export interface Tally {
  inserted: number;
  valid: number;
  providers: Map<number, [number, number]>;
}

/**
 * Counts the rows of a COPY text stream whose first two columns are the mail provider id and `valid`
 * (t/f), passing the bytes on untouched. The counters then describe exactly the rows that were loaded,
 * whatever changed in the spam lists between two statements.
 */
class Tallier extends Transform {
  readonly tally: Tally = { inserted: 0, valid: 0, providers: new Map() };
  private rest = '';

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    // The two columns are ASCII digits and t/f: latin1 decoding is exact for them and never splits a character.
    const s = this.rest + chunk.toString('latin1');
    let start = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', start)) {
      const tab = s.indexOf('\t', start);
      this.count(Number(s.slice(start, tab)), s.charCodeAt(tab + 1) === 116 /* t */);
      start = nl + 1;
    }
    this.rest = s.slice(start);
    done(null, chunk);
  }

  private count(provider: number, valid: boolean) {
    const t = this.tally;
    t.inserted++;
    let p = t.providers.get(provider);
    if (!p) t.providers.set(provider, (p = [0, 0]));
    p[0]++;
    if (valid) {
      t.valid++;
      p[1]++;
    }
  }
}

/**
 * Loads the rows of `select` (a query whose first two columns are `mail_provider_id` and `valid`, then the
 * rest of `columns`, in order) into `emails` with COPY, on the same connection and in its transaction:
 * the rows go out to a file (`spill`, removed afterwards) and come back in by `COPY emails FROM STDIN`.
 * Why not INSERT ... SELECT: COPY writes a page of rows at once (one WAL record per page, not per row) and
 * skips the executor's per-row insert; on a million rows the insert was ~2.5x the COPY of the same rows
 * (measured against it in bench/import/explain.ts: no faster, see docs/decisions/1180). One connection cannot run both COPYs at once, hence the
 * file: memory stays flat whatever the size.
 */
export async function copyIntoEmails(
  client: pg.ClientBase,
  select: string,
  columns: string,
  spill: string,
  /** Another table shaped like emails (bench/import/explain.ts). */
  table = 'emails',
): Promise<Tally> {
  const tallier = new Tallier();
  try {
    await pipeline(
      client.query(copyTo(`copy (${select}) to stdout`)),
      tallier,
      fs.createWriteStream(spill, { highWaterMark: 1 << 20 }),
    );
    await pipeline(
      fs.createReadStream(spill, { highWaterMark: 1 << 20 }),
      client.query(copyFrom(`copy ${table} (${columns}) from stdin`)),
    );
  } finally {
    fs.rmSync(spill, { force: true });
  }
  return tallier.tally;
}
