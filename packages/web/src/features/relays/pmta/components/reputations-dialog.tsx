import { Alert, Modal, Table } from 'antd';
import type { RelayReputation } from '@console/shared/pmta-relays';
import { dayjs } from '@/lib/dayjs.ts';
import { errorLines } from '@/lib/http.ts';
import { useReputations } from '../api/pmta-relays.ts';
import { ratingOf } from '@/components/rating-tag.tsx';

/** The relay's reputation at each provider: provider, reputation, details, date. */
export function ReputationsDialog({ relayId, onClose }: { relayId: number | undefined; onClose: () => void }) {
  const q = useReputations(relayId);
  return (
    <Modal
      open={relayId !== undefined}
      title={`Reputations of relay #${relayId ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {q.error ? (
        <Alert type="error" showIcon title={errorLines(q.error)[0] ?? 'Some error occurred.'} />
      ) : (
        <Table<RelayReputation>
          size="small"
          loading={q.isFetching}
          rowKey={(r) => r.provider.name}
          dataSource={q.data?.reputations ?? []}
          pagination={false}
          locale={{ emptyText: 'No reputation checked yet.' }}
          columns={[
            { title: 'Provider', render: (_, r) => r.provider.name },
            { title: 'Reputation', render: (_, r) => ratingOf(r.reputation).label },
            { title: 'Details', render: (_, r) => r.details ?? '' },
            { title: 'Date', render: (_, r) => dayjs(r.date).format('YYYY-MM-DD HH:mm') },
          ]}
        />
      )}
    </Modal>
  );
}
