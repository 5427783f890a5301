import { useState, type ReactNode } from 'react';
import { App, Button, Space, Table, Typography } from 'antd';
import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import { errorDialog, operationError, toast } from '@/components/feedback.tsx';
import { getConfigDates, getSoftwareReadiness, uploadConfig, type ConfigDate } from '../api/pmta-servers.ts';

const when = (d: string | null) => (d ? new Date(d).toLocaleString() : 'missing');

/** The three buttons of a PMTA server's edit page: readiness, config dates, config upload (spec 2). */
export function PmtaServerOperations({ id }: { id: number }) {
  const { modal } = App.useApp();
  const [running, setRunning] = useState<'readiness' | 'dates' | 'upload'>();

  async function run<T>(what: typeof running, call: () => Promise<T>, show: (v: T) => void, title: string) {
    setRunning(what);
    try {
      show(await call());
    } catch (e) {
      // 'Error: ...' answers come in the error style (spec 2).
      modal.error({ title, content: <Typography.Text type="danger">{operationError(e)}</Typography.Text> });
    } finally {
      setRunning(undefined);
    }
  }

  const table = (title: string, content: ReactNode) => modal.info({ title, content, width: 560, icon: null });

  const readiness = () =>
    run(
      'readiness',
      () => getSoftwareReadiness(id),
      (rows) =>
        table(
          'Software readiness',
          <Table
            size="small"
            pagination={false}
            rowKey="service"
            dataSource={rows}
            columns={[
              { title: 'Service', dataIndex: 'service' },
              {
                title: 'Ready',
                dataIndex: 'ready',
                render: (ready: boolean) =>
                  ready ? (
                    <CheckCircleTwoTone twoToneColor="#52c41a" aria-label="ready" />
                  ) : (
                    <CloseCircleTwoTone twoToneColor="#ff4d4f" aria-label="not ready" />
                  ),
              },
            ]}
          />,
        ),
      'Software readiness',
    );

  const dates = () =>
    run(
      'dates',
      () => getConfigDates(id),
      ({ configsDates }) =>
        table(
          'Config dates',
          <Table<ConfigDate>
            size="small"
            pagination={false}
            rowKey="service"
            dataSource={configsDates}
            columns={[
              { title: 'Service', dataIndex: 'service' },
              { title: 'Date', dataIndex: 'date', render: when },
            ]}
          />,
        ),
      'Config dates',
    );

  async function upload() {
    setRunning('upload');
    try {
      await uploadConfig(id);
      toast.success('The config was uploaded and PowerMTA reloaded it.');
    } catch (e) {
      errorDialog(e);
    } finally {
      setRunning(undefined);
    }
  }

  return (
    <Space wrap>
      <Button onClick={readiness} loading={running === 'readiness'} disabled={Boolean(running)}>
        Check software readiness
      </Button>
      <Button onClick={dates} loading={running === 'dates'} disabled={Boolean(running)}>
        Check config dates
      </Button>
      <Button onClick={upload} loading={running === 'upload'} disabled={Boolean(running)}>
        Upload config to the server
      </Button>
    </Space>
  );
}
