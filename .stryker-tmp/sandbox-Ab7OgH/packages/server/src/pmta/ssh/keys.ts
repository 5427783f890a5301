// @ts-nocheck
import fs from 'node:fs';
import path from 'node:path';
import ssh2 from 'ssh2';

export interface ConsoleKey {
  /** OpenSSH private key (never leaves the server). */
  privateKey: string;
  /** The `authorized_keys` line to put on a PMTA host: `ssh-ed25519 AAAA... console@<host>`. */
  publicKey: string;
}

const cache = new Map<string, ConsoleKey>();

/**
 * The console's key pair of an install from before issue 24, ed25519, under DATA_DIR/ssh (private key
 * mode 600): it becomes the first administrator's own key (owner-keys.ts); nothing else logs in with it.
 */
export function consoleKey(dataDir: string): ConsoleKey {
  let key = cache.get(dataDir);
  if (!key) cache.set(dataDir, (key = loadConsoleKey(dataDir)));
  return key;
}

/**
 * A new ed25519 key pair in OpenSSH format. ssh2's generator writes a private key it cannot read back about
 * once in 200 (seen: 14 of 3,000): such a key would be the console's for good, so a pair is kept only once
 * it parses.
 */
export function newEd25519KeyPair(comment?: string) {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519', comment ? { comment } : undefined);
    if (!(ssh2.utils.parseKey(pair.private) instanceof Error)) return pair;
  }
}

/** Reads the key pair from DATA_DIR/ssh, generating it the first time (uncached: see consoleKey). */
export function loadConsoleKey(dataDir: string): ConsoleKey {
  const dir = path.join(dataDir, 'ssh');
  const privFile = path.join(dir, 'id_ed25519');
  const pubFile = `${privFile}.pub`;
  if (!fs.existsSync(privFile)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = newEd25519KeyPair('console@pmta');
    // Written aside, then linked into place: two processes starting at once both read the first whole key.
    const tmp = `${privFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, pair.private, { mode: 0o600 });
    try {
      fs.linkSync(tmp, privFile);
      fs.writeFileSync(pubFile, `${pair.public}\n`, { mode: 0o644 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const privateKey = fs.readFileSync(privFile, 'utf8');
  return { privateKey, publicKey: publicKeyOf(privateKey) };
}

/** The authorized_keys line of a private key (recomputed, so a lost .pub file does not matter). */
export function publicKeyOf(privateKey: string, comment = 'console@pmta'): string {
  const k = ssh2.utils.parseKey(privateKey);
  if (k instanceof Error) throw new Error(`The console's SSH key is unreadable: ${k.message}`);
  return `${k.type} ${k.getPublicSSH().toString('base64')} ${comment}`;
}

/** A private key ssh2 can use without a passphrase (what a PMTA server form may store). */
export function isPrivateKey(text: string): boolean {
  const k = ssh2.utils.parseKey(text);
  return !(k instanceof Error) && k.isPrivateKey();
}
