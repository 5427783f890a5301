// @ts-nocheck
import { HOST_NAME } from '@console/shared/pmta-relays';

/**
 * The domains a mail service setting's Domain Macro names (decision 0700): `*` (PMTA's default block), a
 * mail service's name (its domains, given as `ofProvider`), or domains separated by commas, semicolons or
 * spaces. Nothing else: a typo would silently configure nothing. Pure, so a whole server's settings are
 * resolved from one query (load.ts) and one setting's from its own (mail-service-settings.service.ts).
 */
export function macroDomains(macro: string, ofProvider: readonly string[]): string[] {
  const m = macro.trim();
  if (m === '*') return ['*'];
  if (ofProvider.length) return [...ofProvider];
  const listed = m
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((d) => d.toLowerCase());
  return listed.length && listed.every((d) => HOST_NAME.test(d) && d.includes('.')) ? [...new Set(listed)] : [];
}
