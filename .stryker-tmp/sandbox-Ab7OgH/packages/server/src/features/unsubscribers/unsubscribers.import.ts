// @ts-nocheck
import { UnsubscriberMessages as M, unsubscriberSchema } from '@console/shared/unsubscribers';
import { UploadKinds, UploadMessages } from '@console/shared/uploads';
import type { AppContext } from '../../core/context.ts';
import { invalid, fieldErrors } from '../../core/errors.ts';
import { columnIndexes, copyLine } from '../../core/imports/columns.ts';
import { firstRecord } from '../../core/imports/first-record.ts';
import { defineImport, fileEvents, type RowParser } from '../../core/imports/kind.ts';
import { refuseBadLines } from '../../core/imports/whole-file.ts';
import { isValidEmail, normalizeEmail } from '../../suppression/email-syntax.ts';
import { revalidate } from '../../suppression/validity.ts';
import { assertCategory } from './unsubscribers.service.ts';

type Params = { categoryId: number };

/** The form's `data` field (JSON of category, email), or a JSON body: category and, maybe, one address. */
export function parseData(fields: Record<string, string>) {
  let data: unknown;
  try {
    data = JSON.parse(fields.data ?? '{}');
  } catch {
    throw invalid({ data: 'data must be JSON: {"category": 7, "email": "..."}.' });
  }
  return parseUnsubscriber(data);
}

export function parseUnsubscriber(data: unknown) {
  const parsed = unsubscriberSchema.safeParse(data);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
  return parsed.data;
}

/** One address per line, or a header row naming an `email` column (then that column). */
class AddressRows implements RowParser {
  private column = 0;

  row(record: string[], rn: number) {
    if (rn === 1) {
      const found = columnIndexes(record, ['email']).email;
      if (found !== undefined) {
        this.column = found;
        return '';
      }
    }
    const raw = record[this.column] ?? '';
    const email = normalizeEmail(raw);
    if (!email) return '';
    return copyLine([rn, isValidEmail(email) ? email : raw.slice(0, 254), isValidEmail(email) ? null : M.emailInvalid]);
  }
}

/** The first line is an address or a header with an email column. */
async function checkShape(file: string) {
  const first = await firstRecord(file, ',');
  if (!('record' in first)) return first.error === 'empty' ? UploadMessages.emptyFile : M.fileShape;
  const header = columnIndexes(first.record, ['email']).email !== undefined;
  return header || isValidEmail(normalizeEmail(first.record[0] ?? '')) ? undefined : M.fileShape;
}

/**
 * Unsubscribers from a txt/csv file (upload kind 4): every address goes to the chosen category, repeats
 * and addresses already there are kept once; any invalid address fails the whole file. The category's
 * lists count them invalid in the same transaction (suppression/validity.ts).
 */
export const unsubscribersImport = defineImport({
  kind: UploadKinds.unsubscribers,
  name: 'unsubscribers',
  fileField: 'file',
  csv: { header: false },
  stage: {
    columns: 'rn integer not null, email text, reason text',
    copyColumns: 'rn, email, reason',
    failureColumns: ['email'],
  },
  target: async (ctx: AppContext, _req, fields) => {
    const data = parseData(fields);
    await assertCategory(ctx, data.category);
    return { params: { categoryId: data.category } satisfies Params };
  },
  checkHeader: checkShape,
  parser: async () => new AddressRows(),
  prepare: (client) => refuseBadLines(client),
  merge: async (client, run) => {
    const { categoryId } = run.upload.params as Params;
    await client.query('create temp table new_unsubscribers (email text primary key) on commit drop');
    const { rowCount } = await client.query(
      `with ins as (
         insert into unsubscribers (email, category_id)
         select distinct email, $1::int from import_stage where email is not null
         on conflict do nothing returning email)
       insert into new_unsubscribers select email from ins`,
      [categoryId],
    );
    await revalidate(client, { emailsTable: 'new_unsubscribers', category: categoryId });
    await run.holdUpload();
    return { inserted: rowCount ?? 0, failed: 0 };
  },
  events: fileEvents,
  notice: {
    subject: 'Unsubscribers upload',
    done: (file, m) => `File ${file} is processed! Added ${m.inserted} unsubscribers.`,
  },
});
