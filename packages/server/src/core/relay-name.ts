import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CampaignTypeOf } from '@console/shared/enums';
import { pmtaRelays, smtpRelays } from '../db/schema/index.ts';

/**
 * The name of a relay id of a campaign's kind (the suppression lists' "Relay"): a PMTA relay by host, an
 * SMTP relay by account; null when it is gone.
 */
export const relayNameOf = (campaignType: AnyColumn | SQL, relayId: AnyColumn | SQL) => sql<
  string | null
>`case ${campaignType}
  when ${CampaignTypeOf.pmta} then (select ${pmtaRelays.smtpHost} from ${pmtaRelays} where ${pmtaRelays.id} = ${relayId})
  when ${CampaignTypeOf.smtp} then (select ${smtpRelays.account} from ${smtpRelays} where ${smtpRelays.id} = ${relayId})
  end`;
