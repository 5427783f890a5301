import { pgError } from '../db/pg-error.ts';

/** PostgreSQL error codes the API turns into answers instead of 500s. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  stringDataRightTruncation: '22001',
  numericOutOfRange: '22003',
  invalidTextRepresentation: '22P02',
  characterNotInRepertoire: '22021',
} as const;

export const isUniqueViolation = (e: unknown, constraint?: string) => {
  const pe = pgError(e);
  return pe?.code === PG.uniqueViolation && (!constraint || pe.constraint === constraint);
};

export const isForeignKeyViolation = (e: unknown) => pgError(e)?.code === PG.foreignKeyViolation;

type Answer = { status: number; error: string | Record<string, string> };
const constraints = new Map<string, Answer>();

/**
 * What a violated constraint means in the spec's words, declared by the feature that owns the table:
 * `constraintAnswer('users_username_key', 409, { username: 'This username is already used.' })`. The
 * error handler answers it, so a race between two writers (both passed the pre-check) is still a 409.
 */
export function constraintAnswer(name: string, status: number, error: Answer['error']) {
  constraints.set(name, { status, error });
}

/** The answer for a database error caused by the request's data, or undefined for a real failure. */
export function answerOf(e: unknown): Answer | undefined {
  const pe = pgError(e);
  if (!pe) return undefined;
  const declared = pe.constraint ? constraints.get(pe.constraint) : undefined;
  if (declared && (pe.code === PG.uniqueViolation || pe.code === PG.foreignKeyViolation)) return declared;
  switch (pe.code) {
    case PG.uniqueViolation:
      return { status: 409, error: 'This value is already used.' };
    case PG.foreignKeyViolation:
      return { status: 409, error: 'This item is referenced elsewhere: the change was refused.' };
    case PG.stringDataRightTruncation:
      return { status: 422, error: 'A value is too long.' };
    case PG.numericOutOfRange:
    case PG.invalidTextRepresentation:
    case PG.characterNotInRepertoire:
      return { status: 422, error: 'A value is not valid.' };
    default:
      return undefined;
  }
}
