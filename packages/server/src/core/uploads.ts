import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { invalid } from './errors.ts';

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

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain']);

/** Whether an upload looks like CSV: by its declared type or, since browsers differ, by its name. */
export const isCsv = (f: ReceivedFile) => CSV_TYPES.has(f.mimetype) || /\.csv$/i.test(f.filename);

/**
 * Streams a multipart request to disk (never into memory) and returns its text fields and the file of
 * `fileField`. The caller validates and hands the file to a job; `discard` removes it when refused.
 */
export async function receiveUpload(req: FastifyRequest, fileField: string, dir: string): Promise<Received> {
  if (!req.isMultipart()) throw invalid({ [fileField]: 'The request must be multipart/form-data.' });
  fs.mkdirSync(dir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== fileField || file) {
      part.file.resume(); // drain what we do not keep
      continue;
    }
    const target = path.join(dir, `${crypto.randomUUID()}${path.extname(part.filename).slice(0, 10)}`);
    await pipeline(part.file, fs.createWriteStream(target));
    if (part.file.truncated) {
      fs.rmSync(target, { force: true });
      throw invalid({ [fileField]: 'The file is too large.' });
    }
    file = { path: target, filename: part.filename, mimetype: part.mimetype, size: fs.statSync(target).size };
  }
  return { fields, file };
}

export const discard = (file?: ReceivedFile) => file && fs.rmSync(file.path, { force: true });
