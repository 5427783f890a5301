import { Alert, Button, Col, Descriptions, Form, InputNumber, Row, Table, Typography } from 'antd';
import { retentionSettingsSchema, type Archive } from '@console/shared/retention';
import { EmptyState } from '@/components/empty-state.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { Page } from '@/components/page.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useRetention, useRunRetention, useSaveRetention } from '../api/retention.ts';

const LABELS = {
  eventsMonths: 'Events months',
  recipientsDays: 'Recipients days',
  reportsDays: 'Bounce reports days',
} as const;
const rule = (field: keyof typeof LABELS) => [zodRule(retentionSettingsSchema, field)];
const when = (iso: string | null) => (iso ? dayjs.utc(iso).format('YYYY-MM-DD HH:mm [UTC]') : '—');
const size = (bytes: number) =>
  bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * Data retention (issue 42, decision 1370, administrators): how long raw events and finished campaigns'
 * recipient rows stay in the database, and the archives the nightly job made of what fell out.
 */
export function RetentionPage() {
  const retention = useRetention();
  const save = useSaveRetention();
  const run = useRunRetention();
  const r = retention.data;
  return (
    <Page
      title="Data Retention"
      extra={
        <Button
          onClick={() =>
            void confirm({
              title: 'Archive now?',
              content: `Partitions older than the settings are written to ${r?.archiveDir ?? 'the archive directory'} and dropped from the database.`,
              okText: 'Archive',
              onOk: async () => toast.success((await run.mutateAsync()).message),
            })
          }
        >
          Run now
        </Button>
      }
    >
      {r && (
        <Form
          key={`${r.eventsMonths}:${r.recipientsDays}:${r.reportsDays}`}
          layout="vertical"
          noValidate
          initialValues={{ eventsMonths: r.eventsMonths, recipientsDays: r.recipientsDays, reportsDays: r.reportsDays }}
          onFinish={(body) => save.mutate(body, { onSuccess: () => toast.success('Updated!') })}
        >
          <ValidationErrors error={save.error} labels={LABELS} />
          <Typography.Paragraph type="secondary">
            Every night the console writes raw events older than the first number of months, and the recipient rows of
            campaigns finished longer ago than the second number of days, to gzip&apos;d CSV files, then drops them from
            the database. The raw text of bounce reports read longer ago than the third number of days is removed (the
            Processed Reports screen keeps each report&apos;s outcome and says when its text went). Counters, reports,
            the campaigns&apos; statistics and the suppression lists (unsubscribers, bounced emails, spam traps) are
            kept forever.
          </Typography.Paragraph>
          <Row gutter={16}>
            {(Object.keys(LABELS) as (keyof typeof LABELS)[]).map((f) => (
              <Col key={f} xs={12} md={6}>
                <Form.Item label={LABELS[f]} name={f} rules={rule(f)}>
                  <InputNumber style={{ width: '100%' }} aria-label={LABELS[f]} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      )}
      {r?.lastRunError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title="The last run left some data in place"
          description={r.lastRunError}
        />
      )}
      <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
        <Descriptions.Item label="Archive directory">{r?.archiveDir}</Descriptions.Item>
        <Descriptions.Item label="Last run">{when(r?.lastRunAt ?? null)}</Descriptions.Item>
        <Descriptions.Item label="Raw events archived before">
          {when(r?.eventsArchivedBefore ?? null)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>Archives</Typography.Title>
      <Typography.Paragraph type="secondary">
        To look at an archive again: <code>npm run archive:load -- &lt;file&gt;</code> (docs/operations.md).
      </Typography.Paragraph>
      <Table<Archive>
        size="small"
        rowKey="id"
        loading={retention.isLoading}
        dataSource={r?.archives ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description="Nothing archived yet." /> }}
        data-testid="archives"
        columns={[
          { title: 'Kind', dataIndex: 'kind', key: 'kind' },
          { title: 'Partition', dataIndex: 'partition', key: 'partition' },
          {
            title: 'Covers',
            key: 'covers',
            render: (_, a) =>
              a.kind === 'events'
                ? `${when(a.rangeFrom)} – ${when(a.rangeTo)}`
                : `Campaign #${a.campaignId}, finished ${when(a.rangeTo)}`,
          },
          { title: 'Rows', key: 'rows', align: 'right', render: (_, a) => a.rows.toLocaleString('en-US') },
          { title: 'Size', key: 'bytes', align: 'right', render: (_, a) => size(a.bytes) },
          { title: 'File', dataIndex: 'file', key: 'file' },
          { title: 'Archived', key: 'createdAt', render: (_, a) => when(a.createdAt) },
        ]}
      />
    </Page>
  );
}
