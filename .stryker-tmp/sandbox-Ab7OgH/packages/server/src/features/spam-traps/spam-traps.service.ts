// @ts-nocheck
import type pg from 'pg';
import { SpamTrapMessages as M } from '@console/shared/spam-traps';
import type { AppContext } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import { conflict, invalid } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { revalidate } from '../../suppression/validity.ts';
import { findSpamDomain, findSpamEmail } from './spam-traps.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * Blacklists domains: a mail service's domain is flagged, another is added flagged. Returns the ids
 * newly blacklisted. Every list's e-mails at them turn invalid in the same transaction.
 */
export async function blacklistDomains(client: pg.ClientBase, domains: string[]) {
  const { rows } = await client.query<{ id: number }>(
    `insert into mail_provider_domains (domain, is_blacklisted) select unnest($1::text[]), true
     on conflict (domain) do update set is_blacklisted = true where not mail_provider_domains.is_blacklisted
     returning id`,
    [domains],
  );
  if (rows.length) await revalidate(client, { domains });
  return rows.map((r) => r.id);
}

export async function addSpamDomain(ctx: Ctx, domain: string) {
  const [id] = await inTransaction(ctx.db, (client) => blacklistDomains(client, [domain]));
  if (id === undefined) throw conflict({ domain: M.domainListed });
  return found(await findSpamDomain(ctx.db, id));
}

/** A mail service's domain is only unflagged; a domain of nobody's is deleted. Its e-mails may turn valid. */
export async function removeSpamDomain(ctx: Ctx, id: number) {
  const current = found(await findSpamDomain(ctx.db, id), 'Domain not found.');
  await inTransaction(ctx.db, async (client) => {
    await client.query(
      `with gone as (delete from mail_provider_domains where id = $1 and mail_provider_id is null returning id)
       update mail_provider_domains set is_blacklisted = false where id = $1 and not exists (select 1 from gone)`,
      [id],
    );
    await revalidate(client, { domains: [current.domain] });
  });
}

export async function addSpamEmail(ctx: Ctx, email: string, info: string | null) {
  const id = await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into spam_emails (email, info) values ($1, $2) on conflict do nothing returning id`,
      [email, info],
    );
    if (!rows[0]) throw conflict({ email: M.emailListed });
    await revalidate(client, { emails: [email] });
    return rows[0].id;
  });
  return found(await findSpamEmail(ctx.db, id));
}

export async function removeSpamEmail(ctx: Ctx, id: number) {
  found(await findSpamEmail(ctx.db, id), 'Email not found.');
  await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ email: string }>('delete from spam_emails where id = $1 returning email', [
      id,
    ]);
    if (rows[0]) await revalidate(client, { emails: [rows[0].email] });
  });
}

/** A spam-trap domain renamed: the old domain's addresses may turn valid, the new one's invalid. */
export async function renameSpamDomain(ctx: Ctx, id: number, domain: string) {
  const current = found(await findSpamDomain(ctx.db, id), 'Domain not found.');
  if (current.mailProvider) throw invalid({ domain: M.providerDomain });
  if (current.domain === domain) return current;
  await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `update mail_provider_domains set domain = $2 where id = $1
       and not exists (select 1 from mail_provider_domains where domain = $2) returning id`,
      [id, domain],
    );
    if (!rows[0]) throw conflict({ domain: M.domainListed });
    await revalidate(client, { domains: [current.domain, domain] });
  });
  return found(await findSpamDomain(ctx.db, id));
}

/** A spam-trap e-mail changed: both addresses are revalidated. */
export async function updateSpamEmail(ctx: Ctx, id: number, email: string, info: string | null) {
  const current = found(await findSpamEmail(ctx.db, id), 'Email not found.');
  await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `update spam_emails set email = $2, info = $3 where id = $1
       and ($2 = (select email from spam_emails where id = $1) or not exists (select 1 from spam_emails where email = $2))
       returning id`,
      [id, email, info],
    );
    if (!rows[0]) throw conflict({ email: M.emailListed });
    await revalidate(client, { emails: [...new Set([current.email, email])] });
  });
  return found(await findSpamEmail(ctx.db, id));
}
