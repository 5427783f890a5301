import { useQueryClient } from '@tanstack/react-query';
import type { SmtpRelay } from '@console/shared/smtp-relays';
import { RelayPauseList, ResumeButton } from '@/components/relay-pause.tsx';
import { smtpRelaysKey } from '../api/smtp-relays.ts';

/**
 * The mail services an SMTP relay is paused for (decision 1475): each with its reason, since when and the
 * Delivery screen's Resume (a confirmation first); `compact` for a table cell.
 */
export function RelayPauses({ relay, compact = false }: { relay: SmtpRelay; compact?: boolean }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: smtpRelaysKey });
  return (
    <RelayPauseList
      pauses={relay.pauses}
      compact={compact}
      action={(p) => (
        <ResumeButton
          pause={{
            relayId: relay.id,
            relay: relay.account,
            mailServiceId: p.mailService.id,
            mailService: p.mailService.name,
          }}
          after={refresh}
        />
      )}
    />
  );
}
