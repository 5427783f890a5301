// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
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
  if (stryMutAct_9fa48("685")) {
    {}
  } else {
    stryCov_9fa48("685");
    let c = ciphers.get(secret);
    if (stryMutAct_9fa48("688") ? false : stryMutAct_9fa48("687") ? true : stryMutAct_9fa48("686") ? c : (stryCov_9fa48("686", "687", "688"), !c)) {
      if (stryMutAct_9fa48("689")) {
        {}
      } else {
        stryCov_9fa48("689");
        const key = crypto.createSecretKey(Buffer.from(crypto.hkdfSync(stryMutAct_9fa48("690") ? "" : (stryCov_9fa48("690"), 'sha256'), secret, Buffer.alloc(0), stryMutAct_9fa48("691") ? "" : (stryCov_9fa48("691"), 'console tracking id v1'), 16)));
        const encrypt = crypto.createCipheriv(stryMutAct_9fa48("692") ? "" : (stryCov_9fa48("692"), 'aes-128-ecb'), key, null).setAutoPadding(stryMutAct_9fa48("693") ? true : (stryCov_9fa48("693"), false));
        const decrypt = crypto.createDecipheriv(stryMutAct_9fa48("694") ? "" : (stryCov_9fa48("694"), 'aes-128-ecb'), key, null).setAutoPadding(stryMutAct_9fa48("695") ? true : (stryCov_9fa48("695"), false));
        c = stryMutAct_9fa48("696") ? {} : (stryCov_9fa48("696"), {
          encrypt,
          decrypt
        });
        if (stryMutAct_9fa48("697")) {
          ;
        } else {
          stryCov_9fa48("697");
          ciphers.set(secret, c);
        }
      }
    }
    return c;
  }
}
function block(secret: Uint8Array, data: Uint8Array, encrypt: boolean): Buffer {
  if (stryMutAct_9fa48("698")) {
    {}
  } else {
    stryCov_9fa48("698");
    const c = ciphersOf(secret);
    const out = (encrypt ? c.encrypt : c.decrypt).update(data);
    if (stryMutAct_9fa48("701") ? out.length === 16 : stryMutAct_9fa48("700") ? false : stryMutAct_9fa48("699") ? true : (stryCov_9fa48("699", "700", "701"), out.length !== 16)) throw new Error(stryMutAct_9fa48("703") ? "" : (stryCov_9fa48("703"), 'the tracking id cipher did not answer one block'));
    return out;
  }
}

/** `version` 1 makes the ids of mail sent before decision 1130 (tests); the console writes the current one. */
export function encodeTrackingId(secret: Uint8Array, id: TrackingId, version?: number): string {
  if (stryMutAct_9fa48("704")) {
    {}
  } else {
    stryCov_9fa48("704");
    return block(secret, packTrackingId(id, version), stryMutAct_9fa48("705") ? false : (stryCov_9fa48("705"), true)).toString(stryMutAct_9fa48("706") ? "" : (stryCov_9fa48("706"), 'base64url'));
  }
}

/** The base64url characters whose value is a multiple of 16 (A=0, Q=16, g=32, w=48). */
const CANONICAL_LAST = new Set((stryMutAct_9fa48("707") ? [] : (stryCov_9fa48("707"), [...(stryMutAct_9fa48("708") ? "" : (stryCov_9fa48("708"), 'AQgw'))])).map(stryMutAct_9fa48("709") ? () => undefined : (stryCov_9fa48("709"), c => c.charCodeAt(0))));

/** The id a link carries, or null for anything forged, altered, truncated or not an id at all. */
export function decodeTrackingId(secret: Uint8Array, text: string): TrackingId | null {
  if (stryMutAct_9fa48("710")) {
    {}
  } else {
    stryCov_9fa48("710");
    if (stryMutAct_9fa48("713") ? false : stryMutAct_9fa48("712") ? true : stryMutAct_9fa48("711") ? TRACKING_ID_PATTERN.test(text) : (stryCov_9fa48("711", "712", "713"), !TRACKING_ID_PATTERN.test(text))) return null;
    // The last character carries 2 bits and 4 unused ones: only the canonical spelling is an id, the one whose
    // unused bits are zero (A, Q, g or w), checked here rather than by encoding the bytes again.
    if (stryMutAct_9fa48("716") ? false : stryMutAct_9fa48("715") ? true : stryMutAct_9fa48("714") ? CANONICAL_LAST.has(text.charCodeAt(21)) : (stryCov_9fa48("714", "715", "716"), !CANONICAL_LAST.has(text.charCodeAt(21)))) return null;
    const bytes = Buffer.from(text, stryMutAct_9fa48("717") ? "" : (stryCov_9fa48("717"), 'base64url'));
    if (stryMutAct_9fa48("720") ? bytes.length === 16 : stryMutAct_9fa48("719") ? false : stryMutAct_9fa48("718") ? true : (stryCov_9fa48("718", "719", "720"), bytes.length !== 16)) return null;
    return unpackTrackingId(block(secret, bytes, stryMutAct_9fa48("721") ? true : (stryCov_9fa48("721"), false)));
  }
}