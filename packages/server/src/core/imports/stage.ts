import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CsvRecords } from './csv-records.ts';
import { UploadMessages as M } from '@console/shared/uploads';
import { ImportFileError, type ImportKind, type RowParser } from './kind.ts';

const CHUNK = 256 * 1024;
/**
 * The direct path's lines go out in sorted runs of this many (about 4 MB): a B-tree takes keys in
 * order for less work than at random (PostgreSQL CPU -20% for 1M rows, decision 1240), within bounded memory.
 */
const SORTED_RUN = 50_000;

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
  /** The direct path: the lines `parser.direct` refuses go to this file (its descriptor), to be staged after. */
  private readonly aside?: number;
  private asideBuf = '';
  private run: string[] = [];

  /** The kind's row cap (decision 1311): one row more fails the file, before anything is merged. */
  private readonly maxRows: number;

  constructor(
    parser: RowParser,
    csv: { delimiter?: string; header?: boolean } = {},
    aside?: number,
    maxRows = Number.POSITIVE_INFINITY,
  ) {
    super({ readableObjectMode: false, writableObjectMode: false });
    this.parser = parser;
    this.maxRows = maxRows;
    this.aside = aside;
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
      this.endRun();
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
    if (this.aside !== undefined && this.asideBuf.length >= min) {
      fs.writeSync(this.aside, this.asideBuf);
      this.asideBuf = '';
    }
  }

  private record(rec: string[]) {
    const rn = ++this.rn;
    if (this.awaitingHeader) {
      this.awaitingHeader = false;
      this.parser.header?.(rec);
      return;
    }
    if (++this.rows > this.maxRows) throw new ImportFileError(M.tooManyRows(this.maxRows));
    if (this.aside === undefined) {
      this.buf += this.parser.row(rec, rn);
      return;
    }
    const line = this.parser.direct!(rec, rn);
    if (line === undefined) this.asideBuf += this.parser.row(rec, rn);
    else if (this.run.push(line) >= SORTED_RUN) this.endRun();
  }

  /** A run of direct lines, sorted as plain strings (they start with the target's key), onto the output. */
  private endRun() {
    if (!this.run.length) return;
    this.buf += this.run.sort().join('');
    this.run = [];
  }
}

/**
 * Streams the file into the run's TEMP staging table `import_stage`: read -> records -> COPY text ->
 * PostgreSQL, in constant memory. TEMP: private to the run's own connection, never WAL-logged, gone with
 * it, so a crashed run leaves nothing behind and a retry starts from the file again. Returns the rows read.
 * On the kind's direct path (`into`: the COPY statement of its target) the lines `parser.direct` accepts
 * go there instead, and the others to a file beside the upload, staged once the read is over (one COPY at
 * a time on a connection).
 */
export async function stageFile(
  client: pg.ClientBase,
  kind: Pick<ImportKind, 'stage' | 'csv'>,
  parser: RowParser,
  file: string,
  onBytes: (bytes: number) => void,
  into?: string,
  maxRows?: number,
): Promise<number> {
  await client.query(`create temp table import_stage (${kind.stage.columns})`);
  const toStage = () => client.query(copyFrom(`copy import_stage (${kind.stage.copyColumns}) from stdin`));
  const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  source.on('data', (chunk) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  if (into === undefined) {
    const stage = new StageStream(parser, kind.csv, undefined, maxRows);
    await pipeline(source, stage, toStage());
    return stage.rows;
  }
  const asidePath = `${file}.aside`;
  const aside = fs.openSync(asidePath, 'w', 0o600);
  try {
    const stage = new StageStream(parser, kind.csv, aside, maxRows);
    await pipeline(source, stage, client.query(copyFrom(into)));
    await pipeline(fs.createReadStream(asidePath), toStage());
    return stage.rows;
  } finally {
    fs.closeSync(aside);
    fs.rmSync(asidePath, { force: true });
  }
}
