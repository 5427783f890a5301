// @ts-nocheck
import crypto from 'node:crypto';

/**
 * Secrets at rest (SMTP relay and socks passwords, SSH keys): AES-256-GCM under a key derived from the app
 * secret (HKDF), so a database dump alone reveals none of them. Stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url); the version leaves room for a key rotation. Never log or return what `open` gives back.
 */
const keys = new WeakMap<Uint8Array, Buffer>();
function keyOf(secret: Uint8Array): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'console sealed secrets v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function seal(secret: Uint8Array, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text; throws when the value was sealed under another secret or altered. */
export function open(secret: Uint8Array, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || iv === undefined || tag === undefined || body === undefined) throw new Error('not a sealed value');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
