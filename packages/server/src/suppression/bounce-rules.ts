/*
 * The bounce classifier's rules as data (issue 39, decision 1360): one row per rule, each tested by its own
 * case (bounce-rules.unit.test.ts) and the whole by a corpus of real replies (bounce-corpus.unit.test.ts).
 * suppression/bounces.ts applies them in this order: PMTA's bounceCat, the strong words (a reply that names
 * a block list, spam, a virus or a full mailbox says so whatever code it carries), the enhanced status
 * code (RFC 3463), the weaker words, the basic code.
 */

/** PMTA's bounce categories (PMTA.md): the SMTP engine classifies into the same ones (decision 0802). */
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

/**
 * What a bounce means for the address: `permanent` suppresses it at once (Bounced Emails), `temporary` counts
 * towards the soft-bounce limit, `infrastructure` never touches the recipient and counts against the relay
 * and the mail service. A complaint (issue 39, section 3) will be a fourth outcome of its own.
 */
export const BounceOutcomes = ['permanent', 'temporary', 'infrastructure'] as const;
export type BounceOutcome = (typeof BounceOutcomes)[number];

/** The outcome of each category (a 4xx reply is never permanent: bounces.ts makes it temporary). */
export const OUTCOME_OF: Readonly<Record<BounceCategory, BounceOutcome>> = {
  'bad-mailbox': 'permanent',
  'bad-domain': 'permanent',
  'inactive-mailbox': 'permanent',
  'quota-issues': 'temporary',
  'no-answer-from-host': 'temporary',
  'routing-errors': 'temporary',
  'bad-connection': 'temporary',
  other: 'temporary',
  'policy-related': 'infrastructure',
  'spam-related': 'infrastructure',
  'content-related': 'infrastructure',
  'virus-related': 'infrastructure',
  'invalid-sender': 'infrastructure',
  'message-expired': 'infrastructure',
  'relaying-issues': 'infrastructure',
  'bad-configuration': 'infrastructure',
  'protocol-errors': 'infrastructure',
};

/** The categories whose bounces are infrastructure bounces (the `infra_bounces` counters count them). */
export const INFRA_CATEGORIES: readonly BounceCategory[] = BounceCategories.filter(
  (c) => OUTCOME_OF[c] === 'infrastructure',
);
/** The hard bounces: the recipient's address is dead (the hard-bounce rate's, decision 1391). */
export const PERMANENT_CATEGORIES: readonly BounceCategory[] = BounceCategories.filter(
  (c) => OUTCOME_OF[c] === 'permanent',
);

export interface WordRule {
  pattern: RegExp;
  category: BounceCategory;
}

/** Words that win over any code: receivers put 5.1.1 or 5.7.1 on a block-list or quota reply alike. */
export const STRONG_RULES: readonly WordRule[] = [
  { pattern: /\bvirus|malware|infected/i, category: 'virus-related' },
  {
    pattern:
      /\bspam|blacklist|block ?list|blocked using|\blisted\b|spamhaus|barracuda|spamcop|\brbl\b|dnsbl|reputation|unsolicited|junk mail/i,
    category: 'spam-related',
  },
  {
    pattern:
      /quota|mailbox (is )?full|over ?quota|insufficient (system )?storage|exceeded (its )?storage|storage space/i,
    category: 'quota-issues',
  },
  {
    pattern:
      /relay(ing)? (access )?(denied|not (allowed|permitted))|not permitted to relay|unable to relay|relay not permitted/i,
    category: 'relaying-issues',
  },
  // Exim's "550-Unrouteable address / 550 Sender verify failed" is about the sender, not the recipient; so is
  // an SPF, DKIM or DMARC failure that Postfix words as "Recipient address rejected".
  {
    pattern:
      /sender verif(y|ication) failed|sender address rejected|sender (address )?denied|\bspf\b|\bdmarc\b|\bdkim\b/i,
    category: 'invalid-sender',
  },
];

export interface EnhancedRule {
  /** subject.detail of the enhanced status code (X.1.1 -> '1.1'). */
  code: string;
  category: BounceCategory;
}

/**
 * Enhanced status code subject.detail -> category (X.7.1 and other policy codes fall to the words, and so
 * does X.5.0, which Outlook.com puts on "mailbox unavailable").
 */
export const ENHANCED_RULES: readonly EnhancedRule[] = [
  { code: '1.0', category: 'bad-mailbox' },
  { code: '1.1', category: 'bad-mailbox' },
  { code: '1.2', category: 'bad-domain' },
  { code: '1.3', category: 'bad-mailbox' },
  { code: '1.6', category: 'inactive-mailbox' },
  { code: '1.7', category: 'invalid-sender' },
  { code: '1.8', category: 'invalid-sender' },
  { code: '1.10', category: 'bad-mailbox' },
  { code: '2.1', category: 'inactive-mailbox' },
  { code: '2.2', category: 'quota-issues' },
  { code: '2.3', category: 'content-related' },
  { code: '3.4', category: 'content-related' },
  { code: '3.5', category: 'bad-configuration' },
  { code: '4.1', category: 'no-answer-from-host' },
  { code: '4.2', category: 'bad-connection' },
  { code: '4.3', category: 'routing-errors' },
  { code: '4.4', category: 'routing-errors' },
  { code: '4.6', category: 'routing-errors' },
  { code: '4.7', category: 'message-expired' },
  { code: '5.1', category: 'protocol-errors' },
  { code: '5.2', category: 'protocol-errors' },
  { code: '5.4', category: 'protocol-errors' },
  { code: '6.0', category: 'content-related' },
  { code: '6.1', category: 'content-related' },
  { code: '7.23', category: 'invalid-sender' },
  { code: '7.25', category: 'invalid-sender' },
  { code: '7.26', category: 'invalid-sender' },
  { code: '7.27', category: 'invalid-sender' },
];

/** Words read when the enhanced code said nothing the table knows. */
export const WEAK_RULES: readonly WordRule[] = [
  {
    pattern: /inactive|disabled|suspended|deactivated|no longer (active|in use)|account (has )?expired/i,
    category: 'inactive-mailbox',
  },
  {
    pattern:
      /user unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|mailbox (unavailable|not found)|does not exist|invalid (mailbox|recipient|address)|recipient (address )?rejected|address rejected|unrouteable address|no mailbox|doesn'?t have an? [\w.-]+ account/i,
    category: 'bad-mailbox',
  },
  {
    pattern: /no such domain|domain (not found|does not exist)|unknown domain|host not found|nxdomain|no mx/i,
    category: 'bad-domain',
  },
  { pattern: /\bloop|routing|unable to route/i, category: 'routing-errors' },
  {
    pattern: /sender (address )?(rejected|denied|verify)|bad sender/i,
    category: 'invalid-sender',
  },
  { pattern: /content|attachment|message (too large|size exceeds)|url|banned/i, category: 'content-related' },
  { pattern: /policy|not allowed|prohibit|refused|denied|rate ?limit|too many/i, category: 'policy-related' },
  { pattern: /syntax|unrecognized|not implemented|bad sequence|protocol/i, category: 'protocol-errors' },
  { pattern: /expired|too old/i, category: 'message-expired' },
  { pattern: /timed? ?out|no answer/i, category: 'no-answer-from-host' },
  {
    pattern: /connection (refused|reset|closed|lost|dropped)|closing transmission channel/i,
    category: 'bad-connection',
  },
];

export interface BasicRule {
  /** The basic reply code (RFC 5321), read last, when no code or word said more. */
  code: number;
  category: BounceCategory;
}

/**
 * The basic codes. A bare 552 is "exceeded storage allocation" (RFC 5321): a full mailbox, never a dead one;
 * a bare 553 is "mailbox name not allowed", the closest a basic code comes to a bad address.
 */
export const BASIC_RULES: readonly BasicRule[] = [
  { code: 500, category: 'protocol-errors' },
  { code: 501, category: 'protocol-errors' },
  { code: 502, category: 'protocol-errors' },
  { code: 503, category: 'protocol-errors' },
  { code: 504, category: 'protocol-errors' },
  { code: 421, category: 'bad-connection' },
  { code: 552, category: 'quota-issues' },
  { code: 553, category: 'bad-mailbox' },
];
