// @ts-nocheck
import { Form, Input, Space } from 'antd';
import {
  MAIL_SERVICE_SETTINGS_PAGE_SIZE,
  MailServiceSettingMessages as M,
  type MailServiceSetting,
} from '@console/shared/mail-service-settings';
import { DataTable, listTable } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useDeleteMailServiceSetting, useMailServiceSettings } from '../api/mail-service-settings.ts';

/** Mail service settings: search by name, 10 a page; Edit and Delete. */
export function MailServiceSettingList() {
  const list = useCollectionParams({ pageSize: MAIL_SERVICE_SETTINGS_PAGE_SIZE });
  const settings = useMailServiceSettings(list.query);
  const remove = useDeleteMailServiceSetting();
  const askDelete = (s: MailServiceSetting) => confirmDelete(s.name, () => remove.mutateAsync(s.id), 'Delete failed: ');

  return (
    <ListPage
      title="Mail Service Settings"
      create={{ label: 'Add Setting', to: href('mailServiceSettingCreate') }}
      list={list}
      filters={
        <Form.Item name="name">
          <Input placeholder="Name" allowClear aria-label="Setting name search" />
        </Form.Item>
      }
    >
      <DataTable<MailServiceSetting>
        {...listTable(settings, list)}
        emptyText={M.empty}
        columns={[
          { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
          { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
          { title: 'Domain Macro', dataIndex: 'domainMacro', key: 'domainMacro', ellipsis: true },
          { title: 'Max Smtp Out', dataIndex: 'maxSmtpOut', key: 'maxSmtpOut', width: 130 },
          { title: 'Max Msg Rate', dataIndex: 'maxMsgRate', key: 'maxMsgRate', width: 130 },
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right',
            width: 180,
            render: (_, s) => (
              <Space size="small">
                <EditButton to={href('mailServiceSettingEdit', { id: s.id })} label={`Edit setting ${s.name}`} />
                <DeleteButton label={`Delete setting ${s.name}`} onClick={() => void askDelete(s)} />
              </Space>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
