// @ts-nocheck
import {
  parseBool,
  parseCount,
  parseDuration,
  parseDurationList,
  parseNeverOrDuration,
  parseRate,
  parseSize,
} from './values.ts';

/*
 * The directives the simulator knows, by block, each with its value parser and the words of the refusal.
 * Anything else is refused as an unknown directive (decision 0900).
 */

export interface Syntax {
  parse: (text: string) => unknown;
  /** What a valid value looks like, for the refusal. */
  expected: string;
}

const rate: Syntax = { parse: parseRate, expected: 'unlimited, 0 or N/[M]{d|h|m|s}' };
const duration: Syntax = { parse: parseDuration, expected: 'a duration such as 10m or 4d12h' };
const durations: Syntax = { parse: parseDurationList, expected: 'a duration or a list such as 10m,20m,1h' };
const neverOrDuration: Syntax = { parse: parseNeverOrDuration, expected: 'never or a duration' };
const bool: Syntax = { parse: parseBool, expected: 'yes, no, true or false' };
const count: Syntax = { parse: (t) => parseCount(t), expected: 'a number' };
const countOrUnlimited: Syntax = { parse: (t) => parseCount(t, true), expected: 'a number or unlimited' };
const name: Syntax = { parse: (t) => (/^[\w.@*-]+$/.test(t) ? t : undefined), expected: 'a name' };
const size: Syntax = { parse: parseSize, expected: 'a size such as 50M' };
const port: Syntax = {
  parse: (t) => {
    const n = parseCount(t);
    return n !== undefined && n > 0 && n < 65536 ? n : undefined;
  },
  expected: 'a port number',
};

/** `<domain>` directives (also nested in `<virtual-mta>`); packages/server/src/pmta/domain-blocks.ts writes them. */
export const DOMAIN_DIRECTIVES: Record<string, Syntax> = {
  'max-smtp-out': count,
  'max-msg-per-connection': count,
  'max-errors-per-connection': countOrUnlimited,
  'max-msg-rate': rate,
  'retry-after': durations,
  'bounce-after': duration,
  'backoff-max-msg-rate': rate,
  'backoff-retry-after': durations,
  'backoff-to-normal-after-delivery': bool,
  'backoff-to-normal-after': neverOrDuration,
  'smtp-pattern-list': name,
  'bounce-upon-no-mx': bool,
  'assume-delivery-upon-data-termination-timeout': bool,
  'smtp-421-means-mx-unavailable': bool,
  'smtp-553-means-invalid-mailbox': bool,
  'bounce-upon-5xx-greeting': bool,
  'connect-timeout': duration,
  'smtp-greeting-timeout': duration,
  'data-send-timeout': duration,
  'dk-sign': bool,
  'dkim-sign': bool,
  'deliver-local-dsn': bool,
};

/** PMTA's defaults (the console's, ../shared/PMTA.md): what a queue gets when no block says otherwise. */
export const DOMAIN_DEFAULTS: Record<string, string> = {
  'max-smtp-out': '20',
  'max-msg-per-connection': '0',
  'max-errors-per-connection': 'unlimited',
  'max-msg-rate': 'unlimited',
  'retry-after': '10m',
  'bounce-after': '4d12h',
  'backoff-max-msg-rate': 'unlimited',
  'backoff-retry-after': '1h',
  'backoff-to-normal-after-delivery': 'false',
  'backoff-to-normal-after': 'never',
  'bounce-upon-no-mx': 'false',
  'assume-delivery-upon-data-termination-timeout': 'false',
  'smtp-421-means-mx-unavailable': 'false',
  'smtp-553-means-invalid-mailbox': 'true',
  'bounce-upon-5xx-greeting': 'true',
  'connect-timeout': '2m',
  'smtp-greeting-timeout': '5m',
  'data-send-timeout': '3m',
  'dk-sign': 'false',
  'dkim-sign': 'false',
  'deliver-local-dsn': 'true',
};

export const SOURCE_DIRECTIVES: Record<string, Syntax> = {
  'always-allow-relaying': bool,
  'process-x-virtual-mta': bool,
  'process-x-job': bool,
  'smtp-service': bool,
  'log-connections': bool,
  'log-commands': bool,
  'default-virtual-mta': name,
};

export const ACCT_DIRECTIVES: Record<string, Syntax> = {
  records: {
    parse: (t) => {
      const list = t.split(',');
      return list.every((r) => ['d', 'b', 't', 'f', 'rb', 'rs', 'tq'].includes(r)) ? list : undefined;
    },
    expected: 'a list of record types such as d,b,t',
  },
  'move-interval': duration,
  'max-size': size,
  'delete-after': neverOrDuration,
};

/** Top-level one-value directives (smtp-listener, http-access, include, domain-key have their own shape). */
export const GLOBAL_DIRECTIVES: Record<string, Syntax> = {
  'http-mgmt-port': port,
  'host-name': name,
  postmaster: name,
  'run-as-root': bool,
};
