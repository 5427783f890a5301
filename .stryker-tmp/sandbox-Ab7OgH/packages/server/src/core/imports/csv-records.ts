// @ts-nocheck
import { CsvError, parse } from 'csv-parse/sync';

/**
 * How every import reads a file, the header check and the streaming reader alike: csv-parse's options,
 * with the kind's delimiter (comma for most; colon for socks and PMTA server lists, spec 2).
 */
export const csvOptions = (delimiter = ',') =>
  ({
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: 1_000_000,
  }) as const;

/** The comma-separated reading (the e-mail lists'). */
export const CSV_OPTIONS = csvOptions(',');

const MAX_RECORD = CSV_OPTIONS.max_record_size;

/** Whether a record's text ends outside any quoted field (so the newline after it ends the record). */
function closed(rec: string, sep: string): boolean {
  let i = 0;
  for (;;) {
    if (rec.charCodeAt(i) === 34 /* " */) {
      i++;
      for (;;) {
        const q = rec.indexOf('"', i);
        if (q < 0) return false;
        if (rec.charCodeAt(q + 1) === 34) i = q + 2;
        else {
          i = q + 1;
          break;
        }
      }
    }
    const next = rec.indexOf(sep, i);
    if (next < 0) return true;
    i = next + 1;
  }
}

/**
 * Splits CSV text into records, the way csv-parse does with csvOptions(delimiter), but fast: a line in
 * which no field starts with a quote is split on the delimiter directly (with relax_quotes a quote inside
 * an unquoted field is an ordinary character, so that is exactly csv-parse's answer); any record with a
 * quoted field (also one that spans lines) is handed whole to csv-parse, which also rules on every
 * malformed quote. In a typical file nearly every line takes the fast path, which splits about four
 * times faster than csv-parse's character-by-character state machine
 * (docs/decisions/0202-import-pipeline.md). Empty lines are skipped (skip_empty_lines); feed text
 * without a BOM. The delimiter is one character.
 */
export class CsvRecords {
  private rest = '';
  private pending = '';
  private readonly sepCode: number;
  private readonly sepQuote: string;
  private readonly options: ReturnType<typeof csvOptions>;

  private readonly onRecord: (fields: string[]) => void;
  private readonly sep: string;

  constructor(onRecord: (fields: string[]) => void, sep = ',') {
    this.onRecord = onRecord;
    this.sep = sep;
    this.sepCode = sep.charCodeAt(0);
    this.sepQuote = `${sep}"`;
    this.options = csvOptions(sep);
  }

  /** Feeds the next piece of text; complete records are delivered, a partial line is kept. */
  push(text: string) {
    const s = this.rest ? this.rest + text : text;
    let start = 0;
    for (;;) {
      const nl = s.indexOf('\n', start);
      if (nl < 0) break;
      this.line(s.slice(start, nl));
      start = nl + 1;
    }
    this.rest = start ? s.slice(start) : s;
    if (this.rest.length + this.pending.length > MAX_RECORD) this.tooLong();
  }

  /** End of input: the last line, and a quoted field still open is csv-parse's error to raise. */
  end() {
    if (this.rest) this.line(this.rest);
    this.rest = '';
    if (this.pending) {
      const text = this.pending;
      this.pending = '';
      this.csvParse(text);
    }
  }

  private line(raw: string) {
    if (this.pending) {
      this.pending += `\n${raw}`;
      if (this.pending.length > MAX_RECORD) this.tooLong();
      if (closed(this.pending, this.sep)) {
        const text = this.pending;
        this.pending = '';
        this.csvParse(text);
      }
      return;
    }
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (!line) return;
    const q = line.indexOf('"');
    if (q < 0 || (q > 0 && line.charCodeAt(q - 1) !== this.sepCode && !line.includes(this.sepQuote, q))) {
      this.onRecord(line.split(this.sep));
      return;
    }
    if (closed(raw, this.sep)) this.csvParse(raw);
    else this.pending = raw;
  }

  private csvParse(text: string) {
    for (const rec of parse(text, this.options) as string[][]) this.onRecord(rec);
  }

  private tooLong(): never {
    throw new CsvError('CSV_MAX_RECORD_SIZE', [
      `Max Record Size: record exceed the maximum number of tolerated characters of ${MAX_RECORD}`,
    ]);
  }
}
