import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { DEFAULT_PAGE_SIZE, hydraOf, itemsOf, selectItem, type SelectItem } from '@console/shared/hydra';
import { searchText } from '@console/shared/fields';
import { isId } from '@console/shared/ids';
import type { Executor } from '../db/client.ts';
import type { AuthUser } from './context.ts';
import { scopeWhere, type Scope } from './access.ts';
import { reportDb } from './reports.ts';
import { rowCount } from './row-counts.ts';

/**
 * One collection definition per resource: paging, `pagination=false`, `groups[]=select`, `order[...]`,
 * filters, owner scoping, the total and the envelope, decided here once. Docs: docs/conventions.md.
 */

/** A filter of the query string: how its value parses and the condition it adds. */
export interface Filter<V> {
  schema: z.ZodType<V | undefined, unknown>;
  where: (value: V) => SQL | undefined;
  /** Applied for administrators only (the owner filter: everyone else always gets their own rows). */
  adminOnly?: boolean;
  /** A text search: a page with few matches is found among them, not by walking an index (decision 1512). */
  search?: boolean;
}

/** A whole number in a query string: digits only (`1e1`, `0x10`, ` 5` are refused), within `max`. */
const queryInt = (message: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: message })
    .refine((v) => /^\d{1,10}$/.test(String(v)) && Number(v) <= max, message)
    .transform(Number);

/** An id in a query string: `7` or an IRI `/api/categories/7`. */
const queryId = z
  .string({ error: 'Invalid id.' })
  .refine((v) => isId(v.split('/').pop()) && /^(\/api\/[a-z_-]+\/)?\d+$/.test(v), 'Invalid id.')
  .transform((v) => Number(v.split('/').pop()))
  .optional();

const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** The filters resources are made of. */
export const filters = {
  /** Case-insensitive "contains", LIKE wildcards escaped. */
  contains: (column: AnyColumn | SQL, label?: string): Filter<string> => ({
    schema: searchText(label),
    where: (v) => ilike(column, containsPattern(v)),
    search: true,
  }),
  /** An id (or IRI) equal to the column, e.g. `user.id`, `category`. */
  id: (column: AnyColumn): Filter<number> => ({ schema: queryId, where: (v) => eq(column, v) }),
  /** A value parsed by `schema` (an enumeration), stored as `toColumn` gives it: `type=offer` -> 0. */
  equals: <V>(column: AnyColumn, schema: z.ZodType<V, unknown>, toColumn: (v: V) => unknown = (v) => v): Filter<V> => ({
    schema: schema.optional(),
    where: (v) => eq(column, toColumn(v)),
  }),
  /** An id (or IRI) that picks rows by a condition of its own, e.g. socks used by a group's relays. */
  idMatch: (where: (id: number) => SQL): Filter<number> => ({ schema: queryId, where }),
  /** `user.id`: administrators filter by owner; an ordinary user's value is ignored (they see their own). */
  owner: (column: AnyColumn): Filter<number> => ({ schema: queryId, where: (v) => eq(column, v), adminOnly: true }),
  /** `true|false|1|0` equal to a boolean column, e.g. `pmtaServer.isVps`. */
  bool: (column: AnyColumn | SQL): Filter<boolean> => ({ schema: queryBool, where: (v) => sql`${column} = ${v}` }),
  /** `archive[exists]=true|false`: whether the column is set. */
  exists: (column: AnyColumn): Filter<boolean> => ({
    schema: queryBool,
    where: (v) => (v ? isNotNull(column) : isNull(column)),
  }),
};

/** Matches of a text search few enough to be found, sorted and counted at once for a page (decision 1512). */
const FEW_MATCHES = 50_000;

/** Case-insensitive "contains" pattern with LIKE wildcards escaped. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any filter (its value type does not matter once the query schema has parsed it). */
export type AnyFilter = {
  schema: z.ZodType;
  where: (value: never) => SQL | undefined;
  adminOnly?: boolean;
  search?: boolean;
};

export interface CollectionDef<F extends SelectedFields, Out> {
  table: PgTable;
  /** The full row. Joined tables' values come as `sql` fields or through `join`. */
  fields: F;
  /** Joins the fields need (`q.innerJoin(...)`). */
  join?: (q: PgSelect) => PgSelect;
  /**
   * The joins a page's keys and the total are found with, when fewer than `join` (decision 1502): only those
   * that can drop a row or that a filter, the scope or a sortable field reads. Each join costs PostgreSQL
   * planning time in all three parts of a page's statement; `join`'s by default.
   */
  keysJoin?: (q: PgSelect) => PgSelect;
  /** Who sees which rows (core/access.ts `Scope`): `ownedBy(offers.userId)`, `'global'`, `'adminOnly'`... */
  scope: Scope;
  /** The rows of `table` the resource is made of, for everyone (the MX records among the DNS records). */
  where?: SQL;
  filters?: Record<string, AnyFilter>;
  /** `order[key]` the API accepts; other keys are ignored, never passed to SQL. */
  sortable?: Record<string, AnyColumn | SQL>;
  /** Default order, ending with a unique column so that pages never overlap. */
  order: SQL[];
  /** Light rows of `groups[]=select`: {id, name} by default, by name. */
  select?: { fields: SelectedFields; order: SQL[] };
  /** `hydra` (default) or `items` ({items, totalItems}: e-mail lists and e-mails). */
  envelope?: 'hydra' | 'items';
  pageSize?: number;
  /** The API's shape of a row (dates as ISO strings, owner ids dropped...). */
  present?: (row: SelectResultFields<F>) => Out;
  /** The response schema of one row (packages/shared): it documents the answer in /api/docs and shapes it. */
  item: z.ZodType<Out>;
}

export interface CollectionOptions {
  /** Extra conditions, e.g. the parent of a nested collection (the e-mails of one list). */
  where?: SQL;
  /** A total known without counting (a maintained counter); skips the count. */
  total?: number;
}

/** A route plugin's app (its requests typed by their zod schemas). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** How a list's GET route differs from the plain one (`collection.serveList`). */
export interface ListRouteOptions {
  tags: string[];
  /** The route's config: `{ admin: true }` for an administrators' list (the scope is the collection's). */
  config?: FastifyContextConfig;
  /** A report's list: read from the report database, its lag in `x-data-age` (core/reports.ts, decision 1411). */
  report?: boolean;
  /** A table whose count the database keeps: an unfiltered page takes its total there (decision 1461). */
  rowCount?: Parameters<typeof rowCount>[1];
}

export type Page<T> = { 'hydra:member': T[]; 'hydra:totalItems': number } | { items: T[]; totalItems: number };

export function defineCollection<F extends SelectedFields, Out = SelectResultFields<F>>(def: CollectionDef<F, Out>) {
  const filterDefs = (def.filters ?? {}) as Record<string, Filter<unknown>>;
  const orderKeys = Object.keys(def.sortable ?? {}).map((k) => `order[${k}]`);
  const pageSize = def.pageSize ?? DEFAULT_PAGE_SIZE;
  const columns = getTableColumns(def.table) as Record<string, PgColumn | undefined>;
  /** The unique key a page is found by (every table here has an `id`). */
  const key = columns.id;
  /** `groups[]=select`: {id, name}, by default the table's own; a resource with neither lists full rows. */
  const selectFields =
    def.select ?? (key && columns.name ? { fields: { id: key, name: columns.name }, order: [] as SQL[] } : undefined);

  /** The query string: the shared keys, one per filter, one per sortable field; unknown keys are ignored. */
  const query = z
    .object({
      _page: queryInt('Invalid page.', 1_000_000)
        .refine((n) => n >= 1, 'Invalid page.')
        .default(1),
      itemsPerPage: queryInt('Invalid itemsPerPage.', 1000)
        .refine((n) => n >= 1, 'Invalid itemsPerPage.')
        .default(pageSize),
      pagination: z.enum(['true', 'false']).optional(),
      'groups[]': z.union([z.string().max(50), z.array(z.string().max(50)).max(10)]).optional(),
      ...Object.fromEntries(orderKeys.map((k) => [k, z.enum(['asc', 'desc', 'ASC', 'DESC']).optional()])),
      ...Object.fromEntries(Object.entries(filterDefs).map(([k, f]) => [k, f.schema])),
    })
    .loose();
  type Query = z.infer<typeof query>;

  const conditions = (user: AuthUser, q: Record<string, unknown>, extra?: SQL) =>
    and(
      def.where,
      scopeWhere(def.scope, user, extra),
      extra,
      ...Object.entries(filterDefs).map(([k, f]) =>
        q[k] === undefined || (f.adminOnly && !user.isAdmin) ? undefined : f.where(q[k]),
      ),
    );

  /** The `order[...]` the client asked for, in the order of the query string. */
  const requested = (q: Record<string, unknown>): SQL[] => {
    const out: SQL[] = [];
    for (const [key, value] of Object.entries(q)) {
      const m = /^order\[(.+)\]$/.exec(key);
      const column = m && def.sortable?.[m[1]!];
      if (column && typeof value === 'string') out.push(value.toLowerCase() === 'desc' ? desc(column) : asc(column));
    }
    return out;
  };

  /** `select <fields> from <table> <joins>`, typed loosely: the row type comes from `fields`. */
  const from = (db: Executor, fields: SelectedFields, join = def.join): PgSelect => {
    const q = db.select(fields).from(def.table).$dynamic() as unknown as PgSelect;
    return join ? join(q) : q;
  };
  const keysJoin = def.keysJoin ?? def.join;

  const envelope = <T>(rows: T[], total: number): Page<T> =>
    def.envelope === 'items' ? { items: rows, totalItems: total } : { 'hydra:member': rows, 'hydra:totalItems': total };

  /** `count(*)` of the rows under `where`, found with the keys' joins. */
  const count = (db: Executor, where: SQL | undefined) =>
    from(db, { n: sql<number>`count(*)::int` }, keysJoin).where(where);

  /**
   * A text search's page (decision 1512). PostgreSQL takes the matches to be spread evenly over the table, so
   * to fill a page it may walk the order's index testing each row: for an old address, most of the table. So
   * the matches are found first, with index scans off (a bitmap of the trigram index, read once), their keys
   * sorted and counted; when they are few the page is those keys' rows. When there are more, the walk meets a
   * page of them soon: the plain statement runs (undefined).
   */
  async function searchPage<T>(
    tx: Executor,
    fields: SelectedFields,
    order: SQL[],
    where: SQL | undefined,
    q: Query,
  ): Promise<{ rows: T[]; total: number } | undefined> {
    await tx.execute(
      sql`select set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`,
    );
    const matched = (await from(tx, { key: key! }, keysJoin)
      .where(where)
      .orderBy(...order)
      .limit(FEW_MATCHES + 1)) as { key: unknown }[];
    if (matched.length > FEW_MATCHES) return undefined;
    const start = (q._page - 1) * q.itemsPerPage;
    const keys = matched.slice(start, start + q.itemsPerPage).map((m) => m.key);
    const rows = keys.length
      ? ((await from(tx, fields)
          .where(inArray(key!, keys))
          .orderBy(...order)) as T[])
      : [];
    return { rows, total: matched.length };
  }

  async function run<T>(
    db: Executor,
    fields: SelectedFields,
    order: SQL[],
    where: SQL | undefined,
    q: Query,
    known?: number,
  ): Promise<{ rows: T[]; total: number }> {
    const searching = Object.entries(filterDefs).some(([k, f]) => f.search && q[k] !== undefined);
    if (searching && key && known === undefined && q.pagination !== 'false') {
      const found = await db.transaction((tx) => searchPage<T>(tx, fields, order, where, q), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      if (found) return found;
    }
    const paged = q.pagination !== 'false';
    // The total rides along as a scalar subquery: one statement and one snapshot, and PostgreSQL runs it
    // once (an InitPlan), so the page itself still comes straight from an index. (A window count would
    // push every matching row through the window first: about four times slower on 200k rows.)
    const counted = paged && known === undefined ? { ...fields, __total: sql<number>`(${count(db, where)})` } : fields;
    // A deferred join: the page's keys are found first on narrow rows (sorting 100,000 ids is cheap, sorting
    // 100,000 full rows with their joined JSON is not), then only those rows are built. Same statement.
    const keys = () =>
      from(db, { key: key! }, keysJoin)
        .where(where)
        .orderBy(...order)
        .limit(q.itemsPerPage)
        .offset((q._page - 1) * q.itemsPerPage);
    const stmt = from(db, counted)
      .where(paged && key ? inArray(key, keys()) : where)
      .orderBy(...order);
    const raw = (
      paged && !key ? await stmt.limit(q.itemsPerPage).offset((q._page - 1) * q.itemsPerPage) : await stmt
    ) as (T & { __total?: number })[];
    let total = known ?? (paged ? raw[0]?.__total : raw.length);
    if (total === undefined) {
      // A page past the end has no row to carry the count.
      const [c] = (await count(db, where)) as { n: number }[];
      total = c!.n;
    }
    const rows = raw.map((r) => {
      if (r && '__total' in r) delete r.__total;
      return r as T;
    });
    return { rows, total };
  }

  const wrap = def.envelope === 'items' ? itemsOf : hydraOf;
  /** What the list answers: full rows, or the light `groups[]=select` rows. */
  const response = z.union([wrap(def.item), wrap(selectItem)]);

  const collection = {
    query,
    response,
    item: def.item,
    scope: def.scope,
    /**
     * The list's GET route, whole: its query (malformed values 422), its answer, its scope (`config.scope`,
     * decision 1420) and one page of what the caller may see. Decision 1490.
     */
    serveList(app: ZodApp, path: string, o: ListRouteOptions): void {
      const { ctx } = app;
      app.get(
        path,
        {
          config: { ...o.config, scope: def.scope },
          schema: { tags: o.tags, querystring: query, response: { 200: response } },
        },
        async (req, reply) => {
          const db = o.report ? await reportDb(ctx, reply) : ctx.db;
          const known =
            o.rowCount && collection.whole(req.user, req.query) ? await rowCount(db, o.rowCount) : undefined;
          return collection.list(db, req.user, req.query, { total: known });
        },
      );
    },
    pageSize,
    /** One page (or all rows) of what `user` may see, in the resource's envelope. */
    async list(
      db: Executor,
      user: AuthUser,
      q: Query,
      opts: CollectionOptions = {},
    ): Promise<Page<Out> | Page<SelectItem>> {
      const where = conditions(user, q, opts.where);
      if (selectFields && [q['groups[]']].flat().includes('select')) {
        const select = selectFields;
        const order = [...requested(q), ...select.order, ...def.order];
        const { rows, total } = await run<SelectItem>(db, select.fields, order, where, q);
        return envelope(rows, total);
      }
      const { rows, total } = await run<SelectResultFields<F>>(
        db,
        def.fields,
        [...requested(q), ...def.order],
        where,
        q,
        opts.total,
      );
      return envelope(def.present ? rows.map(def.present) : (rows as unknown as Out[]), total);
    },
    /**
     * Whether a page's total is every row of the table (no filter, no fixed condition, a scope that hides
     * nothing from `user`): then a count the database keeps may stand for `count(*)` (decision 1461).
     */
    whole(user: AuthUser, q: Record<string, unknown>): boolean {
      return (
        !def.where &&
        !scopeWhere(def.scope, user, undefined) &&
        Object.keys(filterDefs).every((k) => q[k] === undefined)
      );
    },
    /** How many rows `user` may see under the query's filters and `where` (the relays' Poor count). */
    async count(db: Executor, user: AuthUser, q: Query, where?: SQL): Promise<number> {
      const [c] = (await count(db, conditions(user, q, where))) as { n: number }[];
      return c!.n;
    },
    /** The list's condition for `user` and the query's filters (an export streams the same rows: core/csv.ts). */
    where: (user: AuthUser, q: Query, extra?: SQL): SQL => conditions(user, q, extra) ?? sql`true`,
    /**
     * One row by a condition (usually its id), scoped like the list: undefined when `user` may not see it.
     * `null` skips the scope, for a caller that has already decided (an administrators' route, a service).
     */
    async one(db: Executor, user: AuthUser | null, where: SQL): Promise<Out | undefined> {
      const [row] = await from(db, def.fields)
        .where(and(def.where, user ? scopeWhere(def.scope, user, where) : undefined, where))
        .limit(1);
      return row && (def.present ? def.present(row as SelectResultFields<F>) : (row as unknown as Out));
    },
  };
  return collection;
}
