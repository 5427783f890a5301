import { Card, Descriptions, Empty, Progress, Table, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import type { WarmupRelay, WarmupStep } from '@console/shared/warmup-plans';
import { EditPage } from '@/components/edit-page.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { href } from '@/lib/routes.ts';
import { useRelayWarmup, type RelayKind } from '../api/warmup-plans.ts';

type Allowance = WarmupRelay['today'][number];
const DECISION_COLORS: Record<string, string> = {
  advanced: 'green',
  held: 'gold',
  'stepped back': 'red',
  attached: 'blue',
  detached: 'default',
  // The PMTA configuration that followed the plan (decision 1486).
  'configuration uploaded': 'cyan',
  'upload failed': 'red',
};

/**
 * A relay's warm-up (issue 40 §2): the plan and the day it is on, today's allowance per mail service with
 * what it used, and everything the plan decided for it, with why.
 */
export function RelayWarmupPage() {
  const routeId = useRouteId();
  const kindParam = useParams().kind;
  const kind: RelayKind | undefined = kindParam === 'pmta' || kindParam === 'smtp' ? kindParam : undefined;
  const id = routeId === 'malformed' || !kind ? undefined : routeId;
  const warmup = useRelayWarmup(kind ?? 'pmta', id);
  const w = warmup.data;
  const relays = kind === 'smtp' ? 'smtpRelays' : 'pmtaRelays';
  return (
    <EditPage
      routeId={kind ? routeId : 'malformed'}
      title={`Warm-up of ${kind === 'smtp' ? 'SMTP' : 'PMTA'} Relay #${id ?? ''}`}
      back={{ label: 'Back to relays', to: href(relays) }}
      loading={!w}
    >
      {w && !w.plan && (
        <Empty description="This relay is in no warm-up plan: attach one from the Warm-up Plans page." />
      )}
      {w?.plan && (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Plan">{w.plan.name}</Descriptions.Item>
            <Descriptions.Item label="Day">
              <span aria-label="Warm-up day">
                {w.finished ? `Finished (${w.plan.days} days)` : `Day ${w.day} of ${w.plan.days}`}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Limits">
              {w.finished ? 'None: the plan is over' : 'Per UTC day and clock hour'}
            </Descriptions.Item>
          </Descriptions>
          {!w.finished && (
            <Card size="small" title="Today's allowance" style={{ marginBottom: 16 }}>
              <Table<Allowance>
                size="small"
                pagination={false}
                rowKey={(a) => a.mailProvider?.id ?? 0}
                dataSource={w.today}
                columns={[
                  {
                    title: 'Mail service',
                    key: 'service',
                    render: (_, a) => a.mailProvider?.name ?? 'Every other service',
                  },
                  { title: 'Per day', dataIndex: 'perDay', key: 'perDay' },
                  { title: 'Per hour', dataIndex: 'perHour', key: 'perHour' },
                  { title: 'Used today', dataIndex: 'used', key: 'used' },
                  {
                    title: '',
                    key: 'bar',
                    width: 200,
                    render: (_, a) => (
                      <Progress
                        size="small"
                        percent={a.perDay ? Math.min(100, Math.round((100 * a.used) / a.perDay)) : 100}
                      />
                    ),
                  },
                ]}
              />
            </Card>
          )}
        </>
      )}
      {w && (
        <Card size="small" title="History">
          <Table<WarmupStep>
            size="small"
            rowKey="id"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            dataSource={w.history}
            locale={{ emptyText: 'Nothing decided yet.' }}
            columns={[
              {
                title: 'When (UTC)',
                dataIndex: 'at',
                key: 'at',
                width: 200,
                render: (at: string) => at.replace('T', ' ').replace('Z', ''),
              },
              {
                title: 'Decision',
                key: 'decision',
                width: 140,
                render: (_, s) => <Tag color={DECISION_COLORS[s.decision]}>{s.decision}</Tag>,
              },
              {
                title: 'Day',
                key: 'day',
                width: 100,
                render: (_, s) => (s.fromDay && s.toDay ? `${s.fromDay} → ${s.toDay}` : (s.toDay ?? s.fromDay ?? '')),
              },
              { title: 'Plan', dataIndex: 'planName', key: 'plan', width: 200 },
              {
                title: 'Why',
                dataIndex: 'reason',
                key: 'reason',
                render: (r: string) => <Typography.Text>{r}</Typography.Text>,
              },
            ]}
          />
        </Card>
      )}
    </EditPage>
  );
}
