import { generatePath } from 'react-router';

/**
 * Every route of the console by the spec's name: link with `href('offersEdit', { id })`, never with a
 * hand-written path. `admin` routes are guarded (non-admins go to /home). Names the spec does not give
 * follow the same pattern (list, create, edit). Pure data: features may import it.
 */
export const routes = {
  // Session and shell (spec 1)
  login: { path: '/login', title: 'Login' },
  register: { path: '/register', title: 'Register' },
  home: { path: '/home', title: 'Home' },
  profile: { path: '/profile', title: 'Profile' },
  about: { path: '/about', title: 'About' },
  error403: { path: '/page/error/403', title: 'Forbidden' },
  error404: { path: '/page/error/404', title: 'Page Not Found' },
  error500: { path: '/page/error/500', title: 'Internal Server Error' },

  // Users and categories (admin)
  users: { path: '/users', title: 'Users', admin: true },
  processes: { path: '/processes', title: 'Processes', admin: true },
  retention: { path: '/retention', title: 'Data Retention', admin: true },
  usersCreate: { path: '/users/create', title: 'Create User', admin: true },
  usersEdit: { path: '/users/:id/edit', title: 'Edit User', admin: true },
  categories: { path: '/categories', title: 'Categories', admin: true },

  // Email lists and offers
  emailLists: { path: '/email-list', title: 'Email Lists' },
  emailListCreate: { path: '/email-list/create', title: 'Create Email List' },
  emailListManage: { path: '/email-list/:id/edit', title: 'Edit Email List' },
  emailListEmails: { path: '/email-list/:id/emails', title: 'Email List contents' },
  offersList: { path: '/offers', title: 'Offers' },
  offersAdd: { path: '/offers/create', title: 'Create Offer' },
  offersEdit: { path: '/offers/:id/edit', title: 'Edit Offer' },
  tags: { path: '/tags', title: 'Dynamic content' },
  tagCreate: { path: '/tags/create', title: 'Create Tag' },
  tagEdit: { path: '/tags/:id/edit', title: 'Edit Tag' },

  // Sending infrastructure (spec 2)
  pmtaServers: { path: '/pmta-servers', title: 'PMTA Servers' },
  pmtaServerCreate: { path: '/pmta-servers/create', title: 'Create PMTA Server' },
  pmtaServerEdit: { path: '/pmta-servers/:id/edit', title: 'Edit PMTA Server' },
  pmtaServerBalancers: { path: '/pmta-servers/:id/balancers', title: 'PMTA Server Balancers' },
  smtpServers: { path: '/smtp-servers', title: 'SMTP Servers' },
  smtpServerCreate: { path: '/smtp-servers/create', title: 'Create SMTP Server' },
  smtpServerEdit: { path: '/smtp-servers/:id/edit', title: 'Edit SMTP Server' },
  bounceMailboxes: { path: '/bounce-mailboxes', title: 'Bounce Mailboxes' },
  bounceMailboxCreate: { path: '/bounce-mailboxes/create', title: 'Create Bounce Mailbox' },
  bounceMailboxEdit: { path: '/bounce-mailboxes/:id/edit', title: 'Edit Bounce Mailbox' },
  bounceReports: { path: '/bounce-reports', title: 'Processed Reports' },
  pmtaRelayGroups: { path: '/pmta-relay-groups', title: 'PMTA Relay Groups' },
  pmtaRelayGroupCreate: { path: '/pmta-relay-groups/create', title: 'Create PMTA Relay Group' },
  pmtaRelayGroupEdit: { path: '/pmta-relay-groups/:id/edit', title: 'Edit PMTA Relay Group' },
  smtpRelayGroups: { path: '/smtp-relay-groups', title: 'SMTP Relay Groups' },
  smtpRelayGroupCreate: { path: '/smtp-relay-groups/create', title: 'Create SMTP Relay Group' },
  smtpRelayGroupEdit: { path: '/smtp-relay-groups/:id/edit', title: 'Edit SMTP Relay Group' },
  pmtaRelays: { path: '/pmta-relays', title: 'PMTA Relays' },
  pmtaRelayCreate: { path: '/pmta-relays/create', title: 'Create PMTA Relay' },
  pmtaRelayEdit: { path: '/pmta-relays/:id/edit', title: 'Edit PMTA Relay' },
  pmtaRelayFilter1: { path: '/pmta-relays/by_server/:serverId', title: 'PMTA Relays by server' },
  pmtaRelayFilter2: { path: '/pmta-relays/by_group/:groupId', title: 'PMTA Relays by group' },
  pmtaRelayFilter3: { path: '/pmta-relays/by_relay/:relayId', title: 'PMTA Relay' },
  dkimKeys: { path: '/dkim-keys', title: 'DKIM Keys' },
  dkimKeyCreate: { path: '/dkim-keys/create', title: 'Add DKIM Key' },
  dkimKeyEdit: { path: '/dkim-keys/:id/edit', title: 'DKIM Key' },
  smtpRelays: { path: '/smtp-relays', title: 'SMTP Relays' },
  smtpRelayCreate: { path: '/smtp-relays/create', title: 'Create SMTP Relay' },
  smtpRelayEdit: { path: '/smtp-relays/:id/edit', title: 'Edit SMTP Relay' },
  smtpRelayFilter1: { path: '/smtp-relays/by_server/:serverId', title: 'SMTP Relays by server' },
  smtpRelayFilter2: { path: '/smtp-relays/by_group/:groupId', title: 'SMTP Relays by group' },
  socksProxies: { path: '/socks-proxies', title: 'Socks Proxies' },
  socksProxyCreate: { path: '/socks-proxies/create', title: 'Create Socks Proxy' },
  socksProxyEdit: { path: '/socks-proxies/:id/edit', title: 'Edit Socks Proxy' },
  socksProxyFilter1: { path: '/socks-proxies/by_group/:groupId', title: 'Socks Proxies by group' },
  links: { path: '/links', title: 'Links' },
  linkCreate: { path: '/links/create', title: 'Create Link' },
  linkEdit: { path: '/links/:id/edit', title: 'Edit Link' },
  linkFilter1: { path: '/links/by_group/:groupId', title: 'Links by group' },
  linkGroups: { path: '/link-groups', title: 'Link Groups' },
  linkGroupCreate: { path: '/link-groups/create', title: 'Create Link Group' },
  linkGroupEdit: { path: '/link-groups/:id/edit', title: 'Edit Link Group' },
  unsubscribers: { path: '/unsubscribers', title: 'Unsubscribers', admin: true },
  unsubscriberCreate: { path: '/unsubscribers/create', title: 'Add Unsubscribers', admin: true },
  unsubscriberEdit: { path: '/unsubscribers/:id/edit', title: 'Edit Unsubscriber', admin: true },
  spamDomains: { path: '/spam-domains', title: 'Spam Domains', admin: true },
  spamDomainCreate: { path: '/spam-domains/create', title: 'Create Spam Domain', admin: true },
  spamDomainEdit: { path: '/spam-domains/:id/edit', title: 'Edit Spam Domain', admin: true },
  spamEmails: { path: '/spam-emails', title: 'Spam Emails', admin: true },
  spamEmailCreate: { path: '/spam-emails/create', title: 'Create Spam Email', admin: true },
  spamEmailEdit: { path: '/spam-emails/:id/edit', title: 'Edit Spam Email', admin: true },
  spamMxs: { path: '/spam-mxs', title: 'Spam MXs', admin: true },
  spamMxCreate: { path: '/spam-mxs/create', title: 'Create Spam MX', admin: true },
  bouncedEmails: { path: '/bounced-emails', title: 'Bounced Emails', admin: true },
  complaintEmails: { path: '/complaints', title: 'Complaints', admin: true },
  mailServiceSettings: { path: '/mail-service-settings', title: 'Mail Service Settings', admin: true },
  mailServiceSettingCreate: {
    path: '/mail-service-settings/create',
    title: 'Create Mail Service Setting',
    admin: true,
  },
  mailServiceSettingEdit: { path: '/mail-service-settings/:id/edit', title: 'Edit Mail Service Setting', admin: true },
  reputationProviders: { path: '/reputation-providers', title: 'Reputation Providers', admin: true },
  reputationProviderEdit: {
    path: '/reputation-providers/:id/edit',
    title: 'Edit Reputation Provider',
    admin: true,
  },

  // Campaigns (spec 3)
  messages: { path: '/messages', title: 'Messages' },
  messageCreate: { path: '/messages/create', title: 'Create Message' },
  messageEdit: { path: '/messages/:id/edit', title: 'Edit Message' },
  pmtaCampaigns: { path: '/pmta-campaigns', title: 'PMTA Campaigns' },
  pmtaCampaignCreate: { path: '/pmta-campaigns/create', title: 'Create PMTA Campaign' },
  pmtaCampaignEdit: { path: '/pmta-campaigns/:id/edit', title: 'Edit PMTA Campaign' },
  pmtaCampaignStatistics: { path: '/pmta-campaigns/:id/statistics', title: 'PMTA Campaign Statistics' },
  smtpCampaigns: { path: '/smtp-campaigns', title: 'SMTP Campaigns' },
  smtpCampaignCreate: { path: '/smtp-campaigns/create', title: 'Create SMTP Campaign' },
  smtpCampaignEdit: { path: '/smtp-campaigns/:id/edit', title: 'Edit SMTP Campaign' },
  smtpCampaignStatistics: { path: '/smtp-campaigns/:id/statistics', title: 'SMTP Campaign Statistics' },

  // Reports (spec 3)
  dashboard: { path: '/dashboard', title: 'Dashboard' },
  pmtaRelaysReport: { path: '/pmta-relays-report', title: 'PMTA Relays Report', admin: true },
  pmtaRelaysMailServiceReport: { path: '/pmta-relays-mail-service-report', title: 'PMTA Relays - Mail Service Report' },
  pmtaTroubleReport: { path: '/pmta-trouble-report', title: 'PMTA Trouble Report' },
  delivery: { path: '/delivery', title: 'Delivery' },
  warmupPlans: { path: '/warmup-plans', title: 'Warm-up Plans' },
  warmupPlanCreate: { path: '/warmup-plans/create', title: 'Create Warm-up Plan' },
  warmupPlanEdit: { path: '/warmup-plans/:id/edit', title: 'Edit Warm-up Plan' },
  warmupRelay: { path: '/warmup-plans/relays/:kind/:id', title: 'Relay Warm-up' },
  profitReport: { path: '/profit-report', title: 'Profit Report' },
  activityReport: { path: '/activity-report', title: 'Activity Report' },
  pmtaRelayIndicatorReport: { path: '/pmta-relay-indicator-report', title: 'Relays Indicators', admin: true },
  pmtaRelayDeliverabilityReport: {
    path: '/pmta-relay-deliverability-report',
    title: 'PMTA Deliverability',
    admin: true,
  },
  messageReport: { path: '/message-report', title: 'Message Report' },
  mailProviderReport: { path: '/mail-provider-report', title: 'Mail Provider Report' },
  emailListReport: { path: '/email-list-report', title: 'Email List Report' },

  // Tools and PMTA (spec 3)
  uuidDecoder: { path: '/tools/uuid-decoder', title: 'Uuid Decoder', admin: true },
  emailIdDecoder: { path: '/tools/email-id-decoder', title: 'Email ID Decoder', admin: true },
  uploadingLog: { path: '/tools/uploading-log', title: 'Uploading Log', admin: true },
  history: { path: '/tools/history', title: 'History', admin: true },
  pmtaEmailTests: { path: '/pmta-email-tests', title: 'PMTA Email Tests' },
  pmtaEmailTestCreate: { path: '/pmta-email-tests/create', title: 'Create PMTA Email Test' },
  pmtaConfigs: { path: '/pmta-configs', title: 'PMTA Config Files', admin: true },
  pmtaConfigCreate: { path: '/pmta-configs/create', title: 'Create PMTA Config', admin: true },
  pmtaConfigEdit: { path: '/pmta-configs/:id/edit', title: 'Edit PMTA Config', admin: true },
  appliedPmtaConfigs: { path: '/applied-pmta-configs', title: 'Applied PMTA Configs', admin: true },
  appliedPmtaConfigCreate: { path: '/applied-pmta-configs/create', title: 'Apply PMTA Config', admin: true },
  pmtaSpeeds: { path: '/pmta-speeds', title: 'PMTA Speeds', admin: true },
  pmtaSpeedCreate: { path: '/pmta-speeds/create', title: 'Create PMTA Speed', admin: true },
  pmtaSpeedEdit: { path: '/pmta-speeds/:id', title: 'Edit PMTA Speed', admin: true },
} as const satisfies Record<string, RouteInfo>;

export interface RouteInfo {
  path: string;
  title: string;
  admin?: boolean;
}

export type RouteName = keyof typeof routes;

type ParamsOf<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;
type Params<N extends RouteName> = Record<ParamsOf<(typeof routes)[N]['path']>, string | number>;

/** The path of a named route: `href('usersEdit', { id: 7 })` -> '/users/7/edit'. */
export function href<N extends RouteName>(
  name: N,
  ...[params]: ParamsOf<(typeof routes)[N]['path']> extends never ? [] : [Params<N>]
): string {
  const p = params ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : {};
  return generatePath(routes[name].path, p);
}

export const isAdminRoute = (name: RouteName): boolean => 'admin' in routes[name] && routes[name].admin === true;

/** Route name -> the element a feature provides for it (see app/screens.tsx). */
export type Screens = Partial<Record<RouteName, import('react').ReactElement>>;
