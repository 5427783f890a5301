import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import type { ApiError } from '@console/shared/hydra';
import { pgError } from '../db/pg-error.ts';
import { answerOf } from './db-errors.ts';

/** The one error type of the API: an HTTP status and the body's `error` (a string or field -> message). */
export class AppError extends Error {
  readonly status: number;
  readonly error: ApiError;

  constructor(status: number, error: ApiError) {
    super(typeof error === 'string' ? error : JSON.stringify(error));
    this.status = status;
    this.error = error;
  }
}

export const notFound = (what = 'Not found.') => new AppError(404, what);
export const forbidden = (what = 'Access denied.') => new AppError(403, what);
export const badRequest = (error: ApiError) => new AppError(400, error);
export const invalid = (error: ApiError) => new AppError(422, error);
export const conflict = (error: ApiError) => new AppError(409, error);

/** First message per field, keyed by the dotted path (the form shows them as field/message pairs). */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'error';
    out[key] ??= issue.message;
  }
  return out;
}

export const fromZod = (e: ZodError) => invalid(fieldErrors(e.issues));

/**
 * What may be logged of an unexpected error: its class, code and message, never the failed query's
 * parameters (drizzle puts them, password hashes included, in the message after 'params:').
 */
export function loggable(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; code?: string; message?: string; stack?: string; cause?: unknown };
  const pe = pgError(err);
  const message = String(e.message ?? err)
    .replace(/\nparams:[\s\S]*$/, '')
    .slice(0, 2000);
  return {
    type: e.name,
    code: pe?.code ?? e.code,
    constraint: pe?.constraint,
    message: pe ? `${message.split('\n')[0]!.slice(0, 300)} (${(pe as { message?: string }).message ?? ''})` : message,
    stack: pe ? undefined : e.stack?.split('\n').slice(1, 6).join('\n'),
  };
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send({ error: err.error });
    // A database error the request's data caused (a unique value taken meanwhile, a value PostgreSQL refuses).
    const answer = answerOf(err);
    if (answer) return reply.status(answer.status).send({ error: answer.error });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.status(422).send({ error: fieldErrors(issues) });
    }
    // Fastify's and its plugins' client errors (bad JSON, content type, a cut multipart body) carry a
    // 4xx status (some only as `status`); an FST_ code without one is still the client's doing.
    const status = err.statusCode ?? (err as { status?: number }).status ?? (/^FST_/.test(err.code ?? '') ? 400 : 500);
    if (status >= 500) {
      req.log.error({ err: loggable(err) }, 'request failed');
      return reply.status(500).send({ error: 'Internal Server Error' });
    }
    return reply.status(status).send({ error: err.message });
  });
}
