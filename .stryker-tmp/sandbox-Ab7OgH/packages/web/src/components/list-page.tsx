// @ts-nocheck
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { FilterBar } from './filter-bar.tsx';
import { Page } from './page.tsx';
import type { Filters } from '@/hooks/use-collection-params.ts';

export interface ListPageProps {
  title: ReactNode;
  /** The add button of the page header: its text and where it leads (left out: no button). */
  create?: { label: string; to: string };
  /** Other buttons of the page header. */
  extra?: ReactNode;
  /** The filters in the address bar (`useCollectionParams()`): the bar shows and changes them. */
  list: { filters: Filters; setFilters: (f: Filters) => void };
  /** The filter fields; none: no filter bar. */
  filters?: ReactNode;
  /** Buttons on the right of the filter bar. */
  filterExtra?: ReactNode;
  /** The data table (its Total, empty text and the spec's pager come with it). */
  children: ReactNode;
}

/** The frame of every list screen: title, add button, filters kept in the address, then the table. */
export function ListPage({ title, create, extra, list, filters, filterExtra, children }: ListPageProps) {
  return (
    <Page
      title={title}
      extra={
        (create || extra) && (
          <>
            {extra}
            {create && (
              <Link to={create.to}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {create.label}
                </Button>
              </Link>
            )}
          </>
        )
      }
    >
      {filters && (
        <FilterBar values={list.filters} onSearch={list.setFilters} extra={filterExtra}>
          {filters}
        </FilterBar>
      )}
      {children}
    </Page>
  );
}
