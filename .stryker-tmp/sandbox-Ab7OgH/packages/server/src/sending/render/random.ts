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
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** The renderer's randomness: seeded in tests and previews (reproducible), from the OS otherwise. */
export type Rng = RandomGenerator;
export const seededRng = stryMutAct_9fa48("303") ? () => undefined : (stryCov_9fa48("303"), (() => {
  const seededRng = (seed: number): Rng => xoroshiro128plus(seed | 0);
  return seededRng;
})());
export const randomRng = stryMutAct_9fa48("304") ? () => undefined : (stryCov_9fa48("304"), (() => {
  const randomRng = (): Rng => xoroshiro128plus(crypto.randomInt(stryMutAct_9fa48("305") ? +0x8000_0000 : (stryCov_9fa48("305"), -0x8000_0000), 0x7fff_ffff));
  return randomRng;
})());

/** An index in [0, n), every one equally likely (no modulo bias). */
export const pick = stryMutAct_9fa48("306") ? () => undefined : (stryCov_9fa48("306"), (() => {
  const pick = (rng: Rng, n: number) => (stryMutAct_9fa48("310") ? n > 1 : stryMutAct_9fa48("309") ? n < 1 : stryMutAct_9fa48("308") ? false : stryMutAct_9fa48("307") ? true : (stryCov_9fa48("307", "308", "309", "310"), n <= 1)) ? 0 : uniformInt(rng, 0, stryMutAct_9fa48("311") ? n + 1 : (stryCov_9fa48("311"), n - 1));
  return pick;
})());
const JUNK = stryMutAct_9fa48("312") ? "" : (stryCov_9fa48("312"), 'abcdefghijklmnopqrstuvwxyz0123456789');
export const JUNK_LENGTH = 12;

/** `[junk]`: twelve random letters and digits (varies every message's bytes and links). */
export function junk(rng: Rng): string {
  if (stryMutAct_9fa48("313")) {
    {}
  } else {
    stryCov_9fa48("313");
    let s = stryMutAct_9fa48("314") ? "Stryker was here!" : (stryCov_9fa48("314"), '');
    for (let i = 0; stryMutAct_9fa48("317") ? i >= JUNK_LENGTH : stryMutAct_9fa48("316") ? i <= JUNK_LENGTH : stryMutAct_9fa48("315") ? false : (stryCov_9fa48("315", "316", "317"), i < JUNK_LENGTH); stryMutAct_9fa48("318") ? i-- : (stryCov_9fa48("318"), i++)) stryMutAct_9fa48("319") ? s -= JUNK[uniformInt(rng, 0, JUNK.length - 1)] : (stryCov_9fa48("319"), s += JUNK[uniformInt(rng, 0, stryMutAct_9fa48("320") ? JUNK.length + 1 : (stryCov_9fa48("320"), JUNK.length - 1))]);
    return s;
  }
}