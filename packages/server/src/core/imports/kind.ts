import type pg from 'pg';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TopicPayloads } from '@console/shared/hub';
import { UploadTopics } from '@console/shared/hub';
import type { UploadKind } from '@console/shared/uploads';
import type { AppContext, RunContext } from '../context.ts';
import { jobRef, type JobRef } from '../jobs.ts';

/** The topic of a kind (spec 2: one per upload type) and its message. */
export type KindTopic<K extends UploadKind> = (typeof UploadTopics)[K];
export type KindEvent<K extends UploadKind> = TopicPayloads[KindTopic<K>];

/** An upload row as a run sees it. */
export interface Upload {
  id: number;
  kind: UploadKind;
  userId: number;
  targetId: number | null;
  originalName: string;
  filePath: string;
  fileSize: number;
  params: Record<string, unknown> | null;
  /** The run that holds it (claim): its commit must still find this number. */
  attempts: number;
}

/** What a request's fields decided: the upload's target and the fields kept for the run. */
export interface Target {
  id?: number | null;
  params?: Record<string, unknown>;
}

/** A file that cannot be imported at all: the upload fails at once (no retry) with this message. */
export class ImportFileError extends Error {}
/** What the file was for (the list) is gone: the upload ends without a merge. */
export class TargetGone extends Error {}
/** Another run holds the upload now (this one was taken for dead): this one stops and touches nothing. */
export class UploadTakenOver extends Error {}

/** The process is stopping (SIGTERM): the run is given back, not failed, and resumes at the next start. */
export class ImportStopped extends Error {
  constructor() {
    super('the process is stopping; the import resumes at the next start');
  }
}

/** "Parse a row into staging": one run's reader of records (it keeps whatever counts it needs). */
export interface RowParser {
  /** The header record (kinds whose files have one): throw ImportFileError when it is unusable. */
  header?(record: string[]): void;
  /** One data record as one line of COPY text for the staging table, `\n` included. Row 1 is the header. */
  row(record: string[], rn: number): string;
  /**
   * On the kind's direct path only: the record as one line of COPY text for the target itself when it
   * certainly belongs there, or undefined, and `row` stages it for the merge. Lines go out in sorted runs
   * (plain string order): starting them with the target's unique key lets its index fill in order.
   */
  direct?(record: string[], rn: number): string | undefined;
  /** After the last record: throw ImportFileError when the file held nothing usable (no header). */
  end?(): void;
}

/** What the merge reports; the mechanism stores it on the upload row. */
export interface Merged {
  /** Rows created (the spec's createdCount). */
  inserted: number;
  /** Staged rows with a reason: the failures file is written when there is any. */
  failed: number;
  stats?: Record<string, unknown>;
  /** Files the commit made obsolete (an older failures file): removed after it. */
  obsolete?: (string | null)[];
}

export interface MergeRun<P> {
  upload: Upload;
  parser: P;
  /** Data records read (the header excluded). */
  rows: number;
  /** The rows `parser.direct` accepted went straight into the target during the read (the kind's `direct`). */
  direct: boolean;
  /** Where this upload's failures file goes (written by the mechanism when `failed` > 0). */
  failuresPath: string;
  /**
   * Locks the upload row and stops the merge (rolled back, nothing reported) when another run took the
   * upload over. The merge calls it after locking its target: target, then upload, is every writer's
   * lock order. The mechanism checks again when it marks the upload done.
   */
  holdUpload(): Promise<void>;
}

/**
 * An upload kind: everything that differs between the e-mail lists, socks, relays, servers and
 * unsubscribers. The mechanism (core/imports) owns the rest: the request and the file, the uploads row,
 * the job with its claim, heartbeat, retry, recovery and give-up, the staging COPY, the merge transaction,
 * throttled progress on the kind's topic, the failures file, the notices and the uploading log.
 */
export interface ImportKindSpec<K extends UploadKind, P extends RowParser, R extends Merged> {
  kind: K;
  /** Folder, uploading-log source and job name: `DATA_DIR/uploads/<name>`, job `<name>.import`. */
  name: string;
  /** The multipart field that carries the file. */
  fileField: string;
  /** The uploads folder when kinds share one route (KindChoice in accept.ts); `name` otherwise. */
  folder?: string;
  /** The file's shape: delimiter (default ','), header row (default true). */
  csv?: { delimiter?: string; header?: boolean };
  /**
   * The staging table (TEMP, the run's own): its columns, with `rn integer` and `reason text` (a row with
   * a reason is a failure); the columns the parser's lines fill, in order; and what the failures file
   * shows between `row` and `reason` (cells a spreadsheet would run get a leading quote).
   */
  stage: { columns: string; copyColumns: string; failureColumns: string[] };
  /** The request's own checks (the target exists and is the caller's): 4xx to refuse. Runs before the file is stored when the fields come first. */
  target(ctx: AppContext, req: FastifyRequest, fields: Record<string, string>): Promise<Target>;
  /** The stored file's first record: the message for the file field when unusable. */
  checkHeader(file: string): Promise<string | undefined>;
  /** In the transaction that records the upload (the list's running job). */
  onAccepted?(tx: pg.ClientBase, upload: Upload): Promise<void>;
  /** At the start of a run: the notices' label and who gets the live events; undefined: the target is gone. */
  describe?(ctx: AppContext, upload: Upload): Promise<{ label: string; audience: number } | undefined>;
  /**
   * A new parser for one run (it may load what it needs first: the provider map). It, `direct`, `prepare`
   * and `merge` run in the import thread (core/imports/thread.ts): a RunContext, no hub, no jobs.
   */
  parser(ctx: RunContext, upload: Upload): Promise<P>;
  /**
   * The direct path (optional): called in the run's transaction before the file is read, it locks the
   * target and says whether rows can go straight into it: the COPY statement `parser.direct`'s lines
   * are written to, or undefined for the ordinary way (stage everything, then merge). On the direct path the
   * read, `prepare` and the merge are one transaction under that lock; the rows `direct` refused are staged
   * and merged as usual.
   */
  direct?(client: pg.ClientBase, run: MergeRun<P>): Promise<string | undefined>;
  /** Work on the staged rows before the merge (on the direct path inside its transaction). */
  prepare?(client: pg.ClientBase, run: MergeRun<P>): Promise<void>;
  /** "Merge staging": inside the run's transaction; the upload row is locked and still this run's. */
  merge(client: pg.ClientBase, run: MergeRun<P>): Promise<R>;
  /** A progress step besides the upload row (the list's completion). */
  onProgress?(ctx: AppContext, upload: Upload, completion: number): Promise<void>;
  /** In the transaction that fails the upload: the target's side (the list returns to idle); its final event. */
  onFailed?(tx: pg.ClientBase, upload: Upload): Promise<KindEvent<K> | undefined>;
  /** The kind's progress messages. */
  events: {
    progress(upload: Upload, completion: number): KindEvent<K>;
    done(upload: Upload, merged: R): KindEvent<K>;
    failed(upload: Upload, reason: string): KindEvent<K>;
  };
  /** The uploader's notification: its subject and the success text (a failure says `<label>: <reason>`). */
  notice: { subject: string; done(label: string, merged: R): string };
}

export interface ImportKind<
  K extends UploadKind = UploadKind,
  P extends RowParser = RowParser,
  R extends Merged = Merged,
> extends ImportKindSpec<K, P, R> {
  topic: KindTopic<K>;
  job: JobRef<typeof importPayload>;
}

export const importPayload = z.object({ uploadId: z.number().int().positive() });

/** A kind, with its topic and its job. List it in src/workers.ts. */
export function defineImport<K extends UploadKind, P extends RowParser, R extends Merged>(
  spec: ImportKindSpec<K, P, R>,
): ImportKind<K, P, R> {
  return { ...spec, topic: UploadTopics[spec.kind], job: jobRef(`${spec.name}.import`, importPayload) };
}

/** Spec 2's progress message ({fileId, completion, error, createdCount}) for the kinds that use it. */
export const fileEvents = {
  progress: (u: Upload, completion: number) => ({ fileId: u.id, completion, error: null, createdCount: null }),
  done: (u: Upload, m: Merged) => ({ fileId: u.id, completion: 100, error: null, createdCount: m.inserted }),
  failed: (u: Upload, reason: string) => ({ fileId: u.id, completion: 0, error: reason, createdCount: null }),
};
