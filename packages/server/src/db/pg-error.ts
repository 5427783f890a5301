export interface PgError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error behind `e` (drizzle wraps the driver's error in `cause`). */
export function pgError(e: unknown): PgError | undefined {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; cur && depth < 4; depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur as PgError;
    cur = cur.cause as typeof cur;
  }
  return undefined;
}
