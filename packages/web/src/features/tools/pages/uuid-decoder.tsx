import type { ReactNode } from 'react';
import { Col, Descriptions, Form, Input, Row, Typography } from 'antd';
import { CampaignType, CampaignTypeLabels } from '@console/shared/enums';
import { uuidDecodeSchema, uuidEncodeSchema, type UuidDecoded, type UuidEncodeBody } from '@console/shared/tools';
import { Page } from '@/components/page.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useDecodeUuid, useEncodeUuid } from '../api/tools.ts';
import { ToolCard } from '../components/tool-card.tsx';

/** '1 PMTA, 2 SMTP': the spec's numbers, in order. */
const TYPE_HINT = Object.values(CampaignType)
  .sort()
  .map((n) => `${n} ${CampaignTypeLabels[n]}`)
  .join(', ');
const LABELS = { campaignType: 'Campaign Type', campaignId: 'Campaign ID', relayId: 'Relay ID', emailId: 'Email ID' };

/** A number and what it names today, or that nothing has it. */
const named = (id: number, name: string | null | undefined): ReactNode => (
  <>
    {id}{' '}
    {name ? (
      <Typography.Text strong>{name}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">(not found)</Typography.Text>
    )}
  </>
);

function Decoded({ d }: { d: UuidDecoded }) {
  const { decoded: v } = d;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      aria-label="Decoded"
      items={[
        {
          key: 'type',
          label: LABELS.campaignType,
          children: `${v.campaignType} (${CampaignTypeLabels[v.campaignType]})`,
        },
        { key: 'campaign', label: LABELS.campaignId, children: named(v.campaignId, d.campaign?.name) },
        { key: 'relay', label: LABELS.relayId, children: named(v.relayId, d.relay?.name) },
        { key: 'email', label: LABELS.emailId, children: named(v.emailId, d.email) },
      ]}
    />
  );
}

/** Uuid Decoder (spec 3 "Tools"): a UUID into campaign type, campaign, relay and e-mail ids, and back. */
export function UuidDecoder() {
  const decode = useDecodeUuid();
  const encode = useEncodeUuid();
  const field = (name: keyof typeof LABELS, placeholder?: string) => (
    <Form.Item key={name} label={LABELS[name]} name={name} rules={[zodRule(uuidEncodeSchema, name)]}>
      <Input autoComplete="off" inputMode="numeric" placeholder={placeholder} maxLength={20} />
    </Form.Item>
  );
  return (
    <Page title="Uuid Decoder">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ToolCard<{ uuid: string }>
            title="Decode"
            action="Decode"
            onFinish={(v) => decode.mutate(v)}
            onInvalid={() => decode.reset()}
            pending={decode.isPending}
            error={decode.error}
            labels={{ uuid: 'UUID' }}
            fields={
              <Form.Item label="UUID" name="uuid" rules={[zodRule(uuidDecodeSchema, 'uuid')]}>
                <Input autoComplete="off" spellCheck={false} maxLength={100} />
              </Form.Item>
            }
          >
            {decode.data && <Decoded d={decode.data} />}
          </ToolCard>
        </Col>
        <Col xs={24} xl={12}>
          <ToolCard<UuidEncodeBody>
            title="Encode"
            action="Encode"
            onFinish={(v) => encode.mutate(v)}
            onInvalid={() => encode.reset()}
            pending={encode.isPending}
            error={encode.error}
            labels={LABELS}
            fields={
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  {field('campaignType', TYPE_HINT)}
                </Col>
                <Col xs={24} md={12}>
                  {field('campaignId')}
                </Col>
                <Col xs={24} md={12}>
                  {field('relayId')}
                </Col>
                <Col xs={24} md={12}>
                  {field('emailId')}
                </Col>
              </Row>
            }
          >
            {encode.data && (
              <Descriptions
                bordered
                size="small"
                column={1}
                aria-label="Encoded"
                items={[
                  {
                    key: 'uuid',
                    label: 'UUID',
                    children: (
                      <Typography.Text code copyable>
                        {encode.data.encoded}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
            )}
          </ToolCard>
        </Col>
      </Row>
    </Page>
  );
}
