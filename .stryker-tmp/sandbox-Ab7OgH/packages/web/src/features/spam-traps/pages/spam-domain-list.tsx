// @ts-nocheck
import { Col, Form, Input, Row, Space, Tag } from 'antd';
import { SPAM_TRAPS_PAGE_SIZE, SpamTrapMessages as M, type SpamDomain } from '@console/shared/spam-traps';
import { DataTable, listTable } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useRemoveSpamDomain, useSpamDomains } from '../api/spam-traps.ts';
import { SpamUpload } from '../components/spam-upload.tsx';

/** Spam-trap domains: search, Total, upload with progress, Delete. */
export function SpamDomainList() {
  const list = useCollectionParams({ pageSize: SPAM_TRAPS_PAGE_SIZE });
  const domains = useSpamDomains(list.query);
  const remove = useRemoveSpamDomain();
  const askDelete = (d: SpamDomain) =>
    confirmDelete(`${d.domain}: its addresses count valid again unless another rule holds them.`, () =>
      remove.mutateAsync(d.id),
    );
  return (
    <ListPage
      title="SpamTrap Domains"
      create={{ label: 'Add Domain', to: href('spamDomainCreate') }}
      list={list}
      filters={
        <Form.Item name="domain">
          <Input placeholder="Domain" allowClear aria-label="Domain search" />
        </Form.Item>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <DataTable<SpamDomain>
            {...listTable(domains, list)}
            emptyText={M.domainsEmpty}
            columns={[
              { title: 'ID', dataIndex: 'id', key: 'id', width: 90, sorter: true },
              {
                title: 'Domain',
                key: 'domain',
                sorter: true,
                render: (_, d) => (
                  <>
                    {d.domain} {d.mailProvider && <Tag>{d.mailProvider}</Tag>}
                  </>
                ),
              },
              {
                title: 'Actions',
                key: 'actions',
                width: 190,
                render: (_, d) => (
                  <Space size="small">
                    {/* A mail service's domain is only unflagged, never renamed. */}
                    {!d.mailProvider && (
                      <EditButton to={href('spamDomainEdit', { id: d.id })} label={`Edit domain ${d.domain}`} />
                    )}
                    <DeleteButton label={`Delete domain ${d.domain}`} onClick={() => void askDelete(d)} />
                  </Space>
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <SpamUpload list="domains" />
        </Col>
      </Row>
    </ListPage>
  );
}
