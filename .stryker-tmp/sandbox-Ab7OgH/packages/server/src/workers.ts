// @ts-nocheck
import type { z } from 'zod';
import type { AppContext } from './core/context.ts';
import type { JobDefinition } from './core/jobs.ts';
import { importJobs } from './core/imports/jobs.ts';
import type { ImportKind } from './core/imports/kind.ts';
import { authJobs } from './features/auth/auth.jobs.ts';
import { offerJobs } from './features/offers/offers.jobs.ts';
import { reputationProviderJobs } from './features/reputation-providers/reputation-providers.jobs.ts';
import { emailListImport } from './features/email-lists/import/kind.ts';
import { socksImport } from './features/socks-proxies/socks-proxies.import.ts';
import { spamDomainsImport, spamEmailsImport, spamMxsImport } from './features/spam-traps/spam-traps.import.ts';
import { spamTrapJobs } from './features/spam-traps/mx.jobs.ts';
import { trackingJobs } from './tracking/tracking.jobs.ts';
import { retentionJobs } from './features/retention/retention.jobs.ts';
import { sendingJobs } from './sending/sending.jobs.ts';
import { campaignJobs } from './features/campaigns/campaigns.jobs.ts';
import { pmtaTroubleReportJobs } from './features/pmta-trouble-report/pmta-trouble-report.jobs.ts';
import { pmtaSpeedsJobs } from './features/pmta-speeds/pmta-speeds.jobs.ts';
import { accountingJobs } from './pmta/accounting/accounting.jobs.ts';
import { campaignRecords } from './pmta/accounting/campaigns.ts';
import { emailTestRecords } from './features/pmta-email-tests/email-test-records.ts';
import { pmtaRelayIndicatorsJobs } from './features/pmta-relay-indicators/pmta-relay-indicators.jobs.ts';
import { pmtaRelayDeliverabilitiesJobs } from './features/pmta-relay-deliverabilities/pmta-relay-deliverabilities.jobs.ts';
import { appliedPmtaConfigJobs } from './features/applied-pmta-configs/applied-pmta-configs.jobs.ts';
import { unsubscribersImport } from './features/unsubscribers/unsubscribers.import.ts';
import { smtpRelaysImport } from './features/smtp-relays/smtp-relays.import.ts';
import { pmtaRelaysAllInImport, pmtaRelaysImport } from './features/pmta-relays/pmta-relays.import.ts';
import { pmtaServersSimpleImport, pmtaServersWithRelaysImport } from './features/pmta-servers/pmta-servers.import.ts';

/** Every upload kind (core/imports runs, recovers and sweeps them all). */
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

/** Every background job of the console, in one place. Each feature's `.jobs.ts` builds its definitions. */
export function jobDefinitions(ctx: AppContext): JobDefinition<z.ZodType>[] {
  return [
    ...authJobs(ctx),
    ...offerJobs(ctx),
    ...reputationProviderJobs(ctx),
    ...spamTrapJobs(ctx),
    ...trackingJobs(ctx),
    ...retentionJobs(ctx),
    ...campaignJobs(ctx),
    ...sendingJobs(ctx),
    ...pmtaTroubleReportJobs(ctx),
    ...pmtaSpeedsJobs(ctx),
    ...accountingJobs(ctx, [campaignRecords, emailTestRecords]),
    ...appliedPmtaConfigJobs(ctx),
    ...pmtaRelayIndicatorsJobs(ctx),
    ...pmtaRelayDeliverabilitiesJobs(ctx),
    ...importJobs(ctx, importKinds),
  ];
}
