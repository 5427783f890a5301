// @ts-nocheck
import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Table, Tag, Typography, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { LogTypes } from '@console/shared/uploads';
import {
  LOG_ENTRIES_MAX,
  LOG_LIMIT_DEFAULT,
  ToolsMessages as M,
  logEntriesSchema,
  type LogEntriesBody,
  type LogEntry,
} from '@console/shared/tools';
import { SCHEDULE_FORMAT } from '@console/shared/campaigns';
import { EmptyState } from '@/components/empty-state.tsx';
import { Page } from '@/components/page.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { useLogEntries, useLogSources } from '../api/tools.ts';
import { utc } from '../components/tool-card.tsx';

interface LogValues {
  source?: string;
  limit?: string;
  /** `YYYY-MM-DD HH:mm` texts, UTC: the pickers show them as typed. */
  dates?: [string, string];
}

const toBody = (v: LogValues): LogEntriesBody =>
  v.dates ? { source: v.source, dateFrom: v.dates[0], dateTo: v.dates[1] } : { source: v.source, limit: v.limit };
const rule = (field: string) => [zodRule(logEntriesSchema, field, (v) => toBody(v as LogValues))];
const LABELS = { source: 'Source', limit: 'Limit', dateFrom: 'Dates', dateTo: 'Dates' };
const PAGE = 100;

/**
 * Uploading Log (spec 3 "Tools"): the newest `limit` lines (default 20, 'Digest only'), or every line
 * between two UTC dates (the limit is then off), of one source or all; errors red, warnings yellow.
 */
export function UploadingLog() {
  const [form] = Form.useForm<LogValues>();
  const dates = Form.useWatch('dates', form);
  const sources = useLogSources();
  const log = useLogEntries();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);

  const tone = (type: string) =>
    type === LogTypes.error
      ? { background: token.colorErrorBg, color: token.colorErrorText }
      : type === LogTypes.warning
        ? { background: token.colorWarningBg, color: token.colorWarningText }
        : undefined;

  const entries = log.data?.entries;
  return (
    <Page title="Uploading Log">
      <Form<LogValues>
        form={form}
        layout="inline"
        noValidate
        initialValues={{ limit: String(LOG_LIMIT_DEFAULT) }}
        onFinish={(v) => {
          setPage(1);
          log.mutate(toBody(v));
        }}
        style={{ rowGap: 8, marginBottom: 16 }}
        aria-label="Uploading log"
      >
        <Form.Item label="Source" name="source">
          <Select
            aria-label="Source"
            allowClear
            showSearch
            placeholder="All sources"
            loading={sources.isLoading}
            options={sources.data}
            style={{ minWidth: 200 }}
          />
        </Form.Item>
        <Form.Item label="Limit" name="limit" rules={dates ? [] : rule('limit')}>
          <Input aria-label="Limit" inputMode="numeric" disabled={Boolean(dates)} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item
          label="Dates (UTC)"
          name="dates"
          rules={rule('dateTo')}
          getValueProps={(v?: [string, string]) => ({ value: v ? [dayjs(v[0]), dayjs(v[1])] : null })}
          normalize={(d: [ReturnType<typeof dayjs>, ReturnType<typeof dayjs>] | null) =>
            d ? [d[0].format(SCHEDULE_FORMAT), d[1].format(SCHEDULE_FORMAT)] : undefined
          }
        >
          <DatePicker.RangePicker
            aria-label="Dates (UTC)"
            showTime={{ format: 'HH:mm' }}
            format={SCHEDULE_FORMAT}
            allowClear
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={log.isPending}>
            Get
          </Button>
        </Form.Item>
      </Form>
      <ValidationErrors error={log.error} labels={LABELS} />
      {log.data?.capped && (
        <Alert type="warning" showIcon title={M.capped(LOG_ENTRIES_MAX)} style={{ marginBottom: 16 }} />
      )}
      {!entries ? (
        !log.isPending && !log.error && <EmptyState description={M.prompt} />
      ) : (
        <>
          <Typography.Text data-testid="total">
            Total: <Typography.Text strong>{entries.length.toLocaleString('en-US')}</Typography.Text>
          </Typography.Text>
          <Table<LogEntry>
            size="small"
            aria-label="Log"
            rowKey={(e, i) => `${e.event_time} ${i}`}
            dataSource={entries}
            loading={log.isPending}
            style={{ marginTop: 8 }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <EmptyState description={M.noData} /> }}
            pagination={{
              current: page,
              pageSize: PAGE,
              onChange: setPage,
              hideOnSinglePage: true,
              showSizeChanger: false,
            }}
            onRow={(e) => ({ style: tone(e.msg_type) })}
            columns={[
              { title: 'Time (UTC)', key: 'time', width: 170, render: (_, e) => utc(e.event_time) },
              { title: 'Source', dataIndex: 'source', width: 140 },
              {
                title: 'Type',
                dataIndex: 'msg_type',
                width: 90,
                render: (t: string) => (
                  <Tag color={t === LogTypes.error ? 'red' : t === LogTypes.warning ? 'gold' : undefined}>{t}</Tag>
                ),
              },
              {
                title: 'Message',
                dataIndex: 'msg_text',
                render: (t: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{t}</span>,
              },
            ]}
          />
        </>
      )}
    </Page>
  );
}
