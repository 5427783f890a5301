import type { z } from 'zod';
import type { AppContext } from './core/context.ts';
import type { JobDefinition } from './core/jobs.ts';
import { importJobs } from './core/imports/jobs.ts';
import { importKinds } from './import-kinds.ts';
import { authJobs } from './features/auth/auth.jobs.ts';
import { offerJobs } from './features/offers/offers.jobs.ts';
import { reputationProviderJobs } from './features/reputation-providers/reputation-providers.jobs.ts';
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
import { deliveryJobs } from './features/delivery/delivery.jobs.ts';
import { warmupPlanJobs } from './features/warmup-plans/warmup-plans.jobs.ts';
import { bounceMailboxJobs } from './features/bounce-mailboxes/bounce-mailboxes.jobs.ts';
import { appliedPmtaConfigJobs } from './features/pmta-configs/applied-pmta-configs.jobs.ts';

/** The import thread's entry (decision 1310): the kinds' heavy work runs there. */
const IMPORT_THREAD = new URL('./import-thread.ts', import.meta.url);

export { importKinds };

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
    ...bounceMailboxJobs(ctx),
    ...pmtaRelayIndicatorsJobs(ctx),
    ...pmtaRelayDeliverabilitiesJobs(ctx),
    ...deliveryJobs(ctx),
    ...warmupPlanJobs(ctx),
    ...importJobs(ctx, importKinds, IMPORT_THREAD),
  ];
}
