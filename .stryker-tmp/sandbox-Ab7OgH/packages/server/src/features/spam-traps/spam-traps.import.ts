// @ts-nocheck
import type pg from 'pg';
import { SpamTrapMessages as M, spamDomainField, spamMxField } from '@console/shared/spam-traps';
import { UploadKinds, UploadMessages } from '@console/shared/uploads';
import { copyLine } from '../../core/imports/columns.ts';
import { firstRecord } from '../../core/imports/first-record.ts';
import { defineImport, fileEvents, type RowParser } from '../../core/imports/kind.ts';
import { refuseBadLines } from '../../core/imports/whole-file.ts';
import { isValidEmail, normalizeEmail } from '../../suppression/email-syntax.ts';
import { revalidate } from '../../suppression/validity.ts';
import { blacklistMxs } from './mx.ts';
import { blacklistDomains } from './spam-traps.service.ts';

/** Administrators only; nothing to choose besides the file. */
const target = async () => ({});
const domain = spamDomainField();
const mxHost = spamMxField();

/** A file whose first line is no domain (or no address) is refused at once. */
const firstLine = (check: (cell: string) => boolean, message: string) => async (file: string) => {
  const first = await firstRecord(file, ',');
  if (!('record' in first)) return first.error === 'empty' ? UploadMessages.emptyFile : message;
  return check(first.record[0] ?? '') ? undefined : message;
};

/** One host per line (no header): a domain, or an MX host. */
class HostRows implements RowParser {
  private readonly field: typeof domain;

  constructor(field: typeof domain) {
    this.field = field;
  }

  row(record: string[], rn: number) {
    const raw = (record[0] ?? '').trim();
    if (!raw) return '';
    const parsed = this.field.safeParse(raw);
    return copyLine(
      parsed.success ? [rn, parsed.data, null] : [rn, raw.slice(0, 253), parsed.error.issues[0]!.message],
    );
  }
}

/** `email,info` per line (no header). */
class EmailRows implements RowParser {
  row(record: string[], rn: number) {
    const raw = record[0] ?? '';
    const email = normalizeEmail(raw);
    if (!email) return '';
    const info = (record[1] ?? '').slice(0, 1000);
    return isValidEmail(email)
      ? copyLine([rn, email, info, null])
      : copyLine([rn, raw.slice(0, 254), null, M.emailInvalid]);
  }
}

/**
 * A file of hosts, one per line, no header (spam-trap domains, MX servers): any bad line fails the file;
 * `blacklist` adds them and revalidates what they touch.
 */
function hostListImport<K extends typeof UploadKinds.spamDomains | typeof UploadKinds.spamMxs>(o: {
  kind: K;
  name: string;
  fileField: string;
  field: typeof domain;
  shape: string;
  what: string;
  blacklist: (client: pg.ClientBase, hosts: string[]) => Promise<number[]>;
}) {
  return defineImport({
    kind: o.kind,
    name: o.name,
    fileField: o.fileField,
    csv: { header: false },
    stage: {
      columns: 'rn integer not null, domain text, reason text',
      copyColumns: 'rn, domain, reason',
      failureColumns: ['domain'],
    },
    target,
    checkHeader: firstLine((c) => o.field.safeParse(c.trim()).success, o.shape),
    parser: async () => new HostRows(o.field),
    prepare: (client) => refuseBadLines(client),
    merge: async (client, run) => {
      const { rows } = await client.query<{ domain: string }>('select distinct domain from import_stage');
      const added = await o.blacklist(
        client,
        rows.map((r) => r.domain),
      );
      await run.holdUpload();
      return { inserted: added.length, failed: 0 };
    },
    events: fileEvents,
    notice: {
      subject: `Spam ${o.what} upload`,
      done: (file, m) => `File ${file} is processed! Added ${m.inserted} spam-trap ${o.what}.`,
    },
  });
}

/** POST /api/add-spam-domains (multipart `spam_domains`). */
export const spamDomainsImport = hostListImport({
  kind: UploadKinds.spamDomains,
  name: 'spam-domains',
  fileField: 'spam_domains',
  field: domain,
  shape: 'The file must hold one domain per line.',
  what: 'domains',
  blacklist: blacklistDomains,
});

/** POST /api/add-spam-mxs (multipart `spam_mxs`). */
export const spamMxsImport = hostListImport({
  kind: UploadKinds.spamMxs,
  name: 'spam-mxs',
  fileField: 'spam_mxs',
  field: mxHost,
  shape: 'The file must hold one MX server per line.',
  what: 'MX servers',
  blacklist: blacklistMxs,
});

/** POST /api/add-spam-emails (multipart `spam_emails`): `email,info` lines; any bad line fails the file. */
export const spamEmailsImport = defineImport({
  kind: UploadKinds.spamEmails,
  name: 'spam-emails',
  fileField: 'spam_emails',
  csv: { header: false },
  stage: {
    columns: 'rn integer not null, email text, info text, reason text',
    copyColumns: 'rn, email, info, reason',
    failureColumns: ['email'],
  },
  target,
  checkHeader: firstLine((c) => isValidEmail(normalizeEmail(c)), 'The file must hold lines email,info (no header).'),
  parser: async () => new EmailRows(),
  prepare: (client) => refuseBadLines(client),
  merge: async (client, run) => {
    await client.query('create temp table new_spam_emails (email text primary key) on commit drop');
    const { rowCount } = await client.query(
      `with ins as (
         insert into spam_emails (email, info)
         select distinct on (email) email, nullif(info, '') from import_stage order by email, rn
         on conflict do nothing returning email)
       insert into new_spam_emails select email from ins`,
    );
    await revalidate(client, { emailsTable: 'new_spam_emails' });
    await run.holdUpload();
    return { inserted: rowCount ?? 0, failed: 0 };
  },
  events: fileEvents,
  notice: {
    subject: 'Spam e-mails upload',
    done: (file, m) => `File ${file} is processed! Added ${m.inserted} spam-trap e-mails.`,
  },
});
