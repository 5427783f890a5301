/*
 * The conversion postback's amount: `sum` in currency units ("12.50"), stored in cents with the owner's
 * profit rate (0-100 %) applied: round(sum * 100 * rate / 100). Parsed as a decimal, never through a float
 * of the text, so "0.29" is 29 cents exactly before the rate is applied.
 */
// @ts-nocheck


/** Up to 1,000,000 units with up to 6 decimals; an empty or missing sum is 0 (a conversion without payout). */
const SUM = /^(\d{1,7})(?:\.(\d{1,6}))?$/;
const MAX_UNITS = 1_000_000;

/** The sum in millionths of a unit, or null when it is not a sum we take. */
export function parseSum(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return 0;
  const m = SUM.exec(text.trim());
  if (!m) return null;
  const micros = Number(m[1]) * 1e6 + Number((m[2] ?? '').padEnd(6, '0'));
  return micros > MAX_UNITS * 1e6 ? null : micros;
}

/** Cents of profit: the sum times the owner's rate, rounded half up to a cent. */
export function profitCents(micros: number, profitRate: number): number {
  // micros * rate / 1e6 is sum * rate = sum * 100 * rate / 100; toFixed trims float noise before rounding.
  return Math.round(Number(((micros * profitRate) / 1e6).toFixed(6)));
}
