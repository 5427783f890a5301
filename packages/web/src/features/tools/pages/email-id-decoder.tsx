import { Col, Descriptions, Form, Input, Row, Table } from 'antd';
import {
  emailIdDecodeSchema,
  emailIdEncodeSchema,
  type EmailIdDecodeBody,
  type EmailIdEncodeBody,
  type EmailIdItem,
} from '@console/shared/tools';
import { AddressHistory } from '@/components/address-history.tsx';
import { Page } from '@/components/page.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useDecodeEmailId, useEncodeEmail } from '../api/tools.ts';
import { ToolCard } from '../components/tool-card.tsx';

const listName = (e: EmailIdItem) => `${e.emailList.name} (#${e.emailList.id})`;

/**
 * Email ID Decoder (spec 3 "Tools"): an e-mail id is the address's row in one list (the emailId a UUID
 * holds); decode names the address and its list, encode lists the ids of an address, one per list.
 */
export function EmailIdDecoder() {
  const decode = useDecodeEmailId();
  const encode = useEncodeEmail();
  return (
    <Page title="Email ID Decoder">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ToolCard<EmailIdDecodeBody>
            title="Decode"
            action="Decode"
            onFinish={(v) => decode.mutate(v)}
            onInvalid={() => decode.reset()}
            pending={decode.isPending}
            error={decode.error}
            labels={{ emailId: 'Email ID' }}
            fields={
              <Form.Item label="Email ID" name="emailId" rules={[zodRule(emailIdDecodeSchema, 'emailId')]}>
                <Input autoComplete="off" inputMode="numeric" maxLength={20} />
              </Form.Item>
            }
          >
            {decode.data && (
              <Descriptions
                bordered
                size="small"
                column={1}
                aria-label="Decoded"
                items={[
                  { key: 'email', label: 'Email', children: decode.data.decoded.email },
                  { key: 'list', label: 'Email List', children: listName(decode.data.decoded) },
                ]}
              />
            )}
          </ToolCard>
        </Col>
        <Col xs={24} xl={12}>
          <ToolCard<EmailIdEncodeBody>
            title="Encode"
            action="Encode"
            onFinish={(v) => encode.mutate(v)}
            onInvalid={() => encode.reset()}
            pending={encode.isPending}
            error={encode.error}
            labels={{ email: 'Email' }}
            fields={
              <Form.Item label="Email" name="email" rules={[zodRule(emailIdEncodeSchema, 'email')]}>
                <Input type="email" autoComplete="off" maxLength={254} />
              </Form.Item>
            }
          >
            {encode.data && (
              <Table<EmailIdItem>
                size="small"
                aria-label="Encoded"
                rowKey="emailId"
                dataSource={encode.data.encoded}
                pagination={false}
                columns={[
                  { title: 'Email ID', dataIndex: 'emailId' },
                  { title: 'Email List', key: 'list', render: (_, e) => listName(e) },
                ]}
              />
            )}
            {encode.data && <AddressHistory history={encode.data.history} />}
          </ToolCard>
        </Col>
      </Row>
    </Page>
  );
}
