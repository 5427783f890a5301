// @ts-nocheck
import { EmailListMessages as M, FailureReasons } from '@console/shared/email-lists';
import { UploadMessages } from '@console/shared/uploads';
import { ImportFileError, type RowParser } from '../../../core/imports/kind.ts';
import { columnsOf, type Columns } from './header.ts';
import { isValidEmail, normalizeEmail } from '../../../suppression/email-syntax.ts';
import { DupFilter } from './dup-filter.ts';

/**
 * The staging table of an e-mail import (TEMP, the run's own): the row number, the address and what the
 * merge needs of it, a failure reason, and whether the address may have come before in the file.
 */
export const STAGE = {
  columns: `rn integer not null, email text, domain text, provider_id integer,
    name text, surname text, birth_year smallint, city text, geo text, reason text, maybe_dup boolean not null`,
  copyColumns: 'rn, email, domain, provider_id, name, surname, birth_year, city, geo, reason, maybe_dup',
  failureColumns: ['email'],
};

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };
const TEXT_MAX = 255;

/** A value in COPY's text format: \N for nothing, backslash escapes for the few special characters. */
function text(v: string | undefined, max = TEXT_MAX): string {
  if (v === undefined) return '\\N';
  let s = v.trim();
  if (!s) return '\\N';
  if (s.length > max) s = s.slice(0, max);
  return SPECIAL.test(s) ? s.replace(SPECIALS, (c) => ESCAPES[c]!) : s;
}

/** The direct path's COPY into the list itself (`direct` lines): every row valid until the merge classifies them. */
export const DIRECT_COPY = `copy emails (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
  from stdin`;

const year = (v: string | undefined) => (v && /^\s*(19|20)\d\d\s*$/.test(v) ? v.trim() : '\\N');

/**
 * One e-mail record as one staging row: the normalized address, its domain and mail provider (the
 * provider map is the in-process twin of provider-of.ts), the optional columns, a failure reason for an
 * address that is missing or malformed, and `maybe_dup` when the address may have come before
 * (DupFilter). Counts the refused records (`bad`). On the direct path (a first upload into an empty list)
 * a valid address DupFilter has certainly not seen is new to the list: `direct` makes it a line of
 * `emails` itself and counts it per provider; the others are staged by `row`.
 */
export class EmailRows implements RowParser {
  bad = 0;
  /** Rows repeating an earlier row of the file (set by markDuplicatesInFile before the merge). */
  dupInFile = 0;
  /** The direct path: rows written into the list, per mail provider id. */
  readonly directByProvider = new Map<number, number>();
  private columns?: Columns;
  private readonly dups: DupFilter;
  private readonly domains: Map<string, number>;
  private readonly otherId: number;
  private readonly listId: number;

  /** `fileSize` sizes the duplicate filter (a typical row has 40-60 bytes; a wrong guess only means a grow). */
  constructor(domains: Map<string, number>, otherId: number, listId: number, fileSize = 0) {
    this.domains = domains;
    this.otherId = otherId;
    this.listId = listId;
    this.dups = new DupFilter(Math.ceil(fileSize / 48));
  }

  header(rec: string[]) {
    const columns = columnsOf(rec);
    if (!columns) throw new ImportFileError(M.noEmailColumn);
    this.columns = columns;
  }

  end() {
    if (!this.columns) throw new ImportFileError(UploadMessages.emptyFile);
  }

  row(rec: string[], rn: number): string {
    const raw = rec[this.columns!.email] ?? '';
    const email = normalizeEmail(raw);
    if (!email || !isValidEmail(email)) {
      this.bad++;
      const reason = email ? FailureReasons.invalidEmail : FailureReasons.missingEmail;
      return `${rn}\t${text(raw, 320)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t${reason}\tf\n`;
    }
    // A valid address holds none of COPY's special characters: it goes out as it is.
    const domain = email.slice(email.indexOf('@') + 1);
    const provider = this.domains.get(domain) ?? this.otherId;
    return `${rn}\t${email}\t${domain}\t${provider}\t${this.details(rec)}\t\\N\t${this.dups.seen(email) ? 't' : 'f'}\n`;
  }

  direct(rec: string[]): string | undefined {
    const email = normalizeEmail(rec[this.columns!.email] ?? '');
    // Refused here, `row` stages it: a bad address (counted there) or one that may have come before (and
    // is flagged there: DupFilter answers "seen" again).
    if (!email || !isValidEmail(email) || this.dups.seen(email)) return undefined;
    const provider = this.domains.get(email.slice(email.indexOf('@') + 1)) ?? this.otherId;
    this.directByProvider.set(provider, (this.directByProvider.get(provider) ?? 0) + 1);
    return `${this.listId}\t${email}\t${this.details(rec)}\t${provider}\tt\n`;
  }

  /** name, surname, birth year, city, geo as COPY text. */
  private details(rec: string[]): string {
    const c = this.columns!;
    return (
      `${c.name === undefined ? '\\N' : text(rec[c.name])}\t${c.surname === undefined ? '\\N' : text(rec[c.surname])}\t` +
      `${c.birthYear === undefined ? '\\N' : year(rec[c.birthYear])}\t${c.city === undefined ? '\\N' : text(rec[c.city])}\t` +
      `${c.geo === undefined ? '\\N' : text(rec[c.geo])}`
    );
  }
}
