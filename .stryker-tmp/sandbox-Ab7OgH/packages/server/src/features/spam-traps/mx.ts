// @ts-nocheck
import type pg from 'pg';
import { SpamTrapMessages as M } from '@console/shared/spam-traps';
import type { AppContext } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import { lookUpMx } from '../../core/dns.ts';
import { conflict } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { revalidate } from '../../suppression/validity.ts';
import { findSpamMx } from './spam-traps.repo.ts';

/*
 * The MX rule (issue 9): a recipient is a spam trap when its domain's MX host is a spam-trap MX. The MX
 * hosts of the lists' domains come from real DNS lookups (core/dns.ts), kept for their TTL in domain_mx
 * and refreshed by a job; the spam-trap MX hosts are dns_records rows of type MX.
 */

/** The lists' domains that use one of these MX hosts now. */
async function domainsUsing(client: pg.ClientBase, hosts: string[]) {
  const { rows } = await client.query<{ domain: string }>('select domain from domain_mx where mx && $1::text[]', [
    hosts,
  ]);
  return rows.map((r) => r.domain);
}

/** Adds spam-trap MX hosts (already listed ones are left) and invalidates their domains' addresses. */
export async function blacklistMxs(client: pg.ClientBase, hosts: string[]) {
  const { rows } = await client.query<{ id: number }>(
    `insert into dns_records (type, value, is_blacklisted) select 'MX', unnest($1::text[]), true
     on conflict (type, value) do update set is_blacklisted = true where not dns_records.is_blacklisted
     returning id`,
    [hosts],
  );
  const domains = rows.length ? await domainsUsing(client, hosts) : [];
  if (domains.length) await revalidate(client, { domains });
  return rows.map((r) => r.id);
}

export async function addSpamMx(ctx: Pick<AppContext, 'db'>, mx: string) {
  const [id] = await inTransaction(ctx.db, (client) => blacklistMxs(client, [mx]));
  if (id === undefined) throw conflict({ mx: M.mxListed });
  return found(await findSpamMx(ctx.db, id));
}

export async function removeSpamMx(ctx: Pick<AppContext, 'db'>, id: number) {
  const current = found(await findSpamMx(ctx.db, id), 'MX record not found.');
  await inTransaction(ctx.db, async (client) => {
    await client.query('delete from dns_records where id = $1', [id]);
    const domains = await domainsUsing(client, [current.value]);
    if (domains.length) await revalidate(client, { domains });
  });
}

/** Domains to look up per run, and questions in flight at once. */
const BATCH = 2000;
const CONCURRENCY = 16;

/**
 * Looks up the MX of the lists' domains that have no answer yet or whose answer expired (at most
 * `limit`), stores the answers with their TTL, and revalidates the domains whose MX moved onto or off a
 * spam-trap MX. A failed lookup keeps the previous answer and is asked again in ten minutes.
 */
export async function refreshMx(ctx: Pick<AppContext, 'db' | 'env'>, limit = BATCH) {
  const { rows } = await ctx.db.$client.query<{ domain: string }>(
    `select d.domain from (select distinct split_part(email, '@', 2) as domain from emails) d
     left join domain_mx m on m.domain = d.domain
     where d.domain <> '' and (m.domain is null or m.expires_at <= now())
     order by m.expires_at nulls first limit $1`,
    [limit],
  );
  const domains = rows.map((r) => r.domain);
  const answers: { domain: string; hosts: string[] | null; ttl: number; error: string | null }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < domains.length) {
      const domain = domains[next++]!;
      try {
        const { hosts, ttl } = await lookUpMx(ctx.env, domain);
        answers.push({ domain, hosts, ttl, error: null });
      } catch (e) {
        answers.push({ domain, hosts: null, ttl: 600, error: (e as Error).message.slice(0, 500) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, domains.length) }, worker));
  if (!answers.length) return { looked: 0, revalidated: 0 };
  return inTransaction(ctx.db, async (client) => {
    // Domains trapped by MX before and after the answers: those whose state may change.
    const trapped = `select m.domain from domain_mx m join dns_records r on r.type = 'MX' and r.is_blacklisted
                     and r.value = any(m.mx) where m.domain = any($1::text[])`;
    const before = await client.query<{ domain: string }>(trapped, [domains]);
    await client.query(
      `insert into domain_mx (domain, mx, checked_at, expires_at, error)
       select a.domain, coalesce(a.hosts, '{}'), now(), now() + make_interval(secs => a.ttl), a.error
       from jsonb_to_recordset($1::jsonb) as a(domain text, hosts text[], ttl int, error text)
       on conflict (domain) do update set
         mx = case when excluded.error is null then excluded.mx else domain_mx.mx end,
         checked_at = excluded.checked_at, expires_at = excluded.expires_at, error = excluded.error`,
      [JSON.stringify(answers)],
    );
    const after = await client.query<{ domain: string }>(trapped, [domains]);
    const moved = [...new Set([...before.rows, ...after.rows].map((r) => r.domain))];
    const revalidated = moved.length ? await revalidate(client, { domains: moved }) : 0;
    return { looked: answers.length, revalidated };
  });
}
