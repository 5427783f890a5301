// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ROLE_ADMIN } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';
import { open, seal } from '../../core/sealed.ts';
import { ownerSecrets, pmtaServers, users } from '../../db/schema/index.ts';
import { loadConsoleKey, newEd25519KeyPair, publicKeyOf } from './keys.ts';

/*
 * Each owner's own SSH identity (issue 24, decision 1010): every server of an owner is reached with that
 * owner's key pair, whoever asks (an administrator's operation on a user's server uses the owner's key).
 * Made on first use, the private half sealed in owner_secrets, the public half shown to its owner only.
 * An install from before keeps working: the console's old key (DATA_DIR/ssh/id_ed25519) becomes the first
 * administrator's identity; every other owner gets a new key and puts its public half on their hosts.
 */

type Ctx = Pick<AppContext, 'db' | 'secret' | 'env'>;

export interface OwnerKey {
  privateKey: string;
  /** The `authorized_keys` line. */
  publicKey: string;
}

/** The first administrator (lowest id), who inherits the console's key of an install from before. */
async function isFirstAdmin(ctx: Ctx, userId: number): Promise<boolean> {
  const [first] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${ROLE_ADMIN} = any(${users.roles})`)
    .orderBy(asc(users.id))
    .limit(1);
  return first?.id === userId;
}

const legacyKeyFile = (dataDir: string) => path.join(dataDir, 'ssh', 'id_ed25519');

/** The owner's key pair, made (and stored) the first time it is asked for. */
export async function ownerSshKey(ctx: Ctx, userId: number): Promise<OwnerKey> {
  const [row] = await ctx.db.select().from(ownerSecrets).where(eq(ownerSecrets.userId, userId));
  if (row?.sshKeyEnc && row.sshPublicKey)
    return { privateKey: open(ctx.secret, row.sshKeyEnc), publicKey: row.sshPublicKey };
  const inherit = fs.existsSync(legacyKeyFile(ctx.env.DATA_DIR)) && (await isFirstAdmin(ctx, userId));
  const privateKey = inherit
    ? loadConsoleKey(ctx.env.DATA_DIR).privateKey
    : newEd25519KeyPair(`console-user${userId}@pmta`).private;
  const made = {
    sshKeyEnc: seal(ctx.secret, privateKey),
    sshPublicKey: publicKeyOf(privateKey, `console-user${userId}@pmta`),
    sshKeyCreatedAt: new Date(),
  };
  // Two first uses at once keep one key: only a row without a key takes this one.
  await ctx.db.insert(ownerSecrets).values({ userId }).onConflictDoNothing();
  await ctx.db
    .update(ownerSecrets)
    .set(made)
    .where(and(eq(ownerSecrets.userId, userId), isNull(ownerSecrets.sshKeyEnc)));
  const [now] = await ctx.db.select().from(ownerSecrets).where(eq(ownerSecrets.userId, userId));
  return { privateKey: open(ctx.secret, now!.sshKeyEnc!), publicKey: now!.sshPublicKey! };
}

/** The owner's servers (those whose authorized_keys must carry the owner's public key). */
export function ownerServers(ctx: Ctx, userId: number) {
  return ctx.db
    .select({ id: pmtaServers.id, name: pmtaServers.name, serverIp: sql<string>`host(${pmtaServers.serverIp})` })
    .from(pmtaServers)
    .where(eq(pmtaServers.userId, userId))
    .orderBy(asc(pmtaServers.name), asc(pmtaServers.id));
}

/** A new key pair for the owner; the old one no longer logs in anywhere the console goes. */
export async function rotateOwnerSshKey(ctx: Ctx, userId: number): Promise<OwnerKey> {
  const privateKey = newEd25519KeyPair(`console-user${userId}@pmta`).private;
  const values = {
    sshKeyEnc: seal(ctx.secret, privateKey),
    sshPublicKey: publicKeyOf(privateKey, `console-user${userId}@pmta`),
    sshKeyCreatedAt: new Date(),
  };
  await ctx.db
    .insert(ownerSecrets)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: ownerSecrets.userId, set: values });
  return { privateKey, publicKey: values.sshPublicKey };
}
