// @ts-nocheck
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { seal } from '../core/sealed.ts';
import type { Executor } from '../db/client.ts';
import { pmtaRelayDkim, pmtaRelays } from '../db/schema/index.ts';
import { vmtaName } from '../core/pmta-names.ts';
import { CONFIG_PATH, dkimKeyPath } from './config/generate.ts';
import { changeAndUpload, serverRow, sshFailure } from './operations.ts';
import { pmtaConnections } from './ssh/connection.ts';

/*
 * The operations of a PMTA relay's edit page (spec 2; issue 12 part 4; decision 0904): DKIM get, generate,
 * delete; VMTA config date, upload, delete (and `changeRelay`, which the switches use). Every change is made in a
 * transaction that commits only once the server has reloaded the configuration that carries it, so the
 * console never says a relay is switched off (or has a key, or a VMTA) when its server does not.
 * The caller has checked that the user may see the relay.
 */

type Ctx = AppContext;
type RelayRow = typeof pmtaRelays.$inferSelect;

const generateKeyPair = promisify(crypto.generateKeyPair);
/** A DNS TXT record's strings are at most 255 characters (RFC 1035 character-strings; PMTA.md). */
const TXT_CHUNK = 255;

export async function relayRow(db: Executor, id: number): Promise<RelayRow> {
  const [row] = await db.select().from(pmtaRelays).where(eq(pmtaRelays.id, id));
  if (!row) throw new AppError(404, 'Not found.');
  return row;
}

/** Makes `change` and uploads the relay's server configuration that carries it: both happen, or neither. */
export async function changeRelay<T>(ctx: Ctx, relay: RelayRow, change: (tx: Executor) => Promise<T>): Promise<T> {
  return changeAndUpload(ctx, await serverRow(ctx, relay.pmtaServerId), change);
}

// ---- DKIM ----

/** The TXT record to paste into the zone: `selector._domainkey.domain`, its value split into 255-character strings. */
export function dkimTxtRecord(dkim: { selector: string; domain: string; publicKey: string }) {
  const value = `v=DKIM1; k=rsa; p=${dkim.publicKey}`;
  const strings = value.match(new RegExp(`.{1,${TXT_CHUNK}}`, 'g'))!.map((s) => `"${s}"`);
  return `${dkim.selector}._domainkey.${dkim.domain}. IN TXT ( ${strings.join(' ')} )`;
}

/** The domain a relay signs for: its sender's (the From the receivers align DKIM with). */
const signingDomain = (relay: RelayRow) => relay.senderEmail.split('@').pop()!.toLowerCase();
/** A new selector per key, by the time it was made: a regenerated key never collides with a cached record. */
const newSelector = (now = new Date()) => `s${now.toISOString().replace(/\D/g, '').slice(0, 14)}`;

/** The relay's DKIM record, once its key file is on the server (a key the server lacks signs nothing). */
export async function getDkim(ctx: Ctx, relayId: number): Promise<string> {
  const relay = await relayRow(ctx.db, relayId);
  const [dkim] = await ctx.db.select().from(pmtaRelayDkim).where(eq(pmtaRelayDkim.relayId, relayId));
  if (!dkim) throw new AppError(422, 'Error: this relay has no DKIM key; generate one.');
  const server = await serverRow(ctx, relay.pmtaServerId);
  const onServer = await pmtaConnections(ctx).stat(server, dkimKeyPath(relay)).catch(sshFailure);
  if (!onServer) {
    throw new AppError(422, `Error: the key file ${dkimKeyPath(relay)} is not on the server; upload the VMTA config.`);
  }
  return dkimTxtRecord(dkim);
}

/**
 * A new 2048-bit key (replacing any previous one): stored sealed, its private half uploaded by SFTP with the
 * configuration that names it (`domain-key`), its TXT record returned.
 */
export async function generateDkim(ctx: Ctx, relayId: number): Promise<string> {
  const relay = await relayRow(ctx.db, relayId);
  const { privateKey, publicKey } = await generateKeyPair('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, // as `openssl genrsa` writes it
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  const row = {
    relayId,
    selector: newSelector(),
    domain: signingDomain(relay),
    privateKeyEnc: seal(ctx.secret, privateKey),
    publicKey: publicKey.toString('base64'),
  };
  await changeRelay(ctx, relay, (tx) =>
    tx
      .insert(pmtaRelayDkim)
      .values(row)
      .onConflictDoUpdate({ target: pmtaRelayDkim.relayId, set: { ...row, createdAt: new Date() } }),
  );
  return dkimTxtRecord(row);
}

/** Removes the key: first from the configuration (PMTA must stop naming the file), then the file itself. */
export async function deleteDkim(ctx: Ctx, relayId: number): Promise<void> {
  const relay = await relayRow(ctx.db, relayId);
  const deleted = await changeRelay(ctx, relay, (tx) =>
    tx.delete(pmtaRelayDkim).where(eq(pmtaRelayDkim.relayId, relayId)).returning({ id: pmtaRelayDkim.relayId }),
  );
  if (!deleted.length) throw new AppError(422, 'Error: this relay has no DKIM key.');
  const path = dkimKeyPath(relay);
  const server = await serverRow(ctx, relay.pmtaServerId);
  await pmtaConnections(ctx).exec(server, `rm -f ${path} ${path}.bak ${path}.absent`).catch(sshFailure);
}

// ---- VMTA ----

/** When the server's configuration holding the relay's VMTA was uploaded (ISO 8601). */
export async function vmtaConfigDate(ctx: Ctx, relayId: number): Promise<string> {
  const relay = await relayRow(ctx.db, relayId);
  const server = await serverRow(ctx, relay.pmtaServerId);
  const pool = pmtaConnections(ctx);
  const st = await pool.stat(server, CONFIG_PATH).catch(sshFailure);
  if (!st) throw new AppError(422, `Error: ${CONFIG_PATH} is not on the server; upload the config.`);
  const text = (await pool.readFile(server, CONFIG_PATH).catch(sshFailure)).toString('utf8');
  if (!text.includes(`<virtual-mta ${vmtaName(relay)}>`)) {
    throw new AppError(422, `Error: ${vmtaName(relay)} is not in the server's configuration.`);
  }
  return st.mtime.toISOString();
}

/** Puts the relay's VMTA (and its DKIM key) on the server, or takes it off: `withoutVmta` follows the server. */
export async function setVmta(ctx: Ctx, relayId: number, onServer: boolean): Promise<void> {
  const relay = await relayRow(ctx.db, relayId);
  await changeRelay(ctx, relay, (tx) =>
    tx.update(pmtaRelays).set({ withoutVmta: !onServer }).where(eq(pmtaRelays.id, relayId)),
  );
}
