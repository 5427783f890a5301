/*
 * SMTP replies into the bounce categories of PMTA.md (docs/decisions/0802), so that SMTP and PMTA campaigns
 * report bounces the same way. A reply is classified by strong words first (a virus, spam or quota reply
 * names itself whatever its code), then by its enhanced status code (RFC 3463), then by weaker words, then
 * by its basic code alone.
 */

export const BounceCategories = [
  'bad-configuration',
  'bad-connection',
  'bad-domain',
  'bad-mailbox',
  'content-related',
  'inactive-mailbox',
  'invalid-sender',
  'message-expired',
  'no-answer-from-host',
  'other',
  'policy-related',
  'protocol-errors',
  'quota-issues',
  'relaying-issues',
  'routing-errors',
  'spam-related',
  'virus-related',
] as const;
export type BounceCategory = (typeof BounceCategories)[number];

/** Categories that say the address itself is dead: it is suppressed at once (PMTA.md). */
export const HARD_CATEGORIES: ReadonlySet<BounceCategory> = new Set([
  'bad-mailbox',
  'bad-domain',
  'inactive-mailbox',
  'routing-errors',
]);

const STRONG: [RegExp, BounceCategory][] = [
  [/\bvirus|malware|infected/i, 'virus-related'],
  [
    /\bspam|blacklist|block ?list|\blisted\b|spamhaus|barracuda|\brbl\b|dnsbl|reputation|unsolicited|junk mail/i,
    'spam-related',
  ],
  [/quota|mailbox (is )?full|over ?quota|insufficient (system )?storage|exceeded (its )?storage/i, 'quota-issues'],
  [
    /relay(ing)? (access )?(denied|not (allowed|permitted))|not permitted to relay|unable to relay|relay not permitted/i,
    'relaying-issues',
  ],
];

/** Enhanced status code subject.detail -> category (X.7.1 and other policy codes fall to the words). */
const ENHANCED: Record<string, BounceCategory> = {
  '1.0': 'bad-mailbox',
  '1.1': 'bad-mailbox',
  '1.2': 'bad-domain',
  '1.3': 'bad-mailbox',
  '1.6': 'inactive-mailbox',
  '1.7': 'invalid-sender',
  '1.8': 'invalid-sender',
  '1.10': 'bad-mailbox',
  '2.1': 'inactive-mailbox',
  '2.2': 'quota-issues',
  '2.3': 'content-related',
  '3.4': 'content-related',
  '3.5': 'bad-configuration',
  '4.1': 'no-answer-from-host',
  '4.2': 'bad-connection',
  '4.3': 'routing-errors',
  '4.4': 'routing-errors',
  '4.6': 'routing-errors',
  '4.7': 'message-expired',
  '5.0': 'protocol-errors',
  '5.1': 'protocol-errors',
  '5.2': 'protocol-errors',
  '5.4': 'protocol-errors',
  '6.0': 'content-related',
  '6.1': 'content-related',
  '7.23': 'invalid-sender',
  '7.25': 'invalid-sender',
  '7.26': 'invalid-sender',
  '7.27': 'invalid-sender',
};

const WEAK: [RegExp, BounceCategory][] = [
  [/inactive|disabled|suspended|deactivated|no longer (active|in use)|account (has )?expired/i, 'inactive-mailbox'],
  [
    /user unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|mailbox (unavailable|not found)|does not exist|invalid (mailbox|recipient|address)|recipient (address )?rejected|address rejected|unrouteable address/i,
    'bad-mailbox',
  ],
  [/no such domain|domain (not found|does not exist)|unknown domain|host not found|nxdomain|no mx/i, 'bad-domain'],
  [/\bloop|routing|unable to route/i, 'routing-errors'],
  [/sender (address )?(rejected|denied|verify)|bad sender|\bspf\b|\bdmarc\b|\bdkim\b/i, 'invalid-sender'],
  [/content|attachment|message (too large|size exceeds)|url|banned/i, 'content-related'],
  [/policy|not allowed|prohibited|refused|denied/i, 'policy-related'],
  [/syntax|unrecognized|not implemented|bad sequence|protocol/i, 'protocol-errors'],
  [/expired|too old/i, 'message-expired'],
  [/timed? ?out|no answer/i, 'no-answer-from-host'],
  [/connection (refused|reset|closed|lost|dropped)|closing transmission channel/i, 'bad-connection'],
];

const ENHANCED_CODE = /\b[245]\.(\d{1,3})\.(\d{1,3})\b/;

export function classifyBounce(code: number, text: string): BounceCategory {
  for (const [re, c] of STRONG) if (re.test(text)) return c;
  const enhanced = ENHANCED_CODE.exec(text);
  if (enhanced) {
    const c = ENHANCED[`${Number(enhanced[1])}.${Number(enhanced[2])}`];
    if (c) return c;
  }
  for (const [re, c] of WEAK) if (re.test(text)) return c;
  if (enhanced?.[1] === '7') return 'policy-related';
  if (code >= 500 && code <= 504) return 'protocol-errors';
  if (code === 421) return 'bad-connection';
  if (code === 552) return 'quota-issues';
  if (code === 553) return 'bad-mailbox';
  return 'other';
}

/**
 * A reply that asks the sender to slow down: 421 (service not available, closing), or a 450/451/452 that
 * speaks of rates, limits or too many of something. The relay goes to backoff speed until it delivers.
 */
export function isThrottling(code: number, text: string): boolean {
  if (code === 421) return true;
  if (code >= 450 && code <= 452) return /rate|too many|throttl|limit|slow down|try (again )?later|busy/i.test(text);
  return false;
}

/** An authentication failure: the relay's account or password is wrong (or the server wants one). */
export const isAuthFailure = (code: number) => code === 530 || code === 534 || code === 535;

/** The tables themselves, for the tests that hold one case per rule (bounces-table.test.ts). */
export const BOUNCE_RULES = { strong: STRONG, enhanced: ENHANCED, weak: WEAK } as const;
