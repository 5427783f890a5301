// @ts-nocheck
import { z } from 'zod';

/** Ids are PostgreSQL `integer` columns: 1 .. 2^31-1. */
export const MAX_ID = 2_147_483_647;

/** A canonical decimal id: no sign, no leading zeros, no spaces, no hex or exponent, within the column's range. */
export const CANONICAL_ID = /^[1-9]\d{0,9}$/;

/** Whether a raw value (string or number) is an id as the API accepts it. */
export function isId(v: unknown): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1 && v <= MAX_ID;
  return typeof v === 'string' && CANONICAL_ID.test(v) && Number(v) <= MAX_ID;
}

/** Ids of `bigint` columns (e-mails): up to 2^53-1, the largest integer a JSON number keeps exactly. */
export function isBigId(v: unknown): boolean {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 1;
  return typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v) && Number.isSafeInteger(Number(v));
}

/** Parses an id or answers undefined. */
export const toId = (v: unknown): number | undefined => (isId(v) ? Number(v) : undefined);

/** An id in a body or a query: a number or a canonical decimal string, parsed to the number. */
export const idField = (message = 'Invalid id.') =>
  z.union([z.number(), z.string()], { error: message }).refine(isId, message).transform(Number);
