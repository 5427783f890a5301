// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/*
 * One partition to one file and back (decision 1370): CSV with a header line, gzip'd. Any machine reads it
 * (`zcat f | head`, a spreadsheet, `COPY ... FROM PROGRAM 'zcat f'`), and COPY writes and reads it at disk speed.
 */

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain table name: ${name}`);
  return `"${name}"`;
};

/**
 * Writes the table's rows to `file` (gzip'd CSV with a header), durably: beside its place, fsync'd, renamed.
 * Runs on the caller's connection (inside its transaction, so the rows written are the rows then dropped).
 * Returns the rows and the file's size.
 */
export async function writeArchive(client: pg.ClientBase, table: string, file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.part`;
  const { rows: count } = await client.query<{ n: string }>(`select count(*) as n from ${ident(table)}`);
  try {
    await pipeline(
      client.query(copyTo(`copy ${ident(table)} to stdout with (format csv, header)`)),
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(tmp, { mode: 0o600 }),
    );
    const fd = fs.openSync(tmp, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
    return { rows: Number(count[0]!.n), bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Loads an archive back into a table of its own for a look (never into the live tables): `table` is created
 * with the columns of the file's header line, all text, so any archive loads whatever the schema became since.
 */
export async function loadArchive(client: pg.ClientBase, file: string, table: string) {
  const header = await firstLine(file);
  const columns = header.split(',').map((c) => ident(c.trim()));
  await client.query(`create table ${ident(table)} (${columns.map((c) => `${c} text`).join(', ')})`);
  await pipeline(
    fs.createReadStream(file),
    zlib.createGunzip(),
    client.query(copyFrom(`copy ${ident(table)} from stdin with (format csv, header)`)),
  );
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident(table)}`);
  return Number(rows[0]!.n);
}

async function firstLine(file: string): Promise<string> {
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  let text = '';
  for await (const chunk of gunzip) {
    text += (chunk as Buffer).toString('utf8');
    const end = text.indexOf('\n');
    if (end !== -1) {
      gunzip.destroy();
      return text.slice(0, end).replace(/\r$/, '');
    }
  }
  return text;
}
