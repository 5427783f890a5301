import crypto from 'node:crypto';
import { TRACKING_ID_PATTERN, packTrackingId, unpackTrackingId, type TrackingId } from '@console/shared/tracking';

/*
 * The tracking id's cipher: AES-128 on the single 16-byte block (a keyed permutation, no padding), the
 * key derived from the app secret. Encoded as 22 characters of base64url for links and headers.
 */

// A KeyObject, made once: a cipher built from one is about 4 times cheaper than from raw key bytes.
const keys = new WeakMap<Uint8Array, crypto.KeyObject>();
function keyOf(secret: Uint8Array): crypto.KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.createSecretKey(
      Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'console tracking id v1', 16)),
    );
    keys.set(secret, key);
  }
  return key;
}

function block(secret: Uint8Array, data: Uint8Array, encrypt: boolean): Buffer {
  const c = encrypt
    ? crypto.createCipheriv('aes-128-ecb', keyOf(secret), null)
    : crypto.createDecipheriv('aes-128-ecb', keyOf(secret), null);
  c.setAutoPadding(false);
  return Buffer.concat([c.update(data), c.final()]);
}

/** `version` 1 makes the ids of mail sent before decision 1130 (tests); the console writes the current one. */
export function encodeTrackingId(secret: Uint8Array, id: TrackingId, version?: number): string {
  return block(secret, packTrackingId(id, version), true).toString('base64url');
}

/** The id a link carries, or null for anything forged, altered, truncated or not an id at all. */
export function decodeTrackingId(secret: Uint8Array, text: string): TrackingId | null {
  if (!TRACKING_ID_PATTERN.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  // The last character carries 2 bits and 4 unused ones: only the canonical spelling is an id.
  if (bytes.length !== 16 || bytes.toString('base64url') !== text) return null;
  return unpackTrackingId(block(secret, bytes, false));
}
