import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CsvRecords } from './csv-records.ts';
import type { ImportKind, RowParser } from './kind.ts';

const CHUNK = 256 * 1024;

/**
 * File bytes in, COPY text out: records come from CsvRecords (csv-parse's reading, with a fast path for
 * plain lines), so no object passes through a stream per row; the kind's parser turns each into one
 * staging line. The first record is the header when the kind's files have one; row numbers count it (row
 * 1, as a spreadsheet shows it; blank lines are not counted). Output leaves in 256 KB strings.
 */
export class StageStream extends Transform {
  /** Data records read (the header excluded). */
  rows = 0;
  private rn = 0;
  private buf = '';
  private readonly decoder = new StringDecoder('utf8');
  private readonly records: CsvRecords;
  private awaitingHeader: boolean;
  private started = false;
  /** Old Mac files end lines with a lone CR. */
  private crOnly = false;

  private readonly parser: RowParser;

  constructor(parser: RowParser, csv: { delimiter?: string; header?: boolean } = {}) {
    super({ readableObjectMode: false, writableObjectMode: false });
    this.parser = parser;
    this.records = new CsvRecords((rec) => this.record(rec), csv.delimiter ?? ',');
    this.awaitingHeader = csv.header ?? true;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    try {
      this.feed(this.decoder.write(chunk));
      this.drain(CHUNK);
      done();
    } catch (e) {
      done(e as Error);
    }
  }

  override _flush(done: TransformCallback) {
    try {
      this.feed(this.decoder.end());
      this.records.end();
      this.parser.end?.();
      this.drain(1);
      done();
    } catch (e) {
      done(e as Error);
    }
  }

  private feed(text: string) {
    if (!text) return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const br = text.search(/[\r\n]/);
      this.crOnly = br >= 0 && text[br] === '\r' && text[br + 1] !== undefined && text[br + 1] !== '\n';
    }
    this.records.push(this.crOnly ? text.replace(/\r/g, '\n') : text);
  }

  private drain(min: number) {
    if (this.buf.length >= min) {
      this.push(this.buf);
      this.buf = '';
    }
  }

  private record(rec: string[]) {
    const rn = ++this.rn;
    if (this.awaitingHeader) {
      this.awaitingHeader = false;
      this.parser.header?.(rec);
      return;
    }
    this.rows++;
    this.buf += this.parser.row(rec, rn);
  }
}

/**
 * Streams the file into the run's TEMP staging table `import_stage`: read -> records -> COPY text ->
 * PostgreSQL, in constant memory. TEMP: private to the run's own connection, never WAL-logged, gone with
 * it, so a crashed run leaves nothing behind and a retry starts from the file again. Returns the rows read.
 */
export async function stageFile(
  client: pg.ClientBase,
  kind: Pick<ImportKind, 'stage' | 'csv'>,
  parser: RowParser,
  file: string,
  onBytes: (bytes: number) => void,
): Promise<number> {
  await client.query(`create temp table import_stage (${kind.stage.columns})`);
  const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  source.on('data', (chunk) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  const stage = new StageStream(parser, kind.csv);
  await pipeline(source, stage, client.query(copyFrom(`copy import_stage (${kind.stage.copyColumns}) from stdin`)));
  return stage.rows;
}
