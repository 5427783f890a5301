import type { ImportKind } from './core/imports/kind.ts';
import { emailListImport } from './features/email-lists/import/kind.ts';
import { socksImport } from './features/socks-proxies/socks-proxies.import.ts';
import { spamDomainsImport, spamEmailsImport, spamMxsImport } from './features/spam-traps/spam-traps.import.ts';
import { unsubscribersImport } from './features/unsubscribers/unsubscribers.import.ts';
import { smtpRelaysImport } from './features/relays/smtp/smtp-relays.import.ts';
import { pmtaRelaysAllInImport, pmtaRelaysImport } from './features/relays/pmta/pmta-relays.import.ts';
import { pmtaServersSimpleImport, pmtaServersWithRelaysImport } from './features/relays/pmta/pmta-servers.import.ts';

/**
 * Every upload kind (core/imports runs, recovers and sweeps them all). Its own module: the import thread
 * (import-thread.ts) loads the kinds without the rest of the jobs.
 */
export const importKinds: readonly ImportKind[] = [
  emailListImport,
  socksImport,
  smtpRelaysImport,
  unsubscribersImport,
  spamDomainsImport,
  spamEmailsImport,
  spamMxsImport,
  pmtaServersSimpleImport,
  pmtaServersWithRelaysImport,
  pmtaRelaysImport,
  pmtaRelaysAllInImport,
];
