// @ts-nocheck
import { z } from 'zod';
import { NAME_MAX, withDefaults } from './fields.ts';

/** The form's labels (spec 2 "Mail service setting"); messages are '{Label} is required' and the like. */
export const MAIL_SERVICE_SETTING_LABELS = {
  name: 'Name',
  domainMacro: 'Domain Macro',
  maxSmtpOut: 'Max Smtp Out',
  maxMsgPerConnection: 'Max Msg Per Connection',
  maxErrorsPerConnection: 'Max Errors Per Connection',
  maxMsgRate: 'Max Msg Rate',
  bounceUponNoMx: 'Bounce Upon No Mx',
  assumeDeliveryTimeout: 'Assume Delivery Timeout',
  smtpMxUnavailable: 'Smtp Mx Unavailable',
  smtpInvalidMailbox: 'Smtp Invalid Mailbox',
  bounceUponGreeting: 'Bounce Upon Greeting',
  connectTimeout: 'Connect Timeout',
  smtpGreetingTimeout: 'Smtp Greeting Timeout',
  dataSendTimeout: 'Data Send Timeout',
  retryAfter: 'Retry After',
  bounceAfter: 'Bounce After',
  smtpPatternList: 'Smtp Pattern List',
  backoffMaxMsgRate: 'Backoff Max Msg Rate',
  backoffRetryAfter: 'Backoff Retry After',
  backoffToNormalAfterDelivery: 'Backoff To Normal After Delivery',
  backoffToNormalAfter: 'Backoff To Normal After',
  dkSign: 'Dk Sign',
  dkimSign: 'Dkim Sign',
  deliverLocalDsn: 'Deliver Local Dsn',
} as const;
type Field = keyof typeof MAIL_SERVICE_SETTING_LABELS;
const L = MAIL_SERVICE_SETTING_LABELS;

/** Spec 2's defaults, which are PowerMTA's. */
export const MAIL_SERVICE_SETTING_DEFAULTS = {
  maxSmtpOut: 20,
  maxMsgPerConnection: 0,
  maxErrorsPerConnection: 'unlimited',
  maxMsgRate: 'unlimited',
  bounceUponNoMx: false,
  assumeDeliveryTimeout: false,
  smtpMxUnavailable: false,
  smtpInvalidMailbox: true,
  bounceUponGreeting: true,
  connectTimeout: '2m',
  smtpGreetingTimeout: '5m',
  dataSendTimeout: '3m',
  retryAfter: '10m',
  bounceAfter: '4d12h',
  smtpPatternList: 'blocking-errors',
  backoffMaxMsgRate: 'unlimited',
  backoffRetryAfter: '1h',
  backoffToNormalAfterDelivery: false,
  backoffToNormalAfter: 'never',
  dkSign: false,
  dkimSign: false,
  deliverLocalDsn: true,
} as const;

export const DIRECTIVE_MAX = 100;
/** `unlimited`, or N per hour, minute or second (spec 2). */
export const MSG_RATE = /^(unlimited|\d+\/(h|hr|m|min|s|sec))$/;
/** `never`, or a number of days, hours, minutes or seconds (spec 2). */
export const NEVER_OR_DURATION = /^(never|\d+[dhms])$/;
/** One PowerMTA value: no spaces, line breaks or angle brackets (it is written into a config file). */
const DIRECTIVE_VALUE = /^[^\s<>#]+$/;

const required = (f: Field) => `${L[f]} is required`;
const text = (f: Field, pattern?: { re: RegExp; message: string }) => {
  let s = z
    .string({ error: required(f) })
    .trim()
    .min(1, required(f))
    .max(DIRECTIVE_MAX, `${L[f]} must be no longer than ${DIRECTIVE_MAX} characters`)
    .regex(DIRECTIVE_VALUE, `${L[f]} must be one value without spaces`);
  if (pattern) s = s.regex(pattern.re, pattern.message);
  return s;
};
const int = (f: Field) =>
  z
    .union([z.number({ error: `${L[f]} must be integer` }), z.string({ error: required(f) }).trim()], {
      error: required(f),
    })
    .refine((v) => v !== '', required(f))
    .transform((v) => (typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN))
    .pipe(
      z
        .number({ error: `${L[f]} must be integer` })
        .int(`${L[f]} must be integer`)
        .min(0, `${L[f]} must be integer`)
        .max(1_000_000, `${L[f]} must be at most 1000000`),
    );
const bool = (f: Field) => z.boolean({ error: `${L[f]} must be true or false` });

export const mailServiceSettingSchema = z.object({
  name: z
    .string({ error: required('name') })
    .trim()
    .min(1, required('name'))
    .max(NAME_MAX, `Name must be no longer than ${NAME_MAX} characters`),
  domainMacro: z
    .string({ error: required('domainMacro') })
    .trim()
    .min(1, required('domainMacro'))
    .max(2000, 'Domain Macro must be no longer than 2000 characters'),
  maxSmtpOut: int('maxSmtpOut'),
  maxMsgPerConnection: int('maxMsgPerConnection'),
  maxErrorsPerConnection: text('maxErrorsPerConnection', {
    re: /^(unlimited|\d+)$/,
    message: "Max Errors Per Connection must be 'unlimited' or a number",
  }),
  maxMsgRate: text('maxMsgRate', {
    re: MSG_RATE,
    message: 'Max Msg Rate must be unlimited or N/h, N/hr, N/m, N/min, N/s, N/sec',
  }),
  bounceUponNoMx: bool('bounceUponNoMx'),
  assumeDeliveryTimeout: bool('assumeDeliveryTimeout'),
  smtpMxUnavailable: bool('smtpMxUnavailable'),
  smtpInvalidMailbox: bool('smtpInvalidMailbox'),
  bounceUponGreeting: bool('bounceUponGreeting'),
  connectTimeout: text('connectTimeout'),
  smtpGreetingTimeout: text('smtpGreetingTimeout'),
  dataSendTimeout: text('dataSendTimeout'),
  retryAfter: text('retryAfter'),
  bounceAfter: text('bounceAfter'),
  smtpPatternList: text('smtpPatternList'),
  backoffMaxMsgRate: text('backoffMaxMsgRate', {
    re: MSG_RATE,
    message: 'Backoff Max Msg Rate must be unlimited or N/h, N/hr, N/m, N/min, N/s, N/sec',
  }),
  backoffRetryAfter: text('backoffRetryAfter'),
  backoffToNormalAfterDelivery: bool('backoffToNormalAfterDelivery'),
  backoffToNormalAfter: text('backoffToNormalAfter', {
    re: NEVER_OR_DURATION,
    message: "Backoff To Normal After must be 'never' or a number with d, h, m or s",
  }),
  dkSign: bool('dkSign'),
  dkimSign: bool('dkimSign'),
  deliverLocalDsn: bool('deliverLocalDsn'),
});
export type MailServiceSettingInput = z.infer<typeof mailServiceSettingSchema>;
export type MailServiceSettingBody = z.input<typeof mailServiceSettingSchema>;
/** POST /api/mail_service_settings: every field with a spec default may be left out (issue 22). */
export const mailServiceSettingCreateSchema = withDefaults(mailServiceSettingSchema, MAIL_SERVICE_SETTING_DEFAULTS);

export const mailServiceSettingItem = z.object({
  id: z.number(),
  name: z.string(),
  domainMacro: z.string(),
  maxSmtpOut: z.number(),
  maxMsgPerConnection: z.number(),
  maxErrorsPerConnection: z.string(),
  maxMsgRate: z.string(),
  bounceUponNoMx: z.boolean(),
  assumeDeliveryTimeout: z.boolean(),
  smtpMxUnavailable: z.boolean(),
  smtpInvalidMailbox: z.boolean(),
  bounceUponGreeting: z.boolean(),
  connectTimeout: z.string(),
  smtpGreetingTimeout: z.string(),
  dataSendTimeout: z.string(),
  retryAfter: z.string(),
  bounceAfter: z.string(),
  smtpPatternList: z.string(),
  backoffMaxMsgRate: z.string(),
  backoffRetryAfter: z.string(),
  backoffToNormalAfterDelivery: z.boolean(),
  backoffToNormalAfter: z.string(),
  dkSign: z.boolean(),
  dkimSign: z.boolean(),
  deliverLocalDsn: z.boolean(),
});
export type MailServiceSetting = z.infer<typeof mailServiceSettingItem>;

export const MAIL_SERVICE_SETTINGS_PAGE_SIZE = 10;

export const MailServiceSettingMessages = {
  empty: 'No MailService Settings',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
  noDomains: 'Domain Macro names no domain: give a mail service name (e.g. Gmail), domains separated by commas, or *.',
} as const;

/** GET mail_service_settings/{id}/pmta_config: the blocks the setting becomes, and the domains they cover. */
export const pmtaConfigAnswer = z.object({ domains: z.array(z.string()), config: z.string() });
