/** Topics of the live hub (server-sent events). Messages carry exactly the fields listed here. */
export const Topics = {
  notifications: 'notifications',
  emailListUpload: 'email-list-upload',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];

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

/** Each topic's message: the one declaration the server publishes and the browser reads. */
export interface TopicPayloads {
  [Topics.notifications]: NotificationEvent;
  [Topics.emailListUpload]: EmailListUploadEvent;
}
