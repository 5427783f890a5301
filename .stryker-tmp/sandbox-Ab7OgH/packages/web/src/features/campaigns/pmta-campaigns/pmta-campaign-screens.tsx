// @ts-nocheck
import { pmtaCampaignSchema, pmtaCampaignUpdateSchema, type PmtaCampaign } from '@console/shared/pmta-campaigns';
import { CampaignEditPage, type CampaignDraft } from '../components/campaign-edit-page.tsx';
import {
  commonBody,
  commonLabels,
  commonValues,
  type CampaignFormKind,
  type CampaignValues,
} from '../components/campaign-form.tsx';
import { CampaignListPage } from '../components/campaign-list-page.tsx';
import { CampaignStatisticsPage } from '../components/campaign-statistics-page.tsx';
import { DirectCount } from './components/direct-count.tsx';

/*
 * PMTA campaigns (spec 3): the screens both kinds share (../components) with what is PMTA's own:
 * the offer without link groups, Sender in the list, the default city kept through edits and clones, the
 * v3 flag of the start after creation (../api/campaigns.ts) and the direct count on the statistics.
 */

interface PmtaValues extends CampaignValues {
  /** No field of its own (spec 3's form has none): an edit or a clone keeps the campaign's. */
  defaultCity?: string | null;
}

const form: CampaignFormKind<PmtaValues> = {
  kind: 'pmta',
  schemas: { create: pmtaCampaignSchema, update: pmtaCampaignUpdateSchema },
  labels: { ...commonLabels, offer: 'Offer' },
  toBody: (v) => ({ ...commonBody(v), defaultCity: v.defaultCity ?? null }),
};

const valuesOf = (c: CampaignDraft<PmtaCampaign>): PmtaValues => ({
  ...commonValues(c),
  defaultCity: c.defaultCity,
});

/** 'PMTA Campaigns': the two sections, with Offer and Sender after the message. */
export const PmtaCampaignList = () => (
  <CampaignListPage<PmtaCampaign>
    kind="pmta"
    columns={[
      { title: 'Offer', key: 'offer', render: (_, c) => c.offer.name },
      { title: 'Sender', key: 'sender', render: (_, c) => c.sender },
    ]}
  />
);

/** 'Create new PMTA Campaign', its edit and its clone (`?cloneId=`). */
export const PmtaCampaignEdit = () => (
  <CampaignEditPage<PmtaCampaign, PmtaValues> form={form} valuesOf={valuesOf} empty={{ defaultCity: null }} />
);

export const PmtaCampaignStatistics = () => (
  <CampaignStatisticsPage kind="pmta" servicesExtra={(id) => <DirectCount campaignId={id} />} />
);
