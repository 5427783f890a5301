import { describe, expect, it } from 'vitest';
import { notReady, whenDatabaseReady } from './ready.ts';

const pgFailure = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a start the database cannot take yet', () => {
  it('is told apart from a start refused for good', () => {
    expect(notReady(pgFailure('53300', 'sorry, too many clients already'))).toBe('sorry, too many clients already');
    expect(notReady(pgFailure('57P03', 'the database system is starting up'))).toBeDefined();
    expect(notReady(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432',
    );
    // drizzle wraps the driver's error in `cause` (a migration's first statement).
    expect(notReady(new Error('Failed query', { cause: pgFailure('57P01', 'terminating connection') }))).toBeDefined();
    expect(notReady(new Error('Connection terminated unexpectedly'))).toBeDefined();
    // A wrong password, a missing role, a failed migration, a pooler without its direct URL: no wait helps.
    expect(notReady(pgFailure('28P01', 'password authentication failed for user "console"'))).toBeUndefined();
    expect(notReady(pgFailure('42P01', 'relation "x" does not exist'))).toBeUndefined();
    expect(notReady(new Error('Set DATABASE_DIRECT_URL to PostgreSQL itself'))).toBeUndefined();
  });

  it('starts again after 1, 2, 4, 8, then every 10 s, saying why, until it starts', async () => {
    const said: string[] = [];
    const waited: number[] = [];
    let tries = 0;
    const started = await whenDatabaseReady(
      async () => {
        if (++tries < 7) throw pgFailure('53300', 'sorry, too many clients already');
        return 'started';
      },
      (m) => said.push(m),
      async (ms) => waited.push(ms),
    );
    expect(started).toBe('started');
    expect(waited).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(said[0]).toBe(
      'the database cannot take this process yet (sorry, too many clients already): starting again in 1 s',
    );
  });

  it('stops at once on any other failure', async () => {
    let tries = 0;
    const failing = whenDatabaseReady(
      async () => {
        tries++;
        throw pgFailure('28P01', 'password authentication failed');
      },
      () => {},
      async () => {},
    );
    await expect(failing).rejects.toThrow('password authentication failed');
    expect(tries).toBe(1);
  });
});
