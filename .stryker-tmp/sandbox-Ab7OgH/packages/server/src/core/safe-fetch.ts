// @ts-nocheck
import type { RequestInit, Response } from 'undici';
import { checkedFetch, createOutboundPolicy, type OutboundPolicy } from './outbound.ts';
import type { InternalAllowance } from './internal-addresses.ts';

export { InternalAddressError, isInternalAddress, type InternalAllowance } from './internal-addresses.ts';

/**
 * The address ranges that are not the internet, and `safeFetch` on top of the outbound policy
 * (core/outbound.ts). Fetching a URL a user supplied (offer links today; links and webhooks later) without letting it reach
 * this machine or its private network (SSRF). A host name is resolved in the connection's own lookup,
 * which drops internal addresses, so the address that is checked is the one connected to (no
 * DNS-rebinding window). An IP literal, however spelled (`2130706433`, `0x7f.0.0.1` are normalised by the
 * URL parser to 127.0.0.1), is checked before any connection. Redirects are never followed here: the
 * caller follows them, one checked hop at a time.
 */

export interface SafeFetchOptions {
  /** The ALLOW_INTERNAL_URLS setting (tests allow their local servers); none by default. */
  allowInternal?: InternalAllowance;
  /** The running console's policy (core/outbound.ts); built from `allowInternal` when not given. */
  policy?: OutboundPolicy;
}

const byAllowance = new Map<string, OutboundPolicy>();
function policyOf(allow: InternalAllowance): OutboundPolicy {
  const key = JSON.stringify(allow);
  let p = byAllowance.get(key);
  if (!p) byAllowance.set(key, (p = createOutboundPolicy({ allow })));
  return p;
}

/** `fetch` of one hop (redirect: manual) that refuses internal targets unless allowed (core/outbound.ts). */
export async function safeFetch(url: string, init: RequestInit, opts: SafeFetchOptions = {}): Promise<Response> {
  const policy = opts.policy ?? policyOf(opts.allowInternal ?? false);
  return checkedFetch(policy, 'URL', url, init);
}
