// @ts-nocheck
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  CONFIG_FOR_SERVERS,
  PMTA_CONFIG_ERRORS_SHOWN,
  PMTA_CONFIG_MAX_BYTES,
  PmtaConfigMessages as M,
  pmtaConfigSchema,
  type PmtaConfigType,
} from '@console/shared/pmta-configs';
import { AppError, fromZod, invalid } from '../../core/errors.ts';
import { NUL_MESSAGE, findNul } from '../../core/input-guard.ts';
import { UploadMessages } from '../../core/uploads.ts';
import { validateFragment } from '../../pmta/config/validate.ts';
import type { ConfigFile } from './pmta-configs.repo.ts';

/*
 * The multipart form of POST pmta_config/create and pmta_config/{id}/update (decision 0907): `prePmtaConfig`
 * (JSON of name and type) and `configFile`. A config file is small: read into memory, at most
 * PMTA_CONFIG_MAX_BYTES, text only, and checked with the console's validator where PMTA will read it.
 */

export interface ConfigForm {
  name: string;
  type: PmtaConfigType;
  /** Absent when no file was chosen (allowed on update: the content stays). */
  file?: { fileName: string; bytes: Buffer };
}

/** A multipart body that ended early or is malformed (busboy's errors) is the client's fault: 400. */
const cutShort = (e: unknown) =>
  e instanceof AppError
    ? e
    : /Unexpected end|Malformed|Boundary|aborted/i.test(String((e as Error)?.message))
      ? new AppError(400, UploadMessages.cutShort)
      : e;

/** Reads the form: the fields and the file (bounded), nothing written to disk. */
export async function readConfigForm(req: FastifyRequest): Promise<ConfigForm> {
  if (!req.isMultipart()) throw invalid({ configFile: M.notMultipart });
  const fields: Record<string, string> = {};
  let file: ConfigForm['file'];
  try {
    for await (const part of req.parts()) {
      if (part.fieldname.includes('\0')) throw invalid({ error: NUL_MESSAGE });
      if (part.type === 'field') {
        const value = String(part.value);
        if (value.includes('\0')) throw invalid({ [part.fieldname]: NUL_MESSAGE });
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'configFile' || file) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > PMTA_CONFIG_MAX_BYTES) {
          part.file.resume();
          throw invalid({ configFile: M.fileTooLarge });
        }
        chunks.push(chunk);
      }
      // A form without a chosen file still sends an empty part with no name.
      if (part.filename || size) file = { fileName: part.filename, bytes: Buffer.concat(chunks) };
    }
  } catch (e) {
    throw cutShort(e);
  }
  const values = formValues(fields);
  const nul = findNul(values);
  if (nul) throw invalid({ [nul]: NUL_MESSAGE });
  const parsed = pmtaConfigSchema.safeParse(values);
  if (!parsed.success) throw fromZod(parsed.error);
  return { ...parsed.data, file };
}

/** prePmtaConfig's JSON, or the fields themselves when a client sends name and type as fields. */
function formValues(fields: Record<string, string>): unknown {
  if (fields.prePmtaConfig === undefined) return fields;
  try {
    const value = JSON.parse(fields.prePmtaConfig) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    // answered below
  }
  throw invalid({ prePmtaConfig: M.prePmtaConfig });
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The file as the console stores and uploads it, or 422: text (UTF-8, no NUL), not empty, and accepted by
 * the validator as the top level of a server's configuration (type 0) or as the inside of a relay's VMTA
 * (type 1). A refusal names the lines: 'Line 3: unknown directive ...'.
 */
export function checkConfigFile(file: NonNullable<ConfigForm['file']>, type: PmtaConfigType): ConfigFile {
  let content: string;
  try {
    content = utf8.decode(file.bytes);
  } catch {
    throw invalid({ configFile: M.fileNotText });
  }
  if (content.includes('\0')) throw invalid({ configFile: M.fileNotText });
  if (!content.trim()) throw invalid({ configFile: M.fileRequired });
  const errors = validateFragment(content, type === CONFIG_FOR_SERVERS ? 'top' : 'virtual-mta');
  if (errors.length) {
    const shown = errors.slice(0, PMTA_CONFIG_ERRORS_SHOWN).map((e) => e.message);
    if (errors.length > shown.length) shown.push(`... and ${errors.length - shown.length} more.`);
    throw invalid({ configFile: shown.join('\n') });
  }
  return { fileName: fileName(file.fileName), content };
}

/** The name shown in the list: the base name, printable, bounded. */
function fileName(raw: string) {
  const base = path.posix.basename(raw.replaceAll('\\', '/'));
  const printable = [...base].filter((ch) => ch >= ' ' && ch !== '\u007f').join('');
  return printable.slice(0, 255) || 'config';
}
