// @ts-nocheck
import { expect } from 'vitest';
import type { TestApp, TestUser } from './harness.ts';

export interface AccessCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With `:id` where the item's id goes. */
  url: string;
  /** Administrators only: an ordinary user gets 403. */
  admin?: boolean;
  /** Makes an item owned by `owner` and returns its id: another ordinary user gets 404 for it. */
  owned?: (owner: TestUser) => Promise<number>;
  payload?: unknown;
}

/**
 * A route's access matrix in one line: no token 401; an ordinary user on an admin route 403; another
 * user's item 404. Each refusal must change nothing: the caller's own checks follow.
 */
export async function expectAccess(t: TestApp, c: AccessCase) {
  const owner = await t.user();
  const stranger = await t.user();
  const id = c.owned ? await c.owned(owner) : 999_999;
  const url = c.url.replace(':id', String(id));
  const call = (u: TestUser | null) => t.as(u, { method: c.method, url, payload: c.payload as object });
  expect((await call(null)).statusCode, `${c.method} ${c.url} without a token`).toBe(401);
  if (c.admin) {
    expect((await call(stranger)).statusCode, `${c.method} ${c.url} as an ordinary user`).toBe(403);
  } else if (c.owned) {
    expect((await call(stranger)).statusCode, `${c.method} ${c.url}: another user's item`).toBe(404);
  }
}
