import { Alert, Button, Col, Form, Input, Row, Typography } from 'antd';
import { OFFER_URL_PLACEHOLDERS, decodeOfferUrl, offerSchema, type Offer } from '@console/shared/offers';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { CategorySelect } from '@/components/category-select.tsx';

export interface OfferFormValues {
  category?: number;
  name: string;
  url: string;
  plug?: string;
  callback?: string;
  user?: number;
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

const labels = { category: 'Category', name: 'Name', url: 'Url', plug: 'Plug', callback: 'Callback', user: 'Owner' };
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
      }
    : { name: '', url: '', plug: '', callback: '', user: defaultOwner };

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
            <Typography.Paragraph code copyable style={{ marginBottom: 8 }} data-testid="postback-url">
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
