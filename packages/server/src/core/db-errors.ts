/** PostgreSQL error codes the API turns into answers instead of 500s. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  stringDataRightTruncation: '22001',
  numericOutOfRange: '22003',
  invalidTextRepresentation: '22P02',
  characterNotInRepertoire: '22021',
} as const;

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

export const isUniqueViolation = (e: unknown, constraint?: string) => {
  const pe = pgError(e);
  return pe?.code === PG.uniqueViolation && (!constraint || pe.constraint === constraint);
};

export const isForeignKeyViolation = (e: unknown) => pgError(e)?.code === PG.foreignKeyViolation;
