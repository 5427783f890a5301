import { useState } from 'react';
import { Button, Card, Form, Input, List, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { WARMUP_PLANS_PAGE_SIZE, WarmupMessages as M, type WarmupPlan } from '@console/shared/warmup-plans';
import { listTable } from '@/components/data-table.tsx';
import { toast } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useCopyReadyPlan, useReadyPlans, useWarmupPlans } from '../api/warmup-plans.ts';
import { AttachDialog } from '../components/attach-dialog.tsx';
import { PlansTable, rampText } from '../components/plans-table.tsx';

/** The owner's warm-up plans, the ready-made plans to copy, and attaching a plan to relays. */
export function PlanList() {
  const list = useCollectionParams({ pageSize: WARMUP_PLANS_PAGE_SIZE });
  const plans = useWarmupPlans(list.query);
  const ready = useReadyPlans();
  const copy = useCopyReadyPlan();
  const [attaching, setAttaching] = useState<WarmupPlan | null>(null);
  return (
    <ListPage
      title="Warm-up Plans"
      create={{ label: 'Add Plan', to: href('warmupPlanCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Plan name" allowClear aria-label="Plan name search" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <Card size="small" title="Ready-made plans" style={{ marginBottom: 16 }}>
        <List
          dataSource={ready.data ?? []}
          loading={ready.isLoading}
          renderItem={(p) => (
            <List.Item
              actions={[
                <Button
                  key="copy"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={`Copy ${p.name}`}
                  loading={copy.isPending}
                  onClick={() =>
                    copy.mutate({ key: p.key }, { onSuccess: (saved) => toast.success(M.added(saved.name)) })
                  }
                >
                  Copy
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${p.name} (${p.days} days)`}
                description={
                  <>
                    {p.description}{' '}
                    <Typography.Text type="secondary">
                      {rampText(p.services.map((s) => ({ name: s.mailProvider, perDay: s.perDay })))}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <PlansTable {...listTable(plans, list)} onAttach={setAttaching} />
      {attaching && <AttachDialog plan={attaching} onClose={() => setAttaching(null)} />}
    </ListPage>
  );
}
