/*
 * What an SMTP reply says to the sender itself (the bounce classes are suppression/bounces.ts, decision 1360).
 */

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
