import { UploadContext, type CampaignTypeValue } from './enums.ts';

/** Topics of the live hub (server-sent events). Messages carry exactly the fields listed here. */
export const Topics = {
  notifications: 'notifications',
  emailListUpload: 'email-list-upload',
  socksUpload: 'socks-upload',
  smtpRelaysUpload: 'smtp-relays-upload',
  pmtaRelaysUpload: 'pmta-relays-upload',
  unsubscribersUpload: 'unsubscribers-upload',
  pmtaRelaysAllInUpload: 'pmta-relays-all-in-upload',
  pmtaServersSimpleUpload: 'pmta-servers-simple-upload',
  pmtaServersWithRelaysUpload: 'pmta-servers-with-relays-upload',
  spamDomainsUpload: 'spam-domains-upload',
  spamEmailsUpload: 'spam-emails-upload',
  spamMxsUpload: 'spam-mxs-upload',
  campaignProgress: 'campaign-progress',
  campaignStatistics: 'campaign-statistics',
  pmtaEmailTest: 'pmta-email-test',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];

/** Spec 2: "one topic per upload type". Keyed by upload kind (shared/uploads.ts). */
export const UploadTopics = {
  [UploadContext.socks]: Topics.socksUpload,
  [UploadContext.smtpRelays]: Topics.smtpRelaysUpload,
  [UploadContext.pmtaRelays]: Topics.pmtaRelaysUpload,
  [UploadContext.unsubscribers]: Topics.unsubscribersUpload,
  [UploadContext.emails]: Topics.emailListUpload,
  [UploadContext.pmtaRelaysAllIn]: Topics.pmtaRelaysAllInUpload,
  [UploadContext.pmtaServersSimple]: Topics.pmtaServersSimpleUpload,
  [UploadContext.pmtaServersWithRelays]: Topics.pmtaServersWithRelaysUpload,
  [UploadContext.spamDomains]: Topics.spamDomainsUpload,
  [UploadContext.spamEmails]: Topics.spamEmailsUpload,
  [UploadContext.spamMxs]: Topics.spamMxsUpload,
} as const;

export interface NotificationEvent {
  message: string;
  status: 'success' | 'error';
  userId: number;
}

export interface EmailListUploadEvent {
  emailListId: number;
  completion: number;
  /** The upload's id while it runs; null once it has ended (the list returns to idle). */
  jobId: number | null;
}

/** Spec 2's progress message of an uploaded file (servers, relays, socks, unsubscribers). */
export interface UploadFileEvent {
  fileId: number;
  completion: number;
  /** Why the file failed; null while it runs and when it succeeded. */
  error: string | null;
  /** Rows created, once done; null before. */
  createdCount: number | null;
}

/** Spec 3's live progress message of a campaign (the campaign lists). `type` and campaignType: CampaignType (1 PMTA, 2 SMTP). */
export interface CampaignProgressEvent {
  campaign: { id: number; type: CampaignTypeValue; status: number; startDate: string | null };
  campaignId: number;
  campaignType: CampaignTypeValue;
  /** Percent, one decimal: (delivered + bounced) / total. */
  completion: number;
}

/** Spec 3's live statistics message (the statistics screen). `sent` is delivered, `totalToSend` the total. */
export interface CampaignStatisticsEvent {
  campaignType: CampaignTypeValue;
  campaignId: number;
  sent: number;
  totalToSend: number;
  opens: number;
  clicks: number;
  unsubscribers: number;
  /** In cents. */
  profit: number;
  bounces: number;
  /** Complaints and infrastructure bounces (issue 39, decisions 1390, 1362). */
  complaints: number;
  infraBounces: number;
}

/** A PMTA e-mail test's row changed (its status followed an accounting record; decision 0912). */
export interface PmtaEmailTestEvent {
  id: number;
  status: number;
  reason: string | null;
}

/** Each topic's message: the one declaration the server publishes and the browser reads. */
export interface TopicPayloads {
  [Topics.notifications]: NotificationEvent;
  [Topics.emailListUpload]: EmailListUploadEvent;
  [Topics.socksUpload]: UploadFileEvent;
  [Topics.smtpRelaysUpload]: UploadFileEvent;
  [Topics.pmtaRelaysUpload]: UploadFileEvent;
  [Topics.unsubscribersUpload]: UploadFileEvent;
  [Topics.pmtaRelaysAllInUpload]: UploadFileEvent;
  [Topics.pmtaServersSimpleUpload]: UploadFileEvent;
  [Topics.pmtaServersWithRelaysUpload]: UploadFileEvent;
  [Topics.spamDomainsUpload]: UploadFileEvent;
  [Topics.spamEmailsUpload]: UploadFileEvent;
  [Topics.spamMxsUpload]: UploadFileEvent;
  [Topics.campaignProgress]: CampaignProgressEvent;
  [Topics.campaignStatistics]: CampaignStatisticsEvent;
  [Topics.pmtaEmailTest]: PmtaEmailTestEvent;
}
