import { NotBuiltYet } from '@/components/not-built-yet.tsx';
import { ProfilePage } from '@/features/auth/pages/profile-page.tsx';
import { homeScreens } from '@/features/home/routes.tsx';
import { dashboardScreens } from '@/features/dashboard/routes.tsx';
import { categoriesScreens } from '@/features/categories/routes.tsx';
import { emailListsScreens } from '@/features/email-lists/routes.tsx';
import { offersScreens } from '@/features/offers/routes.tsx';
import { usersScreens } from '@/features/users/routes.tsx';
import { relaysScreens } from '@/features/relays/routes.tsx';
import { bounceMailboxesScreens } from '@/features/bounce-mailboxes/routes.tsx';
import { socksProxiesScreens } from '@/features/socks-proxies/routes.tsx';
import { messagesScreens } from '@/features/messages/routes.tsx';
import { tagsScreens } from '@/features/tags/routes.tsx';
import { dkimKeysScreens } from '@/features/dkim-keys/routes.tsx';
import { linkGroupsScreens } from '@/features/link-groups/routes.tsx';
import { linksScreens } from '@/features/links/routes.tsx';
import { mailServiceSettingsScreens } from '@/features/mail-service-settings/routes.tsx';
import { processesScreens } from '@/features/processes/routes.tsx';
import { retentionScreens } from '@/features/retention/routes.tsx';
import { spamTrapsScreens } from '@/features/spam-traps/routes.tsx';
import { bouncedEmailsScreens } from '@/features/bounced-emails/routes.tsx';
import { complaintEmailsScreens } from '@/features/complaint-emails/routes.tsx';
import { unsubscribersScreens } from '@/features/unsubscribers/routes.tsx';
import { reputationProvidersScreens } from '@/features/reputation-providers/routes.tsx';
import { campaignsScreens } from '@/features/campaigns/routes.tsx';
import { pmtaRelaysReportScreens } from '@/features/pmta-relays-report/routes.tsx';
import { pmtaRelaysMailServiceReportScreens } from '@/features/pmta-relays-mail-service-report/routes.tsx';
import { deliveryScreens } from '@/features/delivery/routes.tsx';
import { warmupPlansScreens } from '@/features/warmup-plans/routes.tsx';
import { pmtaTroubleReportScreens } from '@/features/pmta-trouble-report/routes.tsx';
import { pmtaBalancersScreens } from '@/features/pmta-balancers/routes.tsx';
import { pmtaSpeedsScreens } from '@/features/pmta-speeds/routes.tsx';
import { toolsScreens } from '@/features/tools/routes.tsx';
import { pmtaConfigsScreens } from '@/features/pmta-configs/routes.tsx';
import { pmtaEmailTestsScreens } from '@/features/pmta-email-tests/routes.tsx';
import { profitReportScreens } from '@/features/profit-report/routes.tsx';
import { activityReportScreens } from '@/features/activity-report/routes.tsx';
import { messageReportScreens } from '@/features/message-report/routes.tsx';
import { mailProviderReportScreens } from '@/features/mail-provider-report/routes.tsx';
import { emailListReportScreens } from '@/features/email-list-report/routes.tsx';
import { pmtaRelayIndicatorsScreens } from '@/features/pmta-relay-indicators/routes.tsx';
import { pmtaRelayDeliverabilitiesScreens } from '@/features/pmta-relay-deliverabilities/routes.tsx';
import { AboutPage } from './pages/about-page.tsx';
import { routes, type RouteName, type Screens } from '@/lib/routes.ts';

/**
 * What each signed-in route shows. A feature contributes its screens through its own routes.tsx
 * (one spread below); every route nobody provides yet renders <NotBuiltYet /> with its title.
 * A new feature (e.g. socks-proxies) adds `...socksProxiesScreens` here and nothing else.
 */
const screens: Screens = {
  ...homeScreens,
  ...dashboardScreens,
  profile: <ProfilePage />,
  about: <AboutPage />,
  ...usersScreens,
  ...categoriesScreens,
  ...emailListsScreens,
  ...offersScreens,
  ...relaysScreens,
  ...bounceMailboxesScreens,
  ...socksProxiesScreens,
  ...messagesScreens,
  ...tagsScreens,
  ...dkimKeysScreens,
  ...linkGroupsScreens,
  ...linksScreens,
  ...reputationProvidersScreens,
  ...unsubscribersScreens,
  ...spamTrapsScreens,
  ...bouncedEmailsScreens,
  ...complaintEmailsScreens,
  ...mailServiceSettingsScreens,
  ...processesScreens,
  ...retentionScreens,
  ...campaignsScreens,
  ...pmtaTroubleReportScreens,
  ...deliveryScreens,
  ...warmupPlansScreens,
  ...pmtaRelaysReportScreens,
  ...pmtaRelaysMailServiceReportScreens,
  ...pmtaBalancersScreens,
  ...pmtaSpeedsScreens,
  ...toolsScreens,
  ...pmtaConfigsScreens,
  ...pmtaEmailTestsScreens,
  ...profitReportScreens,
  ...activityReportScreens,
  ...messageReportScreens,
  ...mailProviderReportScreens,
  ...emailListReportScreens,
  ...pmtaRelayIndicatorsScreens,
  ...pmtaRelayDeliverabilitiesScreens,
};

export const screenFor = (name: RouteName) => screens[name] ?? <NotBuiltYet screen={routes[name].title} />;
