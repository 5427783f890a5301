import { CsvError, parse } from 'csv-parse/sync';
import { CSV_OPTIONS } from './header.ts';

const MAX_RECORD = CSV_OPTIONS.max_record_size;

/** Whether a record's text ends outside any quoted field (so the newline after it ends the record). */
function closed(rec: string): boolean {
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
    const comma = rec.indexOf(',', i);
    if (comma < 0) return true;
    i = comma + 1;
  }
}

/**
 * Splits CSV text into records, the way csv-parse does with CSV_OPTIONS, but fast: a line in which no
 * field starts with a quote is split on commas directly (with relax_quotes a quote inside an unquoted
 * field is an ordinary character, so that is exactly csv-parse's answer); any record with a quoted field
 * (also one that spans lines) is handed whole to csv-parse, which also rules on every malformed quote.
 * In a typical address file nearly every line takes the fast path, which splits about four times faster
 * than csv-parse's character-by-character state machine (docs/decisions/0202-import-pipeline.md).
 * Empty lines are skipped (skip_empty_lines); feed text without a BOM.
 */
export class CsvRecords {
  private rest = '';
  private pending = '';

  constructor(private readonly onRecord: (fields: string[]) => void) {}

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
      if (closed(this.pending)) {
        const text = this.pending;
        this.pending = '';
        this.csvParse(text);
      }
      return;
    }
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (!line) return;
    const q = line.indexOf('"');
    if (q < 0 || (q > 0 && line.charCodeAt(q - 1) !== 44 && !line.includes(',"', q))) {
      this.onRecord(line.split(','));
      return;
    }
    if (closed(raw)) this.csvParse(raw);
    else this.pending = raw;
  }

  private csvParse(text: string) {
    for (const rec of parse(text, CSV_OPTIONS) as string[][]) this.onRecord(rec);
  }

  private tooLong(): never {
    throw new CsvError('CSV_MAX_RECORD_SIZE', [
      `Max Record Size: record exceed the maximum number of tolerated characters of ${MAX_RECORD}`,
    ]);
  }
}
