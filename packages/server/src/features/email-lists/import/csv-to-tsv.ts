import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { EmailListMessages as M, FailureReasons } from '@console/shared/email-lists';
import { columnsOf, type Columns } from './header.ts';
import { isValidEmail, normalizeEmail } from './email-syntax.ts';
import { CsvRecords } from './csv-records.ts';
import { DupFilter } from './dup-filter.ts';

/** A file that cannot be imported at all (the job fails; nothing is changed). */
export class ImportFileError extends Error {}

/** The staging table's columns, in the order the transform writes them. */
export const STAGE_COLUMNS = 'rn, email, domain, provider_id, name, surname, birth_year, city, geo, reason, maybe_dup';

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };
const TEXT_MAX = 255;
const CHUNK = 256 * 1024;

/** A value in COPY's text format: \N for nothing, backslash escapes for the few special characters. */
function text(v: string | undefined, max = TEXT_MAX): string {
  if (v === undefined) return '\\N';
  let s = v.trim();
  if (!s) return '\\N';
  if (s.length > max) s = s.slice(0, max);
  return SPECIAL.test(s) ? s.replace(SPECIALS, (c) => ESCAPES[c]!) : s;
}

const year = (v: string | undefined) => (v && /^\s*(19|20)\d\d\s*$/.test(v) ? v.trim() : '\\N');

export interface TsvCounts {
  /** Data records read (the header excluded). */
  rows: number;
  /** Records refused before staging: no address or not an address. */
  bad: number;
}

/**
 * CSV bytes in, COPY text out (the staging rows). Records come from CsvRecords (csv-parse's reading, with
 * a fast path for plain lines), so no object passes through a stream per row. The first record is the
 * header. Each data record becomes one staging row: its position in the file (the header is row 1, as a
 * spreadsheet shows it; blank lines are not counted), the normalized address, its domain and mail
 * provider (the provider map is the in-process twin of provider-of.ts), the optional columns, a failure
 * reason for an address that is missing or malformed, and `maybe_dup` when the address may have come
 * before (DupFilter). Output leaves in 256 KB strings.
 */
export class CsvToTsv extends Transform {
  readonly counts: TsvCounts = { rows: 0, bad: 0 };
  private columns?: Columns;
  private rn = 0;
  private buf = '';
  private readonly decoder = new StringDecoder('utf8');
  private readonly records = new CsvRecords((rec) => this.record(rec));
  private readonly dups: DupFilter;
  private started = false;
  /** Old Mac files end lines with a lone CR. */
  private crOnly = false;

  /** `fileSize` sizes the duplicate filter (a typical row has 40-60 bytes; a wrong guess only means a grow). */
  constructor(
    private readonly domains: Map<string, number>,
    private readonly otherId: number,
    fileSize = 0,
  ) {
    super({ readableObjectMode: false, writableObjectMode: false });
    this.dups = new DupFilter(Math.ceil(fileSize / 48));
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
      if (!this.columns) throw new ImportFileError(M.emptyFile);
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
    const c = this.columns;
    if (!c) {
      const columns = columnsOf(rec);
      if (!columns) throw new ImportFileError(M.noEmailColumn);
      this.columns = columns;
      return;
    }
    this.counts.rows++;
    const raw = rec[c.email] ?? '';
    const email = normalizeEmail(raw);
    if (!email || !isValidEmail(email)) {
      this.counts.bad++;
      const reason = email ? FailureReasons.invalidEmail : FailureReasons.missingEmail;
      this.buf += `${rn}\t${text(raw, 320)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t${reason}\tf\n`;
      return;
    }
    // A valid address holds none of COPY's special characters: it goes out as it is.
    const domain = email.slice(email.indexOf('@') + 1);
    const provider = this.domains.get(domain) ?? this.otherId;
    this.buf +=
      `${rn}\t${email}\t${domain}\t${provider}\t` +
      `${c.name === undefined ? '\\N' : text(rec[c.name])}\t${c.surname === undefined ? '\\N' : text(rec[c.surname])}\t` +
      `${c.birthYear === undefined ? '\\N' : year(rec[c.birthYear])}\t${c.city === undefined ? '\\N' : text(rec[c.city])}\t` +
      `${c.geo === undefined ? '\\N' : text(rec[c.geo])}\t\\N\t${this.dups.seen(email) ? 't' : 'f'}\n`;
  }
}
