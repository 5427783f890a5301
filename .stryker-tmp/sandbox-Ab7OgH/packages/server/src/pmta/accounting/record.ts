// @ts-nocheck
import type pg from 'pg';
import type { AppContext } from '../../core/context.ts';

/*
 * One accounting record as the console reads it from a PMTA accounting CSV (../shared/PMTA.md "Accounting
 * files"; issue 13). The pull job (pmta/accounting/) parses the files and hands records to their owners by
 * envId: a campaign recipient's tracking id (the engine injects it as ENVID), or an e-mail test's `test-<id>`.
 */

export type AcctType = 'd' | 'b' | 't' | 'f' | 'rb' | 'rs';

export interface AcctRecord {
  type: AcctType;
  timeLogged: Date;
  rcpt: string;
  /** The ENVID of the injection: a tracking id (campaigns) or `test-<id>` (e-mail tests). */
  envId: string;
  jobId: string;
  vmta: string;
  /** PMTA's bounce category (bad-mailbox, spam-related, ...) for b records; '' otherwise. */
  bounceCat: string;
  dsnStatus: string;
  dsnDiag: string;
}

/** The PMTA server a batch of records was read from. */
export interface AcctServer {
  id: number;
  name: string;
  userId: number;
}

/** Where a handler writes: the pull's transaction, so its records and the files' read offsets commit together. */
export interface AcctTx {
  client: pg.ClientBase;
  /** Runs `f` once the transaction committed (live updates, follow-up jobs); never after a roll back. */
  afterCommit(f: () => unknown): void;
}

/**
 * Takes its own records of a batch (by envId) and leaves the others; writes only through `tx.client`
 * (never commits or rolls back). Throwing rolls the batch back: it is read again at the next pull.
 */
export type AcctHandler = (ctx: AppContext, server: AcctServer, records: AcctRecord[], tx: AcctTx) => Promise<void>;

const TEST_PREFIX = 'test-';
/** The ENVID of PMTA e-mail test `id`. */
export const emailTestEnvId = (id: number) => `${TEST_PREFIX}${id}`;
/** The e-mail test an ENVID names, or undefined. */
export function emailTestIdOf(envId: string): number | undefined {
  const m = /^test-([1-9]\d{0,9})$/.exec(envId);
  return m ? Number(m[1]) : undefined;
}
