import { useState } from 'react';
import { App, Button, Card, Empty, Space, Switch, Typography } from 'antd';
import type { RelaySwitch } from '@console/shared/pmta-relays';
import { operationError, toast } from '@/components/feedback.tsx';
import { useSaveSwitches, useSwitches } from '../api/pmta-relays.ts';

/**
 * 'Mail Services': an On/Off toggle per mail service and Save. Save uploads the relay's server configuration
 * with the switches; they flip only once the server has taken it (spec 2), else the error shows and the
 * toggles keep the person's choice to try again.
 */
export function SwitchesCard({ relayId }: { relayId: number }) {
  const { modal } = App.useApp();
  const q = useSwitches(relayId);
  const save = useSaveSwitches();
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  const switches: RelaySwitch[] = (q.data?.switches ?? []).map((s) => ({ ...s, off: edits[s.providerName] ?? s.off }));
  return (
    <Card title="Mail Services" size="small" loading={q.isLoading}>
      {switches.length === 0 ? (
        <Empty description="No mail services" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {switches.map((s) => (
            <Space key={s.providerName} style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text>{s.providerName}</Typography.Text>
              <Switch
                checked={!s.off}
                checkedChildren="On"
                unCheckedChildren="Off"
                aria-label={`${s.providerName} on`}
                onChange={(on) => setEdits((e) => ({ ...e, [s.providerName]: !on }))}
              />
            </Space>
          ))}
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id: relayId, switches },
                {
                  onSuccess: () => {
                    setEdits({});
                    toast.success('Saved! The server has the new switches.');
                  },
                  onError: (e) =>
                    modal.error({
                      title: 'The switches were not changed',
                      content: <Typography.Text type="danger">{operationError(e)}</Typography.Text>,
                    }),
                },
              )
            }
          >
            Save
          </Button>
        </Space>
      )}
    </Card>
  );
}
