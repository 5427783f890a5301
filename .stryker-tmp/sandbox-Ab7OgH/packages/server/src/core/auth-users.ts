// @ts-nocheck
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Hub } from './hub.ts';

/** What the token check needs of a user. */
export interface AuthRow {
  id: number;
  username: string;
  roles: string[];
  isActive: boolean;
  tokenGeneration: number;
}

/**
 * The longest an entry is believed without a read. Every change reaches every process at once through the
 * hub (the `users_changed` trigger); this only bounds a change that a dying listener connection missed
 * before the process noticed the loss (decision 1331).
 */
export const AUTH_CACHE_TTL_MS = 60_000;

/**
 * The users that access tokens name, as the token check reads them on every request: kept in memory, so
 * a request costs no query, and forgotten when the hub says a user changed (in any process) or when this
 * process changes one itself (`forget`, at once, before it answers). While the hub hears nothing (its
 * connection lost), every request reads the database, as before the cache.
 */
export class AuthUsers {
  private readonly rows = new Map<number, { row: AuthRow | undefined; at: number }>();
  /** Counts forgets: a read that overlapped one may hold the old row, and is not kept. */
  private forgets = 0;
  private readonly db: Db;
  private readonly hub: Hub;
  private readonly unwatch: () => void;

  constructor(db: Db, hub: Hub) {
    this.db = db;
    this.hub = hub;
    this.unwatch = hub.watchUsers((id) => this.forget(id ?? undefined));
  }

  async get(id: number): Promise<AuthRow | undefined> {
    const hit = this.rows.get(id);
    if (hit && this.hub.listening && Date.now() - hit.at < AUTH_CACHE_TTL_MS) return hit.row;
    const seen = this.forgets;
    const [row] = await this.db
      .select({
        id: users.id,
        username: users.username,
        roles: users.roles,
        isActive: users.isActive,
        tokenGeneration: users.tokenGeneration,
      })
      .from(users)
      .where(eq(users.id, id));
    if (seen === this.forgets && this.hub.listening) this.rows.set(id, { row, at: Date.now() });
    return row;
  }

  /** One user (or everyone) is read again on their next request. */
  forget(id?: number) {
    this.forgets++;
    if (id === undefined) this.rows.clear();
    else this.rows.delete(id);
  }

  stop() {
    this.unwatch();
    this.rows.clear();
  }
}
