// @ts-nocheck
import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.ts';

export const NUL_MESSAGE = 'Must not contain a NUL character.';

/** The dotted path of the first string (or key) holding a NUL character, or undefined. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') || 'error' : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  // for...in over own keys, and the path built only on a find: every request's params, query and body pass
  // here, and almost none holds a NUL (bench/track's profile, decision 1210).
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (k.includes('\0')) return [...path, k.replaceAll('\0', '')].join('.');
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === 'string' ? !v.includes('\0') : !v || typeof v !== 'object') continue;
    const found = findNul(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text, so a NUL anywhere in a path, query or body is refused
 * before any route runs: 422 naming the field, and nothing changed (multipart fields and file names are
 * checked as they stream, in core/uploads.ts).
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook: the check is synchronous, and an async hook costs a promise on every request.
  app.addHook('preValidation', (req, _reply, done) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = findNul(part);
      if (field) return done(invalid({ [field]: NUL_MESSAGE }));
    }
    done();
  });
}
