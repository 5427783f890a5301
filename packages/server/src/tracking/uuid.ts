import crypto from 'node:crypto';
import { TRACKING_ID_PATTERN, packTrackingId, unpackTrackingId, type TrackingId } from '@console/shared/tracking';

/*
 * The tracking id's cipher: AES-128 on the single 16-byte block (a keyed permutation, no padding), the
 * key derived from the app secret. Encoded as 22 characters of base64url for links and headers.
 */

/*
 * One cipher and one decipher per secret, made once and reused for every id: in ECB mode without padding
 * each 16-byte `update` is one whole block in, one block out, with no state carried to the next call.
 * Building a cipher per id (even from a KeyObject) was the largest cost of a tracking hit in the app
 * (bench/track, decision 1140).
 */
interface Ciphers {
  encrypt: crypto.Cipheriv;
  decrypt: crypto.Decipheriv;
}
const ciphers = new WeakMap<Uint8Array, Ciphers>();
function ciphersOf(secret: Uint8Array): Ciphers {
  let c = ciphers.get(secret);
  if (!c) {
    const key = crypto.createSecretKey(
      Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'console tracking id v1', 16)),
    );
    const encrypt = crypto.createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
    const decrypt = crypto.createDecipheriv('aes-128-ecb', key, null).setAutoPadding(false);
    c = { encrypt, decrypt };
    ciphers.set(secret, c);
  }
  return c;
}

function block(secret: Uint8Array, data: Uint8Array, encrypt: boolean): Buffer {
  const c = ciphersOf(secret);
  const out = (encrypt ? c.encrypt : c.decrypt).update(data);
  if (out.length !== 16) throw new Error('the tracking id cipher did not answer one block');
  return out;
}

/** `version` 1 makes the ids of mail sent before decision 1130 (tests); the console writes the current one. */
export function encodeTrackingId(secret: Uint8Array, id: TrackingId, version?: number): string {
  return block(secret, packTrackingId(id, version), true).toString('base64url');
}

/** The base64url characters whose value is a multiple of 16 (A=0, Q=16, g=32, w=48). */
const CANONICAL_LAST = new Set([...'AQgw'].map((c) => c.charCodeAt(0)));

/** The id a link carries, or null for anything forged, altered, truncated or not an id at all. */
export function decodeTrackingId(secret: Uint8Array, text: string): TrackingId | null {
  if (!TRACKING_ID_PATTERN.test(text)) return null;
  // The last character carries 2 bits and 4 unused ones: only the canonical spelling is an id, the one whose
  // unused bits are zero (A, Q, g or w), checked here rather than by encoding the bytes again.
  if (!CANONICAL_LAST.has(text.charCodeAt(21))) return null;
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== 16) return null;
  return unpackTrackingId(block(secret, bytes, false));
}
