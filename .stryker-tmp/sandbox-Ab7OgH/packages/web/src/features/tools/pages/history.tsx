// @ts-nocheck
import { Col, Form, Input, Row } from 'antd';
import {
  domainHistorySchema,
  ipHistorySchema,
  type DomainHistoryBody,
  type IpHistoryBody,
} from '@console/shared/tools';
import { Page } from '@/components/page.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useDomainHistory, useIpHistory } from '../api/tools.ts';
import { HistoryTable } from '../components/history-table.tsx';
import { ToolCard } from '../components/tool-card.tsx';

/** History (spec 3 "Tools"): which PMTA relays had an IP or a domain, and when they were created and deleted. */
export function History() {
  const byIp = useIpHistory();
  const byDomain = useDomainHistory();
  return (
    <Page title="History">
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={12}>
          <ToolCard<IpHistoryBody>
            title="IP History"
            action="Get"
            onFinish={(v) => byIp.mutate(v)}
            pending={byIp.isPending}
            error={byIp.error}
            labels={{ ip: 'IP' }}
            fields={
              <Form.Item label="IP" name="ip" rules={[zodRule(ipHistorySchema, 'ip')]}>
                <Input autoComplete="off" maxLength={64} />
              </Form.Item>
            }
          >
            {byIp.data && <HistoryTable rows={byIp.data.history} label="IP history" />}
          </ToolCard>
        </Col>
        <Col xs={24} xxl={12}>
          <ToolCard<DomainHistoryBody>
            title="Domain History"
            action="Get"
            onFinish={(v) => byDomain.mutate(v)}
            pending={byDomain.isPending}
            error={byDomain.error}
            labels={{ domainName: 'Domain' }}
            fields={
              <Form.Item
                label="Domain"
                name="domainName"
                extra="The domain and its subdomains."
                rules={[zodRule(domainHistorySchema, 'domainName')]}
              >
                <Input autoComplete="off" maxLength={253} />
              </Form.Item>
            }
          >
            {byDomain.data && <HistoryTable rows={byDomain.data.history} label="Domain history" />}
          </ToolCard>
        </Col>
      </Row>
    </Page>
  );
}
