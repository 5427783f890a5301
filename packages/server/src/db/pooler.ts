import pg from 'pg';

/*
 * A transaction-pooling PgBouncer in front of PostgreSQL (issue 42 §4, decision 1410). Through it each
 * transaction (or each statement outside one) may run on another server connection, so nothing of a
 * session survives between them: LISTEN, session advisory locks, TEMP tables, SET, named prepared
 * statements. The console sends its ordinary work through DATABASE_URL (the pooler) and what keeps session
 * state through DATABASE_DIRECT_URL (PostgreSQL itself).
 */

export const POOLER_NEEDS_DIRECT =
  'DATABASE_URL goes through a connection pooler (PgBouncer in transaction mode loses session state between ' +
  'transactions). Set DATABASE_DIRECT_URL to PostgreSQL itself (not the pooler) for the connections that keep ' +
  'session state: the live hub and the token check (LISTEN/NOTIFY), the job queue (pg-boss), the senders and ' +
  "accounting pulls' advisory locks, the imports' TEMP tables, the migrations. See docs/operations.md, " +
  '"Deployment".';

export const DIRECT_IS_POOLED =
  'DATABASE_DIRECT_URL goes through a connection pooler too: it must reach PostgreSQL itself (its own host and ' +
  'port, usually 5432), since LISTEN/NOTIFY, advisory locks and TEMP tables need a session of their own.';

/**
 * True when `url` reaches PostgreSQL through a pooler. A server sends each client its process id with the
 * cancel key (BackendKeyData); PgBouncer makes up a key of its own, so the id the client got is not the one
 * of the server process that runs its queries (`pg_backend_pid()`). A NAT or a TCP proxy changes neither.
 */
export async function throughPooler(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return rows[0]?.pid !== (client as unknown as { processID: number | null }).processID;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The URL of the connections that keep session state: DATABASE_URL itself when it reaches PostgreSQL,
 * otherwise DATABASE_DIRECT_URL; without one (or with one through a pooler too) the start stops, saying what
 * is needed.
 */
export async function sessionUrl(url: string, directUrl: string | undefined): Promise<string> {
  if (!(await throughPooler(url))) return url;
  if (!directUrl) throw new Error(POOLER_NEEDS_DIRECT);
  if (await throughPooler(directUrl)) throw new Error(DIRECT_IS_POOLED);
  return directUrl;
}

let named = true;

/**
 * The name of a hot statement (prepared once per connection, decision 1160), or none behind a pooler: a
 * name prepared on one server connection is unknown to the next one (PgBouncer before 1.21 does not track
 * them; Debian 12 ships 1.18), so the statement goes unnamed there and is planned each time.
 */
export const statementName = (name: string): string | undefined => (named ? name : undefined);

/** Set once at start by bootstrap, from what `sessionUrl` found. */
export function namedStatements(on: boolean) {
  named = on;
}
