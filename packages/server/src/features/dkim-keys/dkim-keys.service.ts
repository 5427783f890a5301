import crypto from 'node:crypto';
import { promisify } from 'node:util';
import {
  DkimKeyMessages as M,
  dkimDnsMessages,
  dnsNameOf,
  type DkimDnsCheck,
  type DkimDnsStatus,
  type DkimKey,
  type DkimKeyInput,
  onDomain,
} from '@console/shared/dkim-keys';
import { invalid } from '../../core/errors.ts';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found, ownerFor, assertUser } from '../../core/access.ts';
import { createResolver } from '../../core/dns.ts';
import { seal } from '../../core/sealed.ts';
import {
  deleteDkimKeyRow,
  findDkimKey,
  insertDkimKey,
  publicKeyOf,
  recordDnsCheck,
  setComplaintAddress,
} from './dkim-keys.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'secret' | 'env'>;
const generateKeyPair = promisify(crypto.generateKeyPair);

export async function getDkimKey(ctx: Pick<Ctx, 'db'>, actor: AuthUser, id: number): Promise<DkimKey> {
  return found(await findDkimKey(ctx.db, actor, id));
}

/** A new 2048-bit RSA key for the owner's domain, sealed at rest like the PMTA relays' keys (409 for a second). */
export async function createDkimKey(ctx: Ctx, actor: AuthUser, input: DkimKeyInput) {
  const userId = ownerFor(actor, input.user);
  await assertUser(ctx.db, userId, M.userNotFound);
  const { privateKey, publicKey } = await generateKeyPair('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  const id = await insertDkimKey(ctx.db, {
    userId,
    domain: input.domain,
    selector: input.selector,
    privateKeyEnc: seal(ctx.secret, privateKey),
    publicKey: publicKey.toString('base64'),
  });
  return getDkimKey(ctx, actor, id);
}

/** Sets or removes the domain's CFBL complaint address (decision 1392): on the domain or a subdomain. */
export async function updateComplaintAddress(ctx: Ctx, actor: AuthUser, id: number, address: string | null) {
  const key = await getDkimKey(ctx, actor, id);
  if (address !== null && !onDomain(address, key.domain))
    throw invalid({ complaintAddress: M.complaintAddressDomain(key.domain) });
  await setComplaintAddress(ctx.db, id, address);
  return getDkimKey(ctx, actor, id);
}

export async function deleteDkimKey(ctx: Ctx, actor: AuthUser, id: number) {
  await getDkimKey(ctx, actor, id);
  await deleteDkimKeyRow(ctx.db, id);
}

/** The `p=` of a DKIM record (RFC 6376 3.6.1), whitespace removed; null when it has none. */
export function publicKeyInRecord(record: string): string | null {
  for (const tag of record.split(';')) {
    const i = tag.indexOf('=');
    if (i > 0 && tag.slice(0, i).trim() === 'p') return tag.slice(i + 1).replace(/\s+/g, '');
  }
  return null;
}

/**
 * "Check DNS": the TXT records at `<selector>._domainkey.<domain>`, asked of the configured DNS servers
 * (DNS_SERVERS), compared with the key. The answer is kept on the key (its list shows it).
 */
export async function checkDkimDns(ctx: Ctx, actor: AuthUser, id: number): Promise<DkimDnsCheck> {
  const key = await getDkimKey(ctx, actor, id);
  const name = dnsNameOf(key);
  const expected = await publicKeyOf(ctx.db, id);
  let status: DkimDnsStatus;
  let records: string[] = [];
  let detail: string | undefined;
  try {
    records = (await createResolver(ctx.env).resolveTxt(name)).map((chunks) => chunks.join(''));
    const keys = records
      .filter((r) => /^\s*v\s*=\s*DKIM1\b/i.test(r) || /(^|;)\s*p\s*=/.test(r))
      .map(publicKeyInRecord);
    status = keys.includes(expected) ? 'match' : keys.length ? 'mismatch' : 'missing';
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') status = 'missing';
    else {
      status = 'error';
      detail = code ?? (e as Error).message;
    }
  }
  await recordDnsCheck(ctx.db, id, status);
  return { status, message: dkimDnsMessages[status](name, detail), records };
}
