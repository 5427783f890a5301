// @ts-nocheck
import { MAIL_SERVICE_SETTING_DEFAULTS, type MailServiceSetting } from '@console/shared/mail-service-settings';
import type { ConfigData } from './generate.ts';

/**
 * The golden server: relays in two groups, three mail service settings, Yahoo off on one relay (over a
 * speed), one DKIM key, a write-mode Gmail speed on another, PMTA configs applied to the server and a relay.
 */
const setting = (id: number, name: string, domainMacro: string, o: Partial<MailServiceSetting> = {}) => ({
  id,
  name,
  domainMacro,
  ...MAIL_SERVICE_SETTING_DEFAULTS,
  ...o,
});

export const goldenData = (): ConfigData => ({
  server: {
    id: 3,
    name: 'Paris 1',
    smtpPort: 3535,
    pmtaHttpPort: 8080,
    ipList: '198.51.100.7, 192.0.2.0/24; 127.0.0.1',
  },
  includes: [2],
  groups: [
    { id: 9, name: 'Main' },
    { id: 7, name: 'Warm-up' },
  ],
  relays: [
    {
      id: 14,
      groupId: 9,
      smtpHost: 'mta3.example.net',
      ip: '203.0.113.14',
      active: false,
      normalSpeed: 30,
      backoffSpeed: 0,
      dkim: null,
      switchedOff: [],
      speeds: [{ provider: 'Gmail', domains: ['googlemail.com', 'gmail.com'], perHour: 200 }],
      includes: [5],
    },
    {
      id: 11,
      groupId: 7,
      smtpHost: 'mta1.example.com',
      ip: '203.0.113.11',
      active: true,
      normalSpeed: 60,
      backoffSpeed: 600,
      dkim: { selector: 's1', domain: 'example.com' },
      switchedOff: [],
      speeds: [],
      includes: [],
    },
    {
      id: 12,
      groupId: 7,
      smtpHost: 'mta2.example.com',
      ip: '203.0.113.12',
      active: true,
      normalSpeed: 0,
      backoffSpeed: 0,
      dkim: null,
      switchedOff: [{ provider: 'Yahoo', domains: ['yahoo.com', 'ymail.com'] }],
      speeds: [{ provider: 'Yahoo', domains: ['yahoo.com'], perHour: 100 }],
      includes: [],
    },
  ],
  settings: [
    {
      setting: setting(4, 'Explicit', 'example.org gmail.com', {
        retryAfter: '10m,20m,1h',
        smtpPatternList: 'slow-errors',
      }),
      domains: ['example.org', 'gmail.com'],
    },
    {
      setting: setting(1, 'Gmail slow', 'Gmail', { maxMsgRate: '500/h', dkimSign: true }),
      domains: ['gmail.com', 'googlemail.com'],
    },
    { setting: setting(2, 'Default', '*', { maxMsgRate: '1/s' }), domains: ['*'] },
  ],
});
