import { Flex } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { SmtpRelay } from '@console/shared/smtp-relays';
import { PausedNote, ResumeButton } from '@/components/relay-pause.tsx';
import { smtpRelaysKey } from '../api/smtp-relays.ts';

/**
 * The mail services an SMTP relay is paused for (decision 1475): each with its reason, since when and the
 * Delivery screen's Resume (a confirmation first). `compact` for a table cell: a dash when none.
 */
export function RelayPauses({ relay, compact = false }: { relay: SmtpRelay; compact?: boolean }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: smtpRelaysKey });
  if (!relay.pauses.length) return compact ? <>-</> : null;
  return (
    <Flex vertical gap={compact ? 8 : 16}>
      {relay.pauses.map((p) => (
        <div key={p.mailService.id} data-testid={`pause-${p.mailService.name}`}>
          <PausedNote reason={p.reason} since={p.since} service={p.mailService.name} />
          <div style={{ marginTop: 4 }}>
            <ResumeButton
              pause={{
                relayId: relay.id,
                relay: relay.account,
                mailServiceId: p.mailService.id,
                mailService: p.mailService.name,
              }}
              after={refresh}
            />
          </div>
        </div>
      ))}
    </Flex>
  );
}
