import { smtpCampaignSchema, smtpCampaignUpdateSchema, type SmtpCampaign } from '@console/shared/campaigns';
import { CampaignEditPage, type CampaignDraft } from '@/components/campaigns/campaign-edit-page.tsx';
import {
  commonBody,
  commonLabels,
  commonValues,
  type CampaignFormKind,
  type CampaignValues,
  type SelectField,
} from '@/components/campaigns/campaign-form.tsx';
import { CampaignListPage } from '@/components/campaigns/campaign-list-page.tsx';
import { CampaignStatisticsPage } from '@/components/campaigns/campaign-statistics-page.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';

/*
 * SMTP campaigns (spec 3): the screens both kinds share (components/campaigns), with what is SMTP's own:
 * the offer, unsubscribe and pixel link groups.
 */

interface SmtpValues extends CampaignValues {
  offerLinks?: number;
  unsubscribeLinks?: number | null;
  pixelLinks?: number | null;
}

/** The three link group selects, each offering only its type. */
function LinkGroupFields({ select }: { select: SelectField }) {
  const offer = useSelectOptions('/link_groups', { type: 'offer' });
  const unsubscribe = useSelectOptions('/link_groups', { type: 'unsubscribe' });
  const pixel = useSelectOptions('/link_groups', { type: 'pixel' });
  return (
    <>
      {select('offerLinks', offer.data)}
      {select('unsubscribeLinks', unsubscribe.data, true)}
      {select('pixelLinks', pixel.data, true)}
    </>
  );
}

const form: CampaignFormKind<SmtpValues> = {
  kind: 'smtp',
  schemas: { create: smtpCampaignSchema, update: smtpCampaignUpdateSchema },
  labels: {
    ...commonLabels,
    offerLinks: 'Offer link group',
    unsubscribeLinks: 'Unsubscribe link group',
    pixelLinks: 'Pixel link group',
  },
  extraFields: (select) => <LinkGroupFields select={select} />,
  toBody: (v) => ({
    ...commonBody(v),
    offerLinks: v.offerLinks!,
    unsubscribeLinks: v.unsubscribeLinks ?? null,
    pixelLinks: v.pixelLinks ?? null,
  }),
};

const valuesOf = (c: CampaignDraft<SmtpCampaign>): SmtpValues => ({
  ...commonValues(c),
  offerLinks: c.offerLinks?.id,
  unsubscribeLinks: c.unsubscribeLinks?.id ?? null,
  pixelLinks: c.pixelLinks?.id ?? null,
});

/** 'SMTP Campaigns': the two sections, with the offer link group after the message. */
export const SmtpCampaignList = () => (
  <CampaignListPage<SmtpCampaign>
    kind="smtp"
    columns={[{ title: 'Offer link group', key: 'offerLinks', render: (_, c) => c.offerLinks?.name ?? '' }]}
  />
);

/** 'Create new SMTP Campaign', its edit and its clone. */
export const SmtpCampaignEdit = () => (
  <CampaignEditPage<SmtpCampaign, SmtpValues>
    form={form}
    valuesOf={valuesOf}
    empty={{ unsubscribeLinks: null, pixelLinks: null }}
  />
);

export const SmtpCampaignStatistics = () => <CampaignStatisticsPage kind="smtp" />;
