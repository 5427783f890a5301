// @ts-nocheck
import { Col, Form, Input, Row } from 'antd';
import { SPAM_TRAPS_PAGE_SIZE, SpamTrapMessages as M, type SpamMx } from '@console/shared/spam-traps';
import { DataTable, listTable } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { DeleteButton } from '@/components/row-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useRemoveSpamMx, useSpamMxs } from '../api/spam-traps.ts';
import { SpamUpload } from '../components/spam-upload.tsx';

/** Spam-trap MX servers: search, Total, how many of the lists' domains use each, upload, Delete. */
export function SpamMxList() {
  const list = useCollectionParams({ pageSize: SPAM_TRAPS_PAGE_SIZE });
  const mxs = useSpamMxs(list.query);
  const remove = useRemoveSpamMx();
  const askDelete = (m: SpamMx) =>
    confirmDelete(
      `${m.value}: addresses at its ${m.domains} domain(s) count valid again unless another rule holds them.`,
      () => remove.mutateAsync(m.id),
    );
  return (
    <ListPage
      title="SpamTrap MXs"
      create={{ label: 'Add MX', to: href('spamMxCreate') }}
      list={list}
      filters={
        <Form.Item name="value">
          <Input placeholder="MX server" allowClear aria-label="MX search" />
        </Form.Item>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <DataTable<SpamMx>
            {...listTable(mxs, list)}
            emptyText={M.mxEmpty}
            columns={[
              { title: 'ID', dataIndex: 'id', key: 'id', width: 90, sorter: true },
              { title: 'MX server', dataIndex: 'value', key: 'value', sorter: true },
              { title: 'Domains using it', dataIndex: 'domains', key: 'domains', width: 160, align: 'right' },
              {
                title: 'Actions',
                key: 'actions',
                width: 110,
                render: (_, m) => <DeleteButton label={`Delete MX ${m.value}`} onClick={() => void askDelete(m)} />,
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <SpamUpload list="mxs" />
        </Col>
      </Row>
    </ListPage>
  );
}
