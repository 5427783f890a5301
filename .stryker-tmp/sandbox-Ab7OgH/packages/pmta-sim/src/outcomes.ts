/*
 * What the simulated remote side answers, per domain or address pattern (decision 0900). A JSON array of
 * rules, the first match wins; a recipient no rule matches is delivered (or relayed downstream).
 */
// @ts-nocheck


export interface OutcomeRule {
  /** `example.com` (a domain), `a@example.com` (an address); `*` matches any characters: `bad-*@example.com`. */
  match: string;
  result: 'delivered' | 'bounced' | 'deferred';
  /** bounced: the bounce category (PMTA.md's list), the DSN status `5.1.1 (bad destination mailbox address)`. */
  bounceCat?: string;
  dsnStatus?: string;
  /** The remote reply, e.g. `550 5.1.1 User unknown` or `421 4.7.0 SERVICE NOT AVAILABLE`. */
  reply?: string;
  /** deferred: how many attempts are deferred before `then`; absent, every attempt (the message expires). */
  times?: number;
  then?: 'delivered' | 'bounced';
  /** delivered: the recipient then complains (an `f` record). */
  complaint?: boolean;
}

export interface Attempt {
  kind: 'delivered' | 'bounced' | 'deferred';
  dsnStatus: string;
  /** The remote reply without the `smtp;` prefix. */
  reply: string;
  bounceCat?: string;
  complaint?: boolean;
}

const glob = (pattern: string) =>
  new RegExp(
    '^' +
      pattern
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
    'i',
  );

export function findRule(rules: OutcomeRule[], rcpt: string): OutcomeRule | undefined {
  const domain = rcpt.slice(rcpt.lastIndexOf('@') + 1);
  return rules.find((r) => (r.match.includes('@') ? glob(r.match).test(rcpt) : glob(r.match).test(domain)));
}

export const DELIVERED: Attempt = { kind: 'delivered', dsnStatus: '2.0.0 (success)', reply: '250 2.0.0 OK' };

/** The answer to attempt number `attempt` (0 = first) for a recipient. */
export function outcome(rule: OutcomeRule | undefined, attempt: number): Attempt {
  if (!rule || rule.result === 'delivered') return { ...DELIVERED, complaint: rule?.complaint };
  if (rule.result === 'deferred' && (rule.times === undefined || attempt < rule.times)) {
    return {
      kind: 'deferred',
      dsnStatus: rule.dsnStatus ?? '4.7.0 (delivery temporarily suspended)',
      reply: rule.reply ?? '421 4.7.0 SERVICE NOT AVAILABLE',
    };
  }
  if (rule.result === 'deferred' && rule.then !== 'bounced') return { ...DELIVERED, complaint: rule.complaint };
  return {
    kind: 'bounced',
    dsnStatus: rule.dsnStatus ?? '5.0.0 (undefined status)',
    reply: rule.reply ?? `550 ${(rule.dsnStatus ?? '5.0.0').split(' ')[0]} rejected`,
    bounceCat: rule.bounceCat ?? 'other',
  };
}

/** A bounce category for a downstream peer's 5xx, from its enhanced status code (decision 0900). */
export function categoryOf(status: string): string {
  const byCode: Record<string, string> = {
    '5.1.1': 'bad-mailbox',
    '5.1.2': 'bad-domain',
    '5.1.10': 'bad-mailbox',
    '5.2.1': 'inactive-mailbox',
    '5.2.2': 'quota-issues',
    '5.4.4': 'routing-errors',
    '5.7.1': 'policy-related',
  };
  return byCode[status] ?? (status.startsWith('5.7.') ? 'policy-related' : 'other');
}
