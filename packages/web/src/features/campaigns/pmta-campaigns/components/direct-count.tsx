import { useState } from 'react';
import { Button, Popover, Space, Typography } from 'antd';
import { CloudServerOutlined } from '@ant-design/icons';
import {
  PmtaCampaignMessages as P,
  directFound,
  NO_OUTCOME,
  type DirectStats,
  type PmtaStatisticsAnswer,
} from '@console/shared/pmta-campaigns';
import { confirm, toast } from '@/components/feedback.tsx';
import { http } from '@/lib/http.ts';

/** Each server asked, with its count, and those that could not be asked, with why. */
function Servers({ stats }: { stats: DirectStats }) {
  return (
    <Space orientation="vertical" size={2}>
      {stats.jobCounts.map((s) => (
        <span key={s.id}>
          {s.name}: {s.queued.toLocaleString('en-US')} unsent
        </span>
      ))}
      {stats.failed.map((s) => (
        <Typography.Text key={s.id} type="danger">
          {s.name}: not asked ({s.error})
        </Typography.Text>
      ))}
      {stats.jobCounts.length + stats.failed.length === 0 && P.noServers}
      <span>{stats.awaitingOutcome.toLocaleString('en-US')} injected, awaiting their outcome</span>
      {stats.noOutcome > 0 && (
        <Typography.Text type="danger">
          {stats.noOutcome.toLocaleString('en-US')} with {NO_OUTCOME} (injected more than {stats.bounceAfter} ago)
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * The direct count (spec 3): after 'This can take long time', each PMTA server of the campaign is asked
 * how many of its messages are still queued; the answer says how many unsent messages were found on the
 * surveyed PMTA, and stays beside the button with each server's count.
 */
export function DirectCount({ campaignId }: { campaignId: number }) {
  const [stats, setStats] = useState<DirectStats>();
  const ask = async () => {
    let answer: DirectStats | undefined;
    const ok = await confirm({
      title: P.directTitle,
      content: P.directConfirm,
      okText: 'Count',
      onOk: async () => {
        const r = await http.get<PmtaStatisticsAnswer>(`/pmta_campaign_statistics/${campaignId}/direct/0`);
        answer = r.directStats;
      },
    });
    if (!ok || !answer) return;
    setStats(answer);
    const found = directFound(answer.total, answer.jobCounts.length);
    if (answer.failed.length) toast.warning(found, { description: <Servers stats={answer} /> });
    else toast.success(found);
  };
  return (
    <Space size={8}>
      <Button icon={<CloudServerOutlined />} onClick={() => void ask()}>
        Direct count
      </Button>
      {stats && (
        <Popover title="Surveyed PMTA servers" content={<Servers stats={stats} />}>
          <Typography.Text data-testid="direct-count" type={stats.failed.length ? 'warning' : undefined}>
            {stats.total.toLocaleString('en-US')} unsent
            {stats.failed.length > 0 && ` (${stats.failed.length} not asked)`}
          </Typography.Text>
        </Popover>
      )}
      {stats && stats.noOutcome > 0 && (
        <Popover title="Recipients without an outcome" content={<Servers stats={stats} />}>
          <Typography.Text data-testid="no-outcome" type="danger">
            {stats.noOutcome.toLocaleString('en-US')} {NO_OUTCOME}
          </Typography.Text>
        </Popover>
      )}
    </Space>
  );
}
