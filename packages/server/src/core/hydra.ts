import { z } from 'zod';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, type HydraCollection } from '@console/shared/hydra';

/** Query keys every collection understands. Filters of a resource are added with `.extend()`. */
export const collectionQuery = z
  .object({
    _page: z.coerce.number().int().min(1).default(1),
    itemsPerPage: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
    pagination: z.enum(['true', 'false']).optional(),
    'groups[]': z.union([z.string(), z.array(z.string())]).optional(),
  })
  .loose();
export type CollectionQuery = z.infer<typeof collectionQuery>;

/** `groups[]=select`: light `{id, name}` rows for selectors. */
export const wantsSelect = (q: CollectionQuery) => [q['groups[]']].flat().includes('select');

/** limit/offset for the page, or nothing with `pagination=false`. */
export function pageOf(q: CollectionQuery): { limit?: number; offset?: number } {
  if (q.pagination === 'false') return {};
  return { limit: q.itemsPerPage, offset: (q._page - 1) * q.itemsPerPage };
}

/** `order[field]=asc|desc` for the fields a resource allows; `fallback` keeps paging stable. */
export function orderOf(q: CollectionQuery, allowed: Record<string, AnyColumn>, fallback: SQL): SQL[] {
  const out: SQL[] = [];
  for (const [key, value] of Object.entries(q)) {
    const m = /^order\[(.+)\]$/.exec(key);
    const column = m && allowed[m[1]!];
    if (column) out.push(String(value).toLowerCase() === 'desc' ? desc(column) : asc(column));
  }
  out.push(fallback);
  return out;
}

export const hydra = <T>(members: T[], total: number): HydraCollection<T> => ({
  'hydra:member': members,
  'hydra:totalItems': total,
});

/** Reads an optional numeric filter such as `user.id` or `category`; ignores what is not a number. */
export function numberFilter(q: Record<string, unknown>, key: string): number | undefined {
  const raw = q[key];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Case-insensitive "contains" pattern with LIKE wildcards escaped. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
