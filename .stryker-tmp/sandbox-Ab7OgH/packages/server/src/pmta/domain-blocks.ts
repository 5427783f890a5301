// @ts-nocheck
import type { MailServiceSetting } from '@console/shared/mail-service-settings';

/*
 * PowerMTA `<domain>` blocks from a mail service setting (../shared/PMTA.md "Configuration file"). Every
 * field is a directive in camelCase; booleans are written yes/no. This is the one place that knows the
 * directive names.
 */

export const DIRECTIVES: [keyof MailServiceSetting, string][] = [
  ['maxSmtpOut', 'max-smtp-out'],
  ['maxMsgPerConnection', 'max-msg-per-connection'],
  ['maxErrorsPerConnection', 'max-errors-per-connection'],
  ['maxMsgRate', 'max-msg-rate'],
  ['retryAfter', 'retry-after'],
  ['bounceAfter', 'bounce-after'],
  ['backoffMaxMsgRate', 'backoff-max-msg-rate'],
  ['backoffRetryAfter', 'backoff-retry-after'],
  ['backoffToNormalAfterDelivery', 'backoff-to-normal-after-delivery'],
  ['backoffToNormalAfter', 'backoff-to-normal-after'],
  ['smtpPatternList', 'smtp-pattern-list'],
  ['bounceUponNoMx', 'bounce-upon-no-mx'],
  ['assumeDeliveryTimeout', 'assume-delivery-upon-data-termination-timeout'],
  ['smtpMxUnavailable', 'smtp-421-means-mx-unavailable'],
  ['smtpInvalidMailbox', 'smtp-553-means-invalid-mailbox'],
  ['bounceUponGreeting', 'bounce-upon-5xx-greeting'],
  ['connectTimeout', 'connect-timeout'],
  ['smtpGreetingTimeout', 'smtp-greeting-timeout'],
  ['dataSendTimeout', 'data-send-timeout'],
  ['dkSign', 'dk-sign'],
  ['dkimSign', 'dkim-sign'],
  ['deliverLocalDsn', 'deliver-local-dsn'],
];

const value = (v: unknown) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

/** One `<domain>` block per domain, in the order given; a comment names the setting it comes from. */
export function domainBlocks(setting: MailServiceSetting, domains: readonly string[]): string {
  const body = DIRECTIVES.map(([field, directive]) => `  ${directive} ${value(setting[field])}`).join('\n');
  const head = `# Mail service setting #${setting.id} ${setting.name.replace(/[\r\n]/g, ' ')}`;
  return [head, ...domains.map((d) => `<domain ${d}>\n${body}\n</domain>`)].join('\n') + '\n';
}
