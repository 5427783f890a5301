/**
 * The address check of the importer: a pragmatic subset of RFC 5322 / RFC 5321 that accepts what mailbox
 * providers actually hand out and refuses what no MTA will deliver to
 * (docs/decisions/0203-email-syntax-and-normalization.md):
 *
 * - one '@'; at most 254 characters in all, at most 64 before the '@';
 * - local part: dot-atom only: letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, dots between
 *   atoms (no leading, trailing or doubled dot); no quoted strings, no comments;
 * - domain: two or more labels of letters, digits and inner hyphens, each at most 63 characters; the last
 *   label alphabetic (2-63) or an IDN A-label (xn--...); no IP literals, no Unicode (write IDNs punycoded).
 *
 * Normalization before the check: surrounding white space trimmed and the whole address lower-cased.
 * Every provider treats the local part case-insensitively in practice, and one case makes duplicates
 * duplicates.
 */
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
const ADDRESS = stryMutAct_9fa48("663") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[^a-z0-9-]{1,59})$/ : stryMutAct_9fa48("662") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-])$/ : stryMutAct_9fa48("661") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[^a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("660") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("659") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[^a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("658") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[^a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("657") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-][a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("656") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("655") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[^a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("654") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("653") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[^a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("652") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-])*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("651") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("650") ? /^[^a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("649") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-](?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : stryMutAct_9fa48("648") ? /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})/ : stryMutAct_9fa48("647") ? /[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/ : (stryCov_9fa48("647", "648", "649", "650", "651", "652", "653", "654", "655", "656", "657", "658", "659", "660", "661", "662", "663"), /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/);
export const normalizeEmail = stryMutAct_9fa48("664") ? () => undefined : (stryCov_9fa48("664"), (() => {
  const normalizeEmail = (raw: string) => stryMutAct_9fa48("666") ? raw.toLowerCase() : stryMutAct_9fa48("665") ? raw.trim().toUpperCase() : (stryCov_9fa48("665", "666"), raw.trim().toLowerCase());
  return normalizeEmail;
})());

/** `email` must already be normalized. */
export function isValidEmail(email: string): boolean {
  if (stryMutAct_9fa48("667")) {
    {}
  } else {
    stryCov_9fa48("667");
    if (stryMutAct_9fa48("671") ? email.length <= 254 : stryMutAct_9fa48("670") ? email.length >= 254 : stryMutAct_9fa48("669") ? false : stryMutAct_9fa48("668") ? true : (stryCov_9fa48("668", "669", "670", "671"), email.length > 254)) return stryMutAct_9fa48("672") ? true : (stryCov_9fa48("672"), false);
    const at = email.indexOf(stryMutAct_9fa48("673") ? "" : (stryCov_9fa48("673"), '@'));
    return stryMutAct_9fa48("676") ? at > 0 && at <= 64 || ADDRESS.test(email) : stryMutAct_9fa48("675") ? false : stryMutAct_9fa48("674") ? true : (stryCov_9fa48("674", "675", "676"), (stryMutAct_9fa48("678") ? at > 0 || at <= 64 : stryMutAct_9fa48("677") ? true : (stryCov_9fa48("677", "678"), (stryMutAct_9fa48("681") ? at <= 0 : stryMutAct_9fa48("680") ? at >= 0 : stryMutAct_9fa48("679") ? true : (stryCov_9fa48("679", "680", "681"), at > 0)) && (stryMutAct_9fa48("684") ? at > 64 : stryMutAct_9fa48("683") ? at < 64 : stryMutAct_9fa48("682") ? true : (stryCov_9fa48("682", "683", "684"), at <= 64)))) && ADDRESS.test(email));
  }
}