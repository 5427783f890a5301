import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import type { RelayKind } from '@console/shared/relays';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import type { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href, type RouteName } from '@/lib/routes.ts';

interface ServerListPageProps {
  kind: RelayKind;
  list: ReturnType<typeof useCollectionParams>;
  /** The name search: its query field and its placeholder (also its accessible name). */
  search: { name: string; placeholder: string };
  /** The kind's servers table. */
  children: ReactNode;
}

/** PMTA / SMTP Servers: search by name; administrators also by owner. */
export function ServerListPage({ kind, list, search, children }: ServerListPageProps) {
  return (
    <ListPage
      title={`${kind.toUpperCase()} Servers`}
      create={{ label: 'Add Server', to: href(`${kind}ServerCreate` satisfies RouteName) }}
      list={list}
      filters={
        <>
          <Form.Item name={search.name}>
            <Input placeholder={search.placeholder} allowClear aria-label={search.placeholder} />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      {children}
    </ListPage>
  );
}
