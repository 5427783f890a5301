import { Flex, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { SmtpRelay } from '@console/shared/smtp-relays';
import { PausedNote, ResumeButton } from '@/components/relay-pause.tsx';
import { When } from '@/components/when.tsx';
import { smtpRelaysKey } from '../api/smtp-relays.ts';

/**
 * The mail services an SMTP relay is paused for (decision 1475): each with its reason, since when and the
 * Delivery screen's Resume (a confirmation first). `compact` for a table cell: one line of tag, since when and
 * Resume, the reason on one line below (whole in its tooltip); a dash when none.
 */
export function RelayPauses({ relay, compact = false }: { relay: SmtpRelay; compact?: boolean }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: smtpRelaysKey });
  if (!relay.pauses.length) return compact ? <>-</> : null;
  return (
    <Flex vertical gap={compact ? 8 : 16}>
      {relay.pauses.map((p) => {
        const resume = (
          <ResumeButton
            pause={{
              relayId: relay.id,
              relay: relay.account,
              mailServiceId: p.mailService.id,
              mailService: p.mailService.name,
            }}
            after={refresh}
          />
        );
        return compact ? (
          <div key={p.mailService.id}>
            <Space size={6} wrap={false}>
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                paused for {p.mailService.name}
              </Tag>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                <When at={p.since} />
              </Typography.Text>
              {resume}
            </Space>
            <Typography.Text type="danger" ellipsis={{ tooltip: p.reason }} style={{ display: 'block', maxWidth: 300 }}>
              {p.reason}
            </Typography.Text>
          </div>
        ) : (
          <div key={p.mailService.id}>
            <PausedNote reason={p.reason} since={p.since} service={p.mailService.name} />
            <div style={{ marginTop: 4 }}>{resume}</div>
          </div>
        );
      })}
    </Flex>
  );
}
