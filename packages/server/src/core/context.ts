import type { Scope } from './access.ts';
import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import type { Hub } from './hub.ts';
import type { AuthUsers } from './auth-users.ts';
import type { Jobs } from './jobs.ts';

/** What every feature needs, built once in main.ts (or per test) and hung on the Fastify instance. */
export interface AppContext {
  env: Env;
  db: Db;
  databaseUrl: string;
  secret: Uint8Array;
  hub: Hub;
  jobs: Jobs;
  /** The users access tokens name, cached for the token check (core/auth-users.ts). */
  authUsers: AuthUsers;
}

/**
 * What an import's heavy part needs, in a worker thread of its own (core/imports/thread.ts): the AppContext
 * minus what cannot cross a thread (the jobs, the live hub, the token cache). Its `db` is the thread's own
 * small pool.
 */
export type RunContext = Pick<AppContext, 'env' | 'db' | 'databaseUrl' | 'secret'>;

export interface AuthUser {
  id: number;
  username: string;
  roles: string[];
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** Administrators only; others get 403. */
    admin?: boolean;
    /**
     * A list route's rows, declared as collections declare them (core/access.ts `Scope`): the route walk
     * refuses a list without one and `list-scope.test.ts` checks what each shows to another owner.
     */
    scope?: Scope;
  }
}
