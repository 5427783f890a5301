// @ts-nocheck
import { Alert, Button, Checkbox, Col, ConfigProvider, Form, Input, InputNumber, Row, Typography } from 'antd';
import {
  OFFER_URL_PLACEHOLDERS,
  POSTBACK_MAX_UNITS,
  decodeOfferUrl,
  offerSchema,
  type Offer,
} from '@console/shared/offers';
import { confirm, toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { CategorySelect } from '@/components/category-select.tsx';
import { useRotatePostbackKey } from '../api/offers.ts';

export interface OfferFormValues {
  category?: number;
  name: string;
  url: string;
  plug?: string;
  callback?: string;
  user?: number;
  postbackRequiresClick?: boolean;
  postbackMaxAmount?: number | null;
}

export interface OfferFormProps {
  /** The offer being edited; none when creating. */
  offer?: Offer;
  /** The owner preselected on create (the signed-in administrator). */
  defaultOwner?: number;
  /** Administrators choose the owner. */
  showOwner: boolean;
  /** Archived offers (and anyone but an administrator) see every field read-only and no Save. */
  readOnly: boolean;
  onSubmit: (values: OfferFormValues) => void;
  submitting: boolean;
  error: unknown;
}

const labels = {
  category: 'Category',
  name: 'Name',
  url: 'Url',
  plug: 'Plug',
  callback: 'Callback',
  user: 'Owner',
  postbackRequiresClick: 'Conversions',
  postbackMaxAmount: 'Maximum Amount',
};
const POSTBACK_EXAMPLE = 'https://<tracking host>/postback?cid={cid}&sum={sum}&key=<your postback key>';
const rule = (field: keyof OfferFormValues) => [zodRule(offerSchema, field)];
const code = (text: (typeof OFFER_URL_PLACEHOLDERS)[number] | '{cid}' | '{sum}' | 'key') => (
  <Typography.Text code>{text}</Typography.Text>
);

/** Create Offer and Edit Offer #id. Links are shown decoded; the server stores them encoded. */
export function OfferForm({ offer, defaultOwner, showOwner, readOnly, onSubmit, submitting, error }: OfferFormProps) {
  const initial: OfferFormValues = offer
    ? {
        category: offer.category.id,
        name: offer.name,
        url: decodeOfferUrl(offer.url),
        plug: offer.plug ? decodeOfferUrl(offer.plug) : '',
        callback: offer.callback ? decodeOfferUrl(offer.callback) : '',
        user: offer.user.id,
        postbackRequiresClick: offer.postbackRequiresClick,
        postbackMaxAmount: offer.postbackMaxAmount,
      }
    : { name: '', url: '', plug: '', callback: '', user: defaultOwner, postbackRequiresClick: false };
  const rotate = useRotatePostbackKey();

  const rotateKey = () =>
    confirm({
      title: 'Make a new postback key?',
      content: (
        <>
          <Typography.Paragraph>
            The key is yours and is in the postback URL of every offer of yours. Postbacks with the current key are
            refused from now on (403) and count nothing.
          </Typography.Paragraph>
          <Typography.Paragraph strong style={{ marginBottom: 0 }}>
            Give every affiliate network the new postback URL.
          </Typography.Paragraph>
        </>
      ),
      okText: 'Make a new key',
      danger: true,
      onOk: () => rotate.mutateAsync(undefined),
    }).then(
      (ok) => ok && toast.success('A new postback key was made: give the affiliate networks the new postback URL.'),
    );

  return (
    <Form<OfferFormValues>
      layout="vertical"
      noValidate
      initialValues={initial}
      onFinish={onSubmit}
      disabled={readOnly}
      style={{ maxWidth: 880 }}
    >
      <ValidationErrors error={error} labels={labels} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Category" name="category" rules={rule('category')}>
            <CategorySelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Name" name="name" rules={rule('name')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            label="Url"
            name="url"
            rules={rule('url')}
            extra={
              <>
                You may use {code('[click_id]')}, {code('[trk]')} and {code('[email]')} in the URL; they are filled in
                for each click.
              </>
            }
          >
            <Input autoComplete="off" placeholder="https://offer.example/landing?click=[click_id]" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            label="Plug"
            name="plug"
            rules={rule('plug')}
            extra="Optional: a replacement URL that clicks go to instead of the offer URL."
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={showOwner ? 12 : 24}>
          <Form.Item label="Callback (unrealized functionality)" name="callback">
            <Input disabled placeholder="Unrealized functionality" />
          </Form.Item>
        </Col>
        {showOwner && (
          <Col xs={24} md={12}>
            <Form.Item label="Owner" name="user" rules={rule('user')}>
              <OwnerSelect
                allowClear={false}
                placeholder="Choose the owner"
                aria-label="Owner"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item
            label="Conversions"
            name="postbackRequiresClick"
            valuePropName="checked"
            rules={rule('postbackRequiresClick')}
            extra="A postback for a recipient who never clicked is refused (403)."
          >
            <Checkbox>Count a conversion only after a click</Checkbox>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Maximum Amount"
            name="postbackMaxAmount"
            rules={rule('postbackMaxAmount')}
            extra={`A postback with a larger sum is refused (400). Blank: up to ${POSTBACK_MAX_UNITS.toLocaleString('en-US')}.`}
          >
            <InputNumber<number> style={{ width: '100%' }} placeholder="No maximum" step={1} />
          </Form.Item>
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Postback tracking URL"
        description={
          <>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              To count conversions, give the affiliate network this postback URL:
            </Typography.Paragraph>
            <Typography.Paragraph
              code
              copyable
              style={{ marginBottom: 8, wordBreak: 'break-all' }}
              data-testid="postback-url"
            >
              {offer?.postbackUrl ?? POSTBACK_EXAMPLE}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              The network replaces {code('{cid}')} with the click id it received through {code('[click_id]')} and{' '}
              {code('{sum}')} with the payout. The tracking host is any host name of your link groups.
            </Typography.Paragraph>
            <Typography.Text>
              The {code('key')} is the owner&apos;s postback key (shown to the owner only): a postback without it, or
              with a wrong one, is refused (403) and counts nothing, so keep the URL between you and the network. An
              offer may also count a conversion only after a click, and refuse sums above its maximum.
            </Typography.Text>
            {offer?.postbackUrl && (
              // The owner rotates their key even where the form is read-only (archived, or not an administrator).
              <ConfigProvider componentDisabled={false}>
                <div style={{ marginTop: 8 }}>
                  <Button
                    size="small"
                    onClick={() => void rotateKey()}
                    loading={rotate.isPending}
                    data-testid="postback-rotate"
                  >
                    New postback key…
                  </Button>
                </div>
              </ConfigProvider>
            )}
          </>
        }
      />
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={submitting}>
          Save
        </Button>
      )}
    </Form>
  );
}
