import { Transform, type TransformCallback } from 'node:stream';
import { EmailListMessages as M, FailureReasons } from '@console/shared/email-lists';
import { columnsOf, type Columns } from './header.ts';
import { isValidEmail, normalizeEmail } from './email-syntax.ts';

/** A file that cannot be imported at all (the job fails; nothing is changed). */
export class ImportFileError extends Error {}

/** The staging table's columns, in the order the transform writes them. */
export const STAGE_COLUMNS = 'rn, email, domain, provider_id, name, surname, birth_year, city, geo, reason';

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
 * csv-parse records in, COPY text out. The first record is the header. Each data record becomes one
 * staging row: its position in the file (the header is row 1, as a spreadsheet shows it), the normalized
 * address, its domain and mail provider (the provider map is the in-process twin of provider-of.ts), the
 * optional columns, and a failure reason for an address that is missing or malformed. Output is batched
 * into 256 KB strings: one write to the COPY stream per few thousand rows.
 */
export class CsvToTsv extends Transform {
  readonly counts: TsvCounts = { rows: 0, bad: 0 };
  private columns?: Columns;
  private rn = 0;
  private buf = '';

  constructor(
    private readonly domains: Map<string, number>,
    private readonly otherId: number,
  ) {
    super({ writableObjectMode: true, readableObjectMode: false });
  }

  override _transform(rec: string[], _enc: BufferEncoding, done: TransformCallback) {
    const rn = ++this.rn;
    const c = this.columns;
    if (!c) {
      const columns = columnsOf(rec);
      if (!columns) return done(new ImportFileError(M.noEmailColumn));
      this.columns = columns;
      return done();
    }
    this.counts.rows++;
    const raw = rec[c.email] ?? '';
    const email = normalizeEmail(raw);
    let line: string;
    if (!email || !isValidEmail(email)) {
      this.counts.bad++;
      const reason = email ? FailureReasons.invalidEmail : FailureReasons.missingEmail;
      line = `${rn}\t${text(raw, 320)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t${reason}\n`;
    } else {
      // A valid address holds none of COPY's special characters: it goes out as it is.
      const domain = email.slice(email.indexOf('@') + 1);
      const provider = this.domains.get(domain) ?? this.otherId;
      line =
        `${rn}\t${email}\t${domain}\t${provider}\t` +
        `${c.name === undefined ? '\\N' : text(rec[c.name])}\t${c.surname === undefined ? '\\N' : text(rec[c.surname])}\t` +
        `${c.birthYear === undefined ? '\\N' : year(rec[c.birthYear])}\t${c.city === undefined ? '\\N' : text(rec[c.city])}\t` +
        `${c.geo === undefined ? '\\N' : text(rec[c.geo])}\t\\N\n`;
    }
    this.buf += line;
    if (this.buf.length >= CHUNK) {
      this.push(this.buf);
      this.buf = '';
    }
    done();
  }

  override _flush(done: TransformCallback) {
    if (!this.columns) return done(new ImportFileError(M.emptyFile));
    if (this.buf) this.push(this.buf);
    this.buf = '';
    done();
  }
}
