/** What differs between the PMTA and SMTP relay group screens: words and route names. */
export const kindScreens = {
  pmta: {
    label: 'PMTA',
    list: 'pmtaRelayGroups',
    create: 'pmtaRelayGroupCreate',
    edit: 'pmtaRelayGroupEdit',
    relays: 'pmtaRelayFilter2',
  },
  smtp: {
    label: 'SMTP',
    list: 'smtpRelayGroups',
    create: 'smtpRelayGroupCreate',
    edit: 'smtpRelayGroupEdit',
    relays: 'smtpRelayFilter2',
  },
} as const;
