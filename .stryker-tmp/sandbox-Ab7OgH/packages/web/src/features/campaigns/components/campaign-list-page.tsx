// @ts-nocheck
import { useMemo } from 'react';
import { Flex, Form, Input, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import {
  FINISHED_PAGE_SIZE,
  FINISHED_STATUSES,
  NOT_FINISHED_PAGE_SIZE,
  NOT_FINISHED_STATUSES,
} from '@console/shared/campaigns';
import type { ColumnType } from 'antd/es/table/interface';
import { Topics } from '@console/shared/hub';
import type { CampaignItem } from '@console/shared/campaigns';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import type { Filters, TableBinding } from '@/hooks/use-collection-params.ts';
import { CampaignKinds, useApplyProgress, useCampaigns, type CampaignKind } from '../api/campaigns.ts';
import { useLiveEvent } from '@/lib/live.ts';
import { href } from '@/lib/routes.ts';
import { CampaignsTable } from './campaigns-table.tsx';

const FILTERS = ['name', 'user.id'] as const;
/** Each section pages on its own: `page` and `finishedPage` in the address. */
type PageParam = 'page' | 'finishedPage';

/** The filters (name, owner) and both sections' pages, kept in the address. */
function useCampaignParams() {
  const [search, setSearch] = useSearchParams();
  // One object per address: the filter bar resets its fields when it gets another one, and live updates
  // re-render this page while someone types.
  const filters = useMemo(() => {
    const f: Filters = {};
    for (const key of FILTERS) {
      const v = search.get(key);
      if (v) f[key] = key === 'user.id' && /^\d+$/.test(v) ? Number(v) : v;
    }
    return f;
  }, [search]);
  const pageOf = (p: PageParam) => Math.max(1, Number(search.get(p)) || 1);
  const table = (p: PageParam, pageSize: number): { table: TableBinding } => ({
    table: {
      page: pageOf(p),
      pageSize,
      onChange: ({ page }) =>
        setSearch((prev) => {
          const next = new URLSearchParams(prev);
          if (page > 1) next.set(p, String(page));
          else next.delete(p);
          return next;
        }),
    },
  });
  const setFilters = (f: Filters) => {
    const next = new URLSearchParams();
    for (const key of FILTERS) if (f[key] !== undefined && f[key] !== '') next.set(key, String(f[key]));
    setSearch(next); // a new search starts both sections at their first page
  };
  return { filters, setFilters, pageOf, table };
}

export interface CampaignListPageProps<C extends CampaignItem> {
  kind: CampaignKind;
  /** The kind's own columns (CampaignsTable). */
  columns: ColumnType<C>[];
}

/** '{kind} Campaigns': 'Not finished campaigns' (20 a page) and 'Finished campaigns' (40), live progress. */
export function CampaignListPage<C extends CampaignItem>({ kind, columns }: CampaignListPageProps<C>) {
  const params = useCampaignParams();
  const notFinished = params.table('page', NOT_FINISHED_PAGE_SIZE);
  const finished = params.table('finishedPage', FINISHED_PAGE_SIZE);
  const active = useCampaigns<C>(kind, {
    ...params.filters,
    _page: params.pageOf('page'),
    itemsPerPage: NOT_FINISHED_PAGE_SIZE,
    'status[]': NOT_FINISHED_STATUSES,
  });
  const done = useCampaigns<C>(kind, {
    ...params.filters,
    _page: params.pageOf('finishedPage'),
    itemsPerPage: FINISHED_PAGE_SIZE,
    'status[]': FINISHED_STATUSES,
  });
  useLiveEvent(Topics.campaignProgress, useApplyProgress(kind));
  const { label, routes } = CampaignKinds[kind];

  return (
    <ListPage
      title={`${label} Campaigns`}
      create={{ label: 'Create Campaign', to: href(routes.create) }}
      list={params}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Campaign name" allowClear aria-label="Campaign name search" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <Flex vertical gap={24}>
        <section aria-label="Not finished campaigns">
          <Typography.Title level={5}>Not finished campaigns</Typography.Title>
          <CampaignsTable kind={kind} columns={columns} {...listTable(active, notFinished)} />
        </section>
        <section aria-label="Finished campaigns">
          <Typography.Title level={5}>Finished campaigns</Typography.Title>
          <CampaignsTable kind={kind} columns={columns} finished {...listTable(done, finished)} />
        </section>
      </Flex>
    </ListPage>
  );
}
