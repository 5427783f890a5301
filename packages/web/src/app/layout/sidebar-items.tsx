import type { ReactNode } from 'react';
import {
  BarChartOutlined,
  CloudServerOutlined,
  ContactsOutlined,
  DashboardOutlined,
  HomeOutlined,
  SendOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { RouteName } from '@/lib/routes.ts';

export interface NavLink {
  route: RouteName;
  label: string;
  icon?: ReactNode;
  /** Shown to administrators only (also when the route itself is open to everybody). */
  admin?: boolean;
}
export interface NavGroup {
  key: string;
  label: string;
  icon?: ReactNode;
  admin?: boolean;
  children: NavEntry[];
}
export type NavEntry = NavLink | NavGroup;

/** The sidebar of spec 1 §2, grouped. Admin entries are marked; the Admin group is admin-only. */
export const sidebar: NavEntry[] = [
  { route: 'home', label: 'Home', icon: <HomeOutlined /> },
  { route: 'dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  {
    key: 'campaigns',
    label: 'Campaigns',
    icon: <SendOutlined />,
    children: [
      { route: 'pmtaCampaigns', label: 'PMTA Campaigns' },
      { route: 'smtpCampaigns', label: 'SMTP Campaigns' },
      { route: 'messages', label: 'Messages' },
      { route: 'tags', label: 'Dynamic content' },
    ],
  },
  {
    key: 'lists',
    label: 'Lists & Offers',
    icon: <ContactsOutlined />,
    children: [
      { route: 'emailLists', label: 'Email Lists' },
      { route: 'offersList', label: 'Offers' },
      { route: 'unsubscribers', label: 'Unsubscribers', admin: true },
    ],
  },
  {
    key: 'infrastructure',
    label: 'Infrastructure',
    icon: <CloudServerOutlined />,
    children: [
      { route: 'delivery', label: 'Delivery' },
      { route: 'warmupPlans', label: 'Warm-up Plans' },
      { route: 'pmtaServers', label: 'PMTA Servers' },
      { route: 'pmtaRelayGroups', label: 'PMTA Relay Groups' },
      { route: 'pmtaRelays', label: 'PMTA Relays' },
      { route: 'pmtaEmailTests', label: 'Email Tests' },
      { route: 'smtpServers', label: 'SMTP Servers' },
      { route: 'smtpRelayGroups', label: 'SMTP Relay Groups' },
      { route: 'smtpRelays', label: 'SMTP Relays' },
      { route: 'bounceMailboxes', label: 'Bounce Mailboxes' },
      { route: 'bounceReports', label: 'Processed Reports' },
      { route: 'dkimKeys', label: 'DKIM Keys' },
      { route: 'socksProxies', label: 'Socks Proxies' },
      { route: 'links', label: 'Links' },
      { route: 'linkGroups', label: 'Link Groups' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    icon: <BarChartOutlined />,
    children: [
      { route: 'activityReport', label: 'Activity Report' },
      { route: 'emailListReport', label: 'E-mail List Report' },
      { route: 'mailProviderReport', label: 'Mail Services Report' },
      { route: 'messageReport', label: 'Message Report' },
      { route: 'pmtaRelaysMailServiceReport', label: 'PMTA Relays - Mail Service Report' },
      { route: 'pmtaTroubleReport', label: 'PMTA Trouble Report' },
      { route: 'profitReport', label: 'Profit Report' },
      { route: 'pmtaRelaysReport', label: 'PMTA Relays Report', admin: true },
      { route: 'pmtaRelayIndicatorReport', label: 'Relays Indicators', admin: true },
      { route: 'pmtaRelayDeliverabilityReport', label: 'PMTA Deliverability', admin: true },
    ],
  },
  {
    key: 'admin',
    label: 'Admin',
    icon: <SettingOutlined />,
    admin: true,
    children: [
      { route: 'categories', label: 'Categories' },
      {
        key: 'pmta-configuration',
        label: 'PMTA Configuration',
        children: [
          { route: 'pmtaConfigs', label: 'Config Files' },
          { route: 'appliedPmtaConfigs', label: 'Applied configs' },
        ],
      },
      // The balancers' profiles (issue 22): reachable from the sidebar, beside the PMTA configuration.
      { route: 'mailServiceSettings', label: 'Mail Service Settings' },
      { route: 'pmtaSpeeds', label: 'PMTA Speed' },
      { route: 'reputationProviders', label: 'Reputation Providers' },
      {
        key: 'spam-traps',
        label: 'SpamTraps',
        children: [
          { route: 'spamDomains', label: 'Domains' },
          { route: 'spamEmails', label: 'Emails' },
          { route: 'spamMxs', label: 'MXs' },
        ],
      },
      // Hard bounces, apart from the spam traps (issue 22): beside them, as their own suppression.
      { route: 'bouncedEmails', label: 'Bounced Emails' },
      // Complaints, per owner (issue 39): the other suppression the mail itself feeds.
      { route: 'complaintEmails', label: 'Complaints' },
      {
        key: 'tools',
        label: 'Tools',
        children: [
          { route: 'emailIdDecoder', label: 'Email ID Decoder' },
          { route: 'history', label: 'History' },
          { route: 'uuidDecoder', label: 'Uuid Decoder' },
          { route: 'uploadingLog', label: 'Uploading Log' },
        ],
      },
      { route: 'users', label: 'Users' },
      { route: 'processes', label: 'Processes' },
      { route: 'retention', label: 'Data Retention' },
    ],
  },
];
