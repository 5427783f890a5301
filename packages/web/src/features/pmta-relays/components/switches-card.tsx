import { useState } from 'react';
import { Button, Card, Empty, Space, Switch, Typography } from 'antd';
import type { RelaySwitch } from '@console/shared/pmta-relays';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';
import { useSaveSwitches, useSwitches } from '../api/pmta-relays.ts';

/** 'Mail Services': an On/Off toggle per mail service and Save (stored; the engine skips switched-off services). */
export function SwitchesCard({ relayId }: { relayId: number }) {
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
                    toast.success('Saved!');
                  },
                  onError: (e) => toast.error(`Error: ${errorLines(e)[0] ?? 'Some error occurred.'}`),
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
