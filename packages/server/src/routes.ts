import type { FastifyPluginAsync } from 'fastify';
import { uploadFilesRoutes } from './core/imports/routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { homeRoutes } from './features/home/home.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { mailProvidersRoutes } from './features/mail-providers/mail-providers.routes.ts';
import { offersRoutes } from './features/offers/offers.routes.ts';
import { emailListsRoutes } from './features/email-lists/email-lists.routes.ts';
import { pmtaServersRoutes } from './features/relays/pmta/pmta-servers.routes.ts';
import { smtpServersRoutes } from './features/relays/smtp/smtp-servers.routes.ts';
import { bounceMailboxesRoutes } from './features/bounce-mailboxes/bounce-mailboxes.routes.ts';
import { relayGroupsRoutes } from './features/relays/relay-groups.routes.ts';
import { pmtaRelaysRoutes } from './features/relays/pmta/pmta-relays.routes.ts';
import { smtpRelaysRoutes } from './features/relays/smtp/smtp-relays.routes.ts';
import { relaysRoutes } from './features/relays/relays.routes.ts';
import { socksProxiesRoutes } from './features/socks-proxies/socks-proxies.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { tagsRoutes } from './features/tags/tags.routes.ts';
import { dkimKeysRoutes } from './features/dkim-keys/dkim-keys.routes.ts';
import { linkGroupsRoutes } from './features/link-groups/link-groups.routes.ts';
import { linksRoutes } from './features/links/links.routes.ts';
import { processesRoutes } from './features/processes/processes.routes.ts';
import { retentionRoutes } from './features/retention/retention.routes.ts';
import { mailServiceSettingsRoutes } from './features/mail-service-settings/mail-service-settings.routes.ts';
import { unsubscribersRoutes } from './features/unsubscribers/unsubscribers.routes.ts';
import { spamTrapsRoutes } from './features/spam-traps/spam-traps.routes.ts';
import { bouncedEmailsRoutes } from './features/bounced-emails/bounced-emails.routes.ts';
import { bounceSettingsRoutes } from './features/bounced-emails/bounce-settings.routes.ts';
import { complaintEmailsRoutes } from './features/complaint-emails/complaint-emails.routes.ts';
import { reputationProvidersRoutes } from './features/reputation-providers/reputation-providers.routes.ts';
import { smtpCampaignsRoutes } from './features/campaigns/smtp-campaigns/smtp-campaigns.routes.ts';
import { pmtaCampaignsRoutes } from './features/campaigns/pmta-campaigns/pmta-campaigns.routes.ts';
import { statisticsRoutes } from './features/campaigns/smtp-campaigns/statistics.routes.ts';
import { campaignsRoutes } from './features/campaigns/campaigns.routes.ts';
import { pmtaSshRoutes } from './features/relays/pmta/pmta-ssh.routes.ts';
import { pmtaRelaysReportRoutes } from './features/pmta-relays-report/pmta-relays-report.routes.ts';
import { pmtaRelaysMailServiceReportRoutes } from './features/pmta-relays-mail-service-report/pmta-relays-mail-service-report.routes.ts';
import { pmtaTroubleReportRoutes } from './features/pmta-trouble-report/pmta-trouble-report.routes.ts';
import { pmtaBalancersRoutes } from './features/pmta-balancers/pmta-balancers.routes.ts';
import { pmtaEmailTestsRoutes } from './features/pmta-email-tests/pmta-email-tests.routes.ts';
import { pmtaConfigsRoutes } from './features/pmta-configs/pmta-configs.routes.ts';
import { appliedPmtaConfigsRoutes } from './features/pmta-configs/applied-pmta-configs.routes.ts';
import { pmtaSpeedsRoutes } from './features/pmta-speeds/pmta-speeds.routes.ts';
import { toolsRoutes } from './features/tools/tools.routes.ts';
import { messageReportRoutes } from './features/message-report/message-report.routes.ts';
import { mailProviderReportRoutes } from './features/mail-provider-report/mail-provider-report.routes.ts';
import { emailListReportRoutes } from './features/email-list-report/email-list-report.routes.ts';
import { pmtaRelayIndicatorsRoutes } from './features/pmta-relay-indicators/pmta-relay-indicators.routes.ts';
import { pmtaRelayDeliverabilitiesRoutes } from './features/pmta-relay-deliverabilities/pmta-relay-deliverabilities.routes.ts';
import { profitReportRoutes } from './features/profit-report/profit-report.routes.ts';
import { deliveryRoutes } from './features/delivery/delivery.routes.ts';
import { warmupPlansRoutes } from './features/warmup-plans/warmup-plans.routes.ts';
import { activityReportRoutes } from './features/activity-report/activity-report.routes.ts';

/** Every route plugin of the API, in one place. Each is mounted under /api. */
export const routes: FastifyPluginAsync[] = [
  authRoutes,
  usersRoutes,
  notificationsRoutes,
  dashboardRoutes,
  homeRoutes,
  eventsRoutes,
  categoriesRoutes,
  mailProvidersRoutes,
  offersRoutes,
  emailListsRoutes,
  uploadFilesRoutes,
  pmtaServersRoutes,
  smtpServersRoutes,
  bounceMailboxesRoutes,
  relayGroupsRoutes,
  pmtaRelaysRoutes,
  smtpRelaysRoutes,
  relaysRoutes,
  socksProxiesRoutes,
  messagesRoutes,
  tagsRoutes,
  dkimKeysRoutes,
  linkGroupsRoutes,
  linksRoutes,
  reputationProvidersRoutes,
  unsubscribersRoutes,
  spamTrapsRoutes,
  bouncedEmailsRoutes,
  bounceSettingsRoutes,
  complaintEmailsRoutes,
  mailServiceSettingsRoutes,
  smtpCampaignsRoutes,
  pmtaCampaignsRoutes,
  statisticsRoutes,
  campaignsRoutes,
  pmtaSshRoutes,
  pmtaTroubleReportRoutes,
  pmtaRelaysReportRoutes,
  pmtaRelaysMailServiceReportRoutes,
  pmtaBalancersRoutes,
  pmtaSpeedsRoutes,
  pmtaConfigsRoutes,
  appliedPmtaConfigsRoutes,
  pmtaEmailTestsRoutes,
  toolsRoutes,
  messageReportRoutes,
  mailProviderReportRoutes,
  emailListReportRoutes,
  pmtaRelayIndicatorsRoutes,
  pmtaRelayDeliverabilitiesRoutes,
  profitReportRoutes,
  activityReportRoutes,
  processesRoutes,
  retentionRoutes,
  deliveryRoutes,
  warmupPlansRoutes,
];
