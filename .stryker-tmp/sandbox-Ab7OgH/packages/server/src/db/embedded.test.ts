// @ts-nocheck
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

/**
 * Issue 37, item 3: the embedded PostgreSQL is the console's alone. Its superuser password is made at the
 * first start and kept in `<cluster>.pgpass` (0600); a cluster made with the old `postgres` password gets a
 * new one; it listens on a Unix socket in a private directory, or on 127.0.0.1 when that path is too long.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-embedded-'));
if (process.getuid?.() === 0) fs.chmodSync(root, 0o755);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** The answer of PostgreSQL to `user`/`password` at the cluster's own address (URL); '28P01' is a refused password. */
async function loginCode(url: string, password: string): Promise<string> {
  const u = new URL(url);
  u.password = password;
  return query(u.toString(), 'select 1').then(
    () => 'accepted',
    (e: { code?: string }) => e.code ?? String(e),
  );
}

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('the embedded PostgreSQL', () => {
  const dir = path.join(root, 'pg');

  it('makes a random superuser password at the first start, kept 0600, and refuses postgres/postgres', async () => {
    const db = await startEmbeddedPostgres(dir, { silent: true });
    try {
      const file = `${dir}.pgpass`;
      expect(mode(file)).toBe('600');
      const [line] = fs.readFileSync(file, 'utf8').trim().split('\n');
      // A pgpass line: psql reads it as is (PGPASSFILE), README "Maintenance".
      expect(line).toMatch(/^\*:\*:\*:postgres:[A-Za-z0-9_-]{40,}$/);
      expect(await loginCode(db.url('postgres'), 'postgres')).toBe('28P01');
      expect(await loginCode(db.url('postgres'), line!.split(':')[4]!)).toBe('accepted');
      // A Unix socket in a private directory, and no TCP port at all.
      const socketDir = `${dir}.socket`;
      expect(new URL(db.url('postgres')).searchParams.get('host')).toBe(socketDir);
      expect(mode(socketDir)).toBe('700');
      if (process.getuid?.() === 0) {
        expect(fs.statSync(socketDir).uid).toBe(Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })));
      }
      expect(await query(db.url('postgres'), 'show listen_addresses')).toEqual([{ listen_addresses: '' }]);
    } finally {
      await db.stop();
    }
  }, 120_000);

  it('keeps working across a restart, with the same password', async () => {
    const before = fs.readFileSync(`${dir}.pgpass`, 'utf8');
    const db = await startEmbeddedPostgres(dir, { silent: true });
    try {
      expect(await query(db.url('postgres'), 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(fs.readFileSync(`${dir}.pgpass`, 'utf8')).toBe(before);
    } finally {
      await db.stop();
    }
  }, 120_000);

  it('gives a cluster made with the old postgres/postgres a new password at its next start', async () => {
    // The cluster as the console left it before: superuser password `postgres`, no password file.
    const first = await startEmbeddedPostgres(dir, { silent: true });
    await query(first.url('postgres'), "alter user postgres password 'postgres'");
    await first.stop();
    fs.rmSync(`${dir}.pgpass`);

    const db = await startEmbeddedPostgres(dir, { silent: true });
    try {
      expect(mode(`${dir}.pgpass`)).toBe('600');
      expect(await loginCode(db.url('postgres'), 'postgres')).toBe('28P01');
      expect(await query(db.url('postgres'), 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await db.stop();
    }
  }, 120_000);

  it('falls back to 127.0.0.1 with the password when the socket path would be too long, and says so', async () => {
    const deep = path.join(root, 'd'.repeat(100), 'pg');
    fs.mkdirSync(path.dirname(deep), { recursive: true });
    const said: string[] = [];
    const db = await startEmbeddedPostgres(deep, { silent: true, log: (m) => said.push(m) });
    try {
      expect(said.join('\n')).toMatch(/socket path .* too long .* 127\.0\.0\.1:\d+/);
      expect(new URL(db.url('postgres')).hostname).toBe('127.0.0.1');
      expect(mode(`${deep}.pgpass`)).toBe('600');
      expect(await loginCode(db.url('postgres'), 'postgres')).toBe('28P01');
      expect(await query(db.url('postgres'), 'show listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);
    } finally {
      await db.stop();
    }
  }, 120_000);
});
