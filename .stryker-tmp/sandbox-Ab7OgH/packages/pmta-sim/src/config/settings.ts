// @ts-nocheck
import { DOMAIN_DEFAULTS, DOMAIN_DIRECTIVES } from './directives.ts';
import type { DirectiveTexts, PatternReply, PmtaConfig } from './parse.ts';

/** The settings of one queue `domain/vmta`, typed. */
export interface QueueSettings {
  /** Directive -> the text in effect (for `pmta show settings`). */
  texts: DirectiveTexts;
  maxSmtpOut: number;
  /** Messages per second; Infinity = unlimited, 0 = none. */
  maxMsgRate: number;
  retryAfter: number[];
  bounceAfter: number;
  backoffMaxMsgRate: number;
  backoffRetryAfter: number[];
  backoffToNormalAfterDelivery: boolean;
  backoffToNormalAfter: number | null;
  patterns: PatternReply[];
}

/**
 * Directive by directive, the later wins: PMTA's defaults, `<domain *>`, `<domain D>`, then the same two
 * nested in the queue's `<virtual-mta>` (decision 0900).
 */
export function settingsFor(config: PmtaConfig, domain: string, vmta: string): QueueSettings {
  const nested = config.vmtas.get(vmta)?.domains;
  const texts: DirectiveTexts = {
    ...DOMAIN_DEFAULTS,
    ...config.domains.get('*'),
    ...config.domains.get(domain),
    ...nested?.get('*'),
    ...nested?.get(domain),
  };
  const v = <T>(d: string) => DOMAIN_DIRECTIVES[d]!.parse(texts[d]!) as T;
  const list = texts['smtp-pattern-list'];
  return {
    texts,
    maxSmtpOut: v('max-smtp-out'),
    maxMsgRate: v('max-msg-rate'),
    retryAfter: v('retry-after'),
    bounceAfter: v('bounce-after'),
    backoffMaxMsgRate: v('backoff-max-msg-rate'),
    backoffRetryAfter: v('backoff-retry-after'),
    backoffToNormalAfterDelivery: v('backoff-to-normal-after-delivery'),
    backoffToNormalAfter: v('backoff-to-normal-after'),
    patterns: (list && config.patternLists.get(list)) || [],
  };
}
