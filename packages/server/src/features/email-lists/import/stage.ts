import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CsvToTsv, STAGE_COLUMNS, type TsvCounts } from './csv-to-tsv.ts';

/**
 * The staging table of one import run. TEMP: private to the job's own connection, never WAL-logged, and
 * gone with the connection, so a crashed run leaves nothing behind and a retry starts from the file again.
 */
export const CREATE_STAGE = `
  create temp table import_stage (
    rn integer not null, email text, domain text, provider_id integer,
    name text, surname text, birth_year smallint, city text, geo text, reason text, maybe_dup boolean not null
  )`;

export interface StageOptions {
  file: string;
  domains: Map<string, number>;
  otherId: number;
  /** Called with the bytes read so far, for the progress bar. */
  onBytes: (bytes: number) => void;
}

/** Streams the CSV file into import_stage: read -> CSV to COPY text -> PostgreSQL. Constant memory. */
export async function stageFile(client: pg.Client, o: StageOptions): Promise<TsvCounts> {
  await client.query(CREATE_STAGE);
  const source = fs.createReadStream(o.file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  source.on('data', (chunk) => {
    bytes += chunk.length;
    o.onBytes(bytes);
  });
  const toTsv = new CsvToTsv(o.domains, o.otherId, fs.statSync(o.file).size);
  await pipeline(source, toTsv, client.query(copyFrom(`copy import_stage (${STAGE_COLUMNS}) from stdin`)));
  return toTsv.counts;
}
