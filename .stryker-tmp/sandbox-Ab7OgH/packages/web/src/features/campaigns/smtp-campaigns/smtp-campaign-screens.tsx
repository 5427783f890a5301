// @ts-nocheck
import { Alert, Col, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import { isHttpLink, type Link } from '@console/shared/links';
import { HTTP_UNSUBSCRIBE_WARNING } from '@console/shared/messages';
import { smtpCampaignSchema, smtpCampaignUpdateSchema, type SmtpCampaign } from '@console/shared/campaigns';
import { CampaignEditPage, type CampaignDraft } from '../components/campaign-edit-page.tsx';
import {
  commonBody,
  commonLabels,
  commonValues,
  type CampaignFormKind,
  type CampaignValues,
  type SelectField,
} from '../components/campaign-form.tsx';
import { CampaignListPage } from '../components/campaign-list-page.tsx';
import { CampaignStatisticsPage } from '../components/campaign-statistics-page.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { http } from '@/lib/http.ts';

/*
 * SMTP campaigns (spec 3): the screens both kinds share (../components), with what is SMTP's own:
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
  const unsubscribeGroup = Form.useWatch<number | null | undefined>('unsubscribeLinks', Form.useFormInstance());
  // The chosen unsubscribe group's links: an http:// one gets the warning (allowed, issue 26).
  const links = useQuery({
    queryKey: ['links', 'of-group', unsubscribeGroup],
    queryFn: () =>
      http.get<HydraCollection<Link>>('/links', { query: { pagination: 'false', 'group.id': unsubscribeGroup } }),
    enabled: typeof unsubscribeGroup === 'number',
    select: (c) => c['hydra:member'].some((l) => isHttpLink(l.url)),
  });
  return (
    <>
      {select('offerLinks', offer.data)}
      {select('unsubscribeLinks', unsubscribe.data, true)}
      {select('pixelLinks', pixel.data, true)}
      {typeof unsubscribeGroup === 'number' && links.data && (
        <Col xs={24}>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={HTTP_UNSUBSCRIBE_WARNING} />
        </Col>
      )}
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
