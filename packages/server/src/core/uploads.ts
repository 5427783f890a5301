import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.ts';
import { NUL_MESSAGE } from './input-guard.ts';

export interface ReceivedFile {
  path: string;
  filename: string;
  mimetype: string;
  size: number;
}

export interface Received {
  fields: Record<string, string>;
  file?: ReceivedFile;
}

export interface ReceiveOptions {
  /**
   * Runs when the file part begins, with the fields sent before it (forms send them first): whatever can
   * be refused without the file (the target's existence, the caller's right to change it) is refused
   * here, before a byte of the file is stored.
   */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain']);

/** Whether an upload looks like CSV: by its declared type or, since browsers differ, by its name. */
export const isCsv = (f: ReceivedFile) => CSV_TYPES.has(f.mimetype) || /\.csv$/i.test(f.filename);

export const UploadMessages = {
  notMultipart: 'The request must be multipart/form-data.',
  cutShort: 'The upload was cut short; nothing was stored. Please send the file again.',
  tooLarge: 'The file is too large.',
  fieldTooLong: 'The field is too long.',
} as const;

/** A multipart body that ended early or is malformed (busboy's errors) is the client's fault: 400. */
function clientError(e: unknown): AppError | undefined {
  if (e instanceof AppError) return e;
  const err = e as { code?: string; message?: string; statusCode?: number };
  if (err.code === 'FST_REQ_FILE_TOO_LARGE') return invalid({ file: UploadMessages.tooLarge });
  if (
    err.code === 'ECONNRESET' ||
    err.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (err.statusCode && err.statusCode < 500) ||
    /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|aborted/i.test(
      err.message ?? '',
    )
  ) {
    return new AppError(400, UploadMessages.cutShort);
  }
  return undefined;
}

/**
 * Streams a multipart request to disk (never into memory) and returns its text fields and the file of
 * `fileField`. Nothing stays behind when it fails: a refused, aborted or cut-short upload removes its
 * partial file before the error goes out (and sweepOrphans removes what a crash left). The caller
 * validates the rest and hands the file to a job; `discard` removes it when refused later.
 */
export function receiveUpload(
  req: FastifyRequest,
  fileField: string,
  dir: string,
  opts: ReceiveOptions = {},
): Promise<Received> {
  const received = receive(req, fileField, dir, opts);
  receiving.add(received);
  void received.catch(() => {}).finally(() => receiving.delete(received));
  return received;
}

/** The uploads being received: a shutdown waits for them, so that a cut one removes its partial file first. */
const receiving = new Set<Promise<Received>>();
export const uploadsSettled = () => Promise.allSettled([...receiving]);

async function receive(req: FastifyRequest, fileField: string, dir: string, opts: ReceiveOptions): Promise<Received> {
  if (!req.isMultipart()) throw invalid({ [fileField]: UploadMessages.notMultipart });
  // Owner only: the files hold what users upload (socks lists carry passwords in plain text, issue 37).
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A folder made by an older version (only then: a chmod is a change that watchers see).
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let target: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\0')) throw invalid({ error: NUL_MESSAGE });
      if (part.type === 'field') {
        const value = String(part.value);
        if (value.includes('\0')) throw invalid({ [part.fieldname]: NUL_MESSAGE });
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume(); // drain what we do not keep
        continue;
      }
      if (part.filename.includes('\0')) throw invalid({ [fileField]: NUL_MESSAGE });
      if (opts.beforeFile) await opts.beforeFile(fields);
      target = path.join(dir, `${crypto.randomUUID()}${path.extname(part.filename).slice(0, 10)}`);
      await pipeline(part.file, fs.createWriteStream(target, { mode: 0o600 }));
      if (part.file.truncated) throw invalid({ [fileField]: UploadMessages.tooLarge });
      file = { path: target, filename: part.filename, mimetype: part.mimetype, size: fs.statSync(target).size };
    }
  } catch (e) {
    if (target) fs.rmSync(target, { force: true });
    throw clientError(e) ?? e;
  }
  return { fields, file };
}

/**
 * The text fields of a form sent as multipart (a browser's FormData, no file) or as JSON / urlencoded:
 * the same record either way, for the route's schema to parse. File parts are drained and ignored.
 */
export async function readFormFields(req: FastifyRequest): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) return (req.body ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\0')) throw invalid({ error: NUL_MESSAGE });
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      const value = String(part.value);
      if (value.includes('\0')) throw invalid({ [part.fieldname]: NUL_MESSAGE });
      if (part.valueTruncated) throw invalid({ [part.fieldname]: UploadMessages.fieldTooLong });
      fields[part.fieldname] = value;
    }
  } catch (e) {
    throw clientError(e) ?? e;
  }
  return fields;
}

export const discard = (file?: ReceivedFile) => file && fs.rmSync(file.path, { force: true });

/**
 * Removes files of `dir` older than `minAgeMs` that `inUse` does not name: what a crash between the
 * write and the upload's row, or before a cleanup, left behind. Returns how many went.
 */
export function sweepOrphans(dir: string, inUse: Set<string>, minAgeMs = 60 * 60 * 1000): number {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile() || inUse.has(file) || Date.now() - stat.mtimeMs < minAgeMs) continue;
    fs.rmSync(file, { force: true });
    removed++;
  }
  return removed;
}
