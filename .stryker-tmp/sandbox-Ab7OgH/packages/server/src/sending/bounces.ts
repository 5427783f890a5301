/*
 * SMTP replies into the bounce categories of PMTA.md (docs/decisions/0802), so that SMTP and PMTA campaigns
 * report bounces the same way. A reply is classified by strong words first (a virus, spam or quota reply
 * names itself whatever its code), then by its enhanced status code (RFC 3463), then by weaker words, then
 * by its basic code alone.
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
export const BounceCategories = ['bad-configuration', 'bad-connection', 'bad-domain', 'bad-mailbox', 'content-related', 'inactive-mailbox', 'invalid-sender', 'message-expired', 'no-answer-from-host', 'other', 'policy-related', 'protocol-errors', 'quota-issues', 'relaying-issues', 'routing-errors', 'spam-related', 'virus-related'] as const;
export type BounceCategory = typeof BounceCategories[number];

/** Categories that say the address itself is dead: it is suppressed at once (PMTA.md). */
export const HARD_CATEGORIES: ReadonlySet<BounceCategory> = new Set(stryMutAct_9fa48("0") ? [] : (stryCov_9fa48("0"), [stryMutAct_9fa48("1") ? "" : (stryCov_9fa48("1"), 'bad-mailbox'), stryMutAct_9fa48("2") ? "" : (stryCov_9fa48("2"), 'bad-domain'), stryMutAct_9fa48("3") ? "" : (stryCov_9fa48("3"), 'inactive-mailbox'), stryMutAct_9fa48("4") ? "" : (stryCov_9fa48("4"), 'routing-errors')]));
const STRONG: [RegExp, BounceCategory][] = stryMutAct_9fa48("5") ? [] : (stryCov_9fa48("5"), [stryMutAct_9fa48("6") ? [] : (stryCov_9fa48("6"), [/\bvirus|malware|infected/i, stryMutAct_9fa48("7") ? "" : (stryCov_9fa48("7"), 'virus-related')]), stryMutAct_9fa48("8") ? [] : (stryCov_9fa48("8"), [stryMutAct_9fa48("9") ? /\bspam|blacklist|block list|\blisted\b|spamhaus|barracuda|\brbl\b|dnsbl|reputation|unsolicited|junk mail/i : (stryCov_9fa48("9"), /\bspam|blacklist|block ?list|\blisted\b|spamhaus|barracuda|\brbl\b|dnsbl|reputation|unsolicited|junk mail/i), stryMutAct_9fa48("10") ? "" : (stryCov_9fa48("10"), 'spam-related')]), stryMutAct_9fa48("11") ? [] : (stryCov_9fa48("11"), [stryMutAct_9fa48("15") ? /quota|mailbox (is )?full|over ?quota|insufficient (system )?storage|exceeded (its )storage/i : stryMutAct_9fa48("14") ? /quota|mailbox (is )?full|over ?quota|insufficient (system )storage|exceeded (its )?storage/i : stryMutAct_9fa48("13") ? /quota|mailbox (is )?full|over quota|insufficient (system )?storage|exceeded (its )?storage/i : stryMutAct_9fa48("12") ? /quota|mailbox (is )full|over ?quota|insufficient (system )?storage|exceeded (its )?storage/i : (stryCov_9fa48("12", "13", "14", "15"), /quota|mailbox (is )?full|over ?quota|insufficient (system )?storage|exceeded (its )?storage/i), stryMutAct_9fa48("16") ? "" : (stryCov_9fa48("16"), 'quota-issues')]), stryMutAct_9fa48("17") ? [] : (stryCov_9fa48("17"), [stryMutAct_9fa48("19") ? /relay(ing)? (access )(denied|not (allowed|permitted))|not permitted to relay|unable to relay|relay not permitted/i : stryMutAct_9fa48("18") ? /relay(ing) (access )?(denied|not (allowed|permitted))|not permitted to relay|unable to relay|relay not permitted/i : (stryCov_9fa48("18", "19"), /relay(ing)? (access )?(denied|not (allowed|permitted))|not permitted to relay|unable to relay|relay not permitted/i), stryMutAct_9fa48("20") ? "" : (stryCov_9fa48("20"), 'relaying-issues')])]);

/** Enhanced status code subject.detail -> category (X.7.1 and other policy codes fall to the words). */
const ENHANCED: Record<string, BounceCategory> = stryMutAct_9fa48("21") ? {} : (stryCov_9fa48("21"), {
  '1.0': stryMutAct_9fa48("22") ? "" : (stryCov_9fa48("22"), 'bad-mailbox'),
  '1.1': stryMutAct_9fa48("23") ? "" : (stryCov_9fa48("23"), 'bad-mailbox'),
  '1.2': stryMutAct_9fa48("24") ? "" : (stryCov_9fa48("24"), 'bad-domain'),
  '1.3': stryMutAct_9fa48("25") ? "" : (stryCov_9fa48("25"), 'bad-mailbox'),
  '1.6': stryMutAct_9fa48("26") ? "" : (stryCov_9fa48("26"), 'inactive-mailbox'),
  '1.7': stryMutAct_9fa48("27") ? "" : (stryCov_9fa48("27"), 'invalid-sender'),
  '1.8': stryMutAct_9fa48("28") ? "" : (stryCov_9fa48("28"), 'invalid-sender'),
  '1.10': stryMutAct_9fa48("29") ? "" : (stryCov_9fa48("29"), 'bad-mailbox'),
  '2.1': stryMutAct_9fa48("30") ? "" : (stryCov_9fa48("30"), 'inactive-mailbox'),
  '2.2': stryMutAct_9fa48("31") ? "" : (stryCov_9fa48("31"), 'quota-issues'),
  '2.3': stryMutAct_9fa48("32") ? "" : (stryCov_9fa48("32"), 'content-related'),
  '3.4': stryMutAct_9fa48("33") ? "" : (stryCov_9fa48("33"), 'content-related'),
  '3.5': stryMutAct_9fa48("34") ? "" : (stryCov_9fa48("34"), 'bad-configuration'),
  '4.1': stryMutAct_9fa48("35") ? "" : (stryCov_9fa48("35"), 'no-answer-from-host'),
  '4.2': stryMutAct_9fa48("36") ? "" : (stryCov_9fa48("36"), 'bad-connection'),
  '4.3': stryMutAct_9fa48("37") ? "" : (stryCov_9fa48("37"), 'routing-errors'),
  '4.4': stryMutAct_9fa48("38") ? "" : (stryCov_9fa48("38"), 'routing-errors'),
  '4.6': stryMutAct_9fa48("39") ? "" : (stryCov_9fa48("39"), 'routing-errors'),
  '4.7': stryMutAct_9fa48("40") ? "" : (stryCov_9fa48("40"), 'message-expired'),
  '5.0': stryMutAct_9fa48("41") ? "" : (stryCov_9fa48("41"), 'protocol-errors'),
  '5.1': stryMutAct_9fa48("42") ? "" : (stryCov_9fa48("42"), 'protocol-errors'),
  '5.2': stryMutAct_9fa48("43") ? "" : (stryCov_9fa48("43"), 'protocol-errors'),
  '5.4': stryMutAct_9fa48("44") ? "" : (stryCov_9fa48("44"), 'protocol-errors'),
  '6.0': stryMutAct_9fa48("45") ? "" : (stryCov_9fa48("45"), 'content-related'),
  '6.1': stryMutAct_9fa48("46") ? "" : (stryCov_9fa48("46"), 'content-related'),
  '7.23': stryMutAct_9fa48("47") ? "" : (stryCov_9fa48("47"), 'invalid-sender'),
  '7.25': stryMutAct_9fa48("48") ? "" : (stryCov_9fa48("48"), 'invalid-sender'),
  '7.26': stryMutAct_9fa48("49") ? "" : (stryCov_9fa48("49"), 'invalid-sender'),
  '7.27': stryMutAct_9fa48("50") ? "" : (stryCov_9fa48("50"), 'invalid-sender')
});
const WEAK: [RegExp, BounceCategory][] = stryMutAct_9fa48("51") ? [] : (stryCov_9fa48("51"), [stryMutAct_9fa48("52") ? [] : (stryCov_9fa48("52"), [stryMutAct_9fa48("53") ? /inactive|disabled|suspended|deactivated|no longer (active|in use)|account (has )expired/i : (stryCov_9fa48("53"), /inactive|disabled|suspended|deactivated|no longer (active|in use)|account (has )?expired/i), stryMutAct_9fa48("54") ? "" : (stryCov_9fa48("54"), 'inactive-mailbox')]), stryMutAct_9fa48("55") ? [] : (stryCov_9fa48("55"), [stryMutAct_9fa48("56") ? /user unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|mailbox (unavailable|not found)|does not exist|invalid (mailbox|recipient|address)|recipient (address )rejected|address rejected|unrouteable address/i : (stryCov_9fa48("56"), /user unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|mailbox (unavailable|not found)|does not exist|invalid (mailbox|recipient|address)|recipient (address )?rejected|address rejected|unrouteable address/i), stryMutAct_9fa48("57") ? "" : (stryCov_9fa48("57"), 'bad-mailbox')]), stryMutAct_9fa48("58") ? [] : (stryCov_9fa48("58"), [/no such domain|domain (not found|does not exist)|unknown domain|host not found|nxdomain|no mx/i, stryMutAct_9fa48("59") ? "" : (stryCov_9fa48("59"), 'bad-domain')]), stryMutAct_9fa48("60") ? [] : (stryCov_9fa48("60"), [/\bloop|routing|unable to route/i, stryMutAct_9fa48("61") ? "" : (stryCov_9fa48("61"), 'routing-errors')]), stryMutAct_9fa48("62") ? [] : (stryCov_9fa48("62"), [stryMutAct_9fa48("63") ? /sender (address )(rejected|denied|verify)|bad sender|\bspf\b|\bdmarc\b|\bdkim\b/i : (stryCov_9fa48("63"), /sender (address )?(rejected|denied|verify)|bad sender|\bspf\b|\bdmarc\b|\bdkim\b/i), stryMutAct_9fa48("64") ? "" : (stryCov_9fa48("64"), 'invalid-sender')]), stryMutAct_9fa48("65") ? [] : (stryCov_9fa48("65"), [/content|attachment|message (too large|size exceeds)|url|banned/i, stryMutAct_9fa48("66") ? "" : (stryCov_9fa48("66"), 'content-related')]), stryMutAct_9fa48("67") ? [] : (stryCov_9fa48("67"), [/policy|not allowed|prohibited|refused|denied/i, stryMutAct_9fa48("68") ? "" : (stryCov_9fa48("68"), 'policy-related')]), stryMutAct_9fa48("69") ? [] : (stryCov_9fa48("69"), [/syntax|unrecognized|not implemented|bad sequence|protocol/i, stryMutAct_9fa48("70") ? "" : (stryCov_9fa48("70"), 'protocol-errors')]), stryMutAct_9fa48("71") ? [] : (stryCov_9fa48("71"), [/expired|too old/i, stryMutAct_9fa48("72") ? "" : (stryCov_9fa48("72"), 'message-expired')]), stryMutAct_9fa48("73") ? [] : (stryCov_9fa48("73"), [stryMutAct_9fa48("75") ? /timed? out|no answer/i : stryMutAct_9fa48("74") ? /timed ?out|no answer/i : (stryCov_9fa48("74", "75"), /timed? ?out|no answer/i), stryMutAct_9fa48("76") ? "" : (stryCov_9fa48("76"), 'no-answer-from-host')]), stryMutAct_9fa48("77") ? [] : (stryCov_9fa48("77"), [/connection (refused|reset|closed|lost|dropped)|closing transmission channel/i, stryMutAct_9fa48("78") ? "" : (stryCov_9fa48("78"), 'bad-connection')])]);
const ENHANCED_CODE = stryMutAct_9fa48("83") ? /\b[245]\.(\d{1,3})\.(\D{1,3})\b/ : stryMutAct_9fa48("82") ? /\b[245]\.(\d{1,3})\.(\d)\b/ : stryMutAct_9fa48("81") ? /\b[245]\.(\D{1,3})\.(\d{1,3})\b/ : stryMutAct_9fa48("80") ? /\b[245]\.(\d)\.(\d{1,3})\b/ : stryMutAct_9fa48("79") ? /\b[^245]\.(\d{1,3})\.(\d{1,3})\b/ : (stryCov_9fa48("79", "80", "81", "82", "83"), /\b[245]\.(\d{1,3})\.(\d{1,3})\b/);
export function classifyBounce(code: number, text: string): BounceCategory {
  if (stryMutAct_9fa48("84")) {
    {}
  } else {
    stryCov_9fa48("84");
    for (const [re, c] of STRONG) if (stryMutAct_9fa48("86") ? false : stryMutAct_9fa48("85") ? true : (stryCov_9fa48("85", "86"), re.test(text))) return c;
    const enhanced = ENHANCED_CODE.exec(text);
    if (stryMutAct_9fa48("88") ? false : stryMutAct_9fa48("87") ? true : (stryCov_9fa48("87", "88"), enhanced)) {
      if (stryMutAct_9fa48("89")) {
        {}
      } else {
        stryCov_9fa48("89");
        const c = ENHANCED[stryMutAct_9fa48("90") ? `` : (stryCov_9fa48("90"), `${Number(enhanced[1])}.${Number(enhanced[2])}`)];
        if (stryMutAct_9fa48("92") ? false : stryMutAct_9fa48("91") ? true : (stryCov_9fa48("91", "92"), c)) return c;
      }
    }
    for (const [re, c] of WEAK) if (stryMutAct_9fa48("94") ? false : stryMutAct_9fa48("93") ? true : (stryCov_9fa48("93", "94"), re.test(text))) return c;
    if (stryMutAct_9fa48("97") ? enhanced?.[1] !== '7' : stryMutAct_9fa48("96") ? false : stryMutAct_9fa48("95") ? true : (stryCov_9fa48("95", "96", "97"), (stryMutAct_9fa48("98") ? enhanced[1] : (stryCov_9fa48("98"), enhanced?.[1])) === (stryMutAct_9fa48("99") ? "" : (stryCov_9fa48("99"), '7')))) return stryMutAct_9fa48("100") ? "" : (stryCov_9fa48("100"), 'policy-related');
    if (stryMutAct_9fa48("103") ? code >= 500 || code <= 504 : stryMutAct_9fa48("102") ? false : stryMutAct_9fa48("101") ? true : (stryCov_9fa48("101", "102", "103"), (stryMutAct_9fa48("106") ? code < 500 : stryMutAct_9fa48("105") ? code > 500 : stryMutAct_9fa48("104") ? true : (stryCov_9fa48("104", "105", "106"), code >= 500)) && (stryMutAct_9fa48("109") ? code > 504 : stryMutAct_9fa48("108") ? code < 504 : stryMutAct_9fa48("107") ? true : (stryCov_9fa48("107", "108", "109"), code <= 504)))) return stryMutAct_9fa48("110") ? "" : (stryCov_9fa48("110"), 'protocol-errors');
    if (stryMutAct_9fa48("113") ? code !== 421 : stryMutAct_9fa48("112") ? false : stryMutAct_9fa48("111") ? true : (stryCov_9fa48("111", "112", "113"), code === 421)) return stryMutAct_9fa48("114") ? "" : (stryCov_9fa48("114"), 'bad-connection');
    if (stryMutAct_9fa48("117") ? code !== 552 : stryMutAct_9fa48("116") ? false : stryMutAct_9fa48("115") ? true : (stryCov_9fa48("115", "116", "117"), code === 552)) return stryMutAct_9fa48("118") ? "" : (stryCov_9fa48("118"), 'quota-issues');
    if (stryMutAct_9fa48("121") ? code !== 553 : stryMutAct_9fa48("120") ? false : stryMutAct_9fa48("119") ? true : (stryCov_9fa48("119", "120", "121"), code === 553)) return stryMutAct_9fa48("122") ? "" : (stryCov_9fa48("122"), 'bad-mailbox');
    return stryMutAct_9fa48("123") ? "" : (stryCov_9fa48("123"), 'other');
  }
}

/**
 * A reply that asks the sender to slow down: 421 (service not available, closing), or a 450/451/452 that
 * speaks of rates, limits or too many of something. The relay goes to backoff speed until it delivers.
 */
export function isThrottling(code: number, text: string): boolean {
  if (stryMutAct_9fa48("124")) {
    {}
  } else {
    stryCov_9fa48("124");
    if (stryMutAct_9fa48("127") ? code !== 421 : stryMutAct_9fa48("126") ? false : stryMutAct_9fa48("125") ? true : (stryCov_9fa48("125", "126", "127"), code === 421)) return stryMutAct_9fa48("128") ? false : (stryCov_9fa48("128"), true);
    if (stryMutAct_9fa48("131") ? code >= 450 || code <= 452 : stryMutAct_9fa48("130") ? false : stryMutAct_9fa48("129") ? true : (stryCov_9fa48("129", "130", "131"), (stryMutAct_9fa48("134") ? code < 450 : stryMutAct_9fa48("133") ? code > 450 : stryMutAct_9fa48("132") ? true : (stryCov_9fa48("132", "133", "134"), code >= 450)) && (stryMutAct_9fa48("137") ? code > 452 : stryMutAct_9fa48("136") ? code < 452 : stryMutAct_9fa48("135") ? true : (stryCov_9fa48("135", "136", "137"), code <= 452)))) return (stryMutAct_9fa48("138") ? /rate|too many|throttl|limit|slow down|try (again )later|busy/i : (stryCov_9fa48("138"), /rate|too many|throttl|limit|slow down|try (again )?later|busy/i)).test(text);
    return stryMutAct_9fa48("139") ? true : (stryCov_9fa48("139"), false);
  }
}

/** An authentication failure: the relay's account or password is wrong (or the server wants one). */
export const isAuthFailure = stryMutAct_9fa48("140") ? () => undefined : (stryCov_9fa48("140"), (() => {
  const isAuthFailure = (code: number) => stryMutAct_9fa48("143") ? (code === 530 || code === 534) && code === 535 : stryMutAct_9fa48("142") ? false : stryMutAct_9fa48("141") ? true : (stryCov_9fa48("141", "142", "143"), (stryMutAct_9fa48("145") ? code === 530 && code === 534 : stryMutAct_9fa48("144") ? false : (stryCov_9fa48("144", "145"), (stryMutAct_9fa48("147") ? code !== 530 : stryMutAct_9fa48("146") ? false : (stryCov_9fa48("146", "147"), code === 530)) || (stryMutAct_9fa48("149") ? code !== 534 : stryMutAct_9fa48("148") ? false : (stryCov_9fa48("148", "149"), code === 534)))) || (stryMutAct_9fa48("151") ? code !== 535 : stryMutAct_9fa48("150") ? false : (stryCov_9fa48("150", "151"), code === 535)));
  return isAuthFailure;
})());

/** The tables themselves, for the tests that hold one case per rule (bounces-table.test.ts). */
export const BOUNCE_RULES = {
  strong: STRONG,
  enhanced: ENHANCED,
  weak: WEAK
} as const;