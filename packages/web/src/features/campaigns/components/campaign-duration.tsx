import { useQuery } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import type { EmailList } from '@console/shared/email-lists';
import type { HydraCollection } from '@console/shared/hydra';
import { campaignDurationHint, type RelayPace } from '@console/shared/relays';
import { SELECT_ALL_MAX } from '@/components/data-table.tsx';
import { http } from '@/lib/http.ts';

/**
 * Under the campaign's Relay Group (issue 38: a first campaign at the spec's default speeds took hours and
 * nothing said so): how long the chosen list takes at the chosen group's relay speeds. The recipients are
 * the list's e-mails at the chosen mail services (its valid e-mails when none is chosen).
 */
export function CampaignDuration({ kind }: { kind: 'pmta' | 'smtp' }) {
  const listId: unknown = Form.useWatch('emailList');
  const groupId: unknown = Form.useWatch('relayGroup');
  const services: unknown = Form.useWatch('mailProviders');
  const list = useQuery({
    queryKey: ['email_lists', 'detail', listId],
    queryFn: () => http.get<EmailList>(`/email_lists/${String(listId)}`),
    enabled: typeof listId === 'number',
    staleTime: 30_000,
  });
  const relays = useQuery({
    queryKey: [`${kind}_relays`, 'list', { 'group.id': groupId, itemsPerPage: SELECT_ALL_MAX }],
    queryFn: () =>
      http.get<HydraCollection<RelayPace>>(`/${kind}_relays`, {
        query: { 'group.id': String(groupId), itemsPerPage: String(SELECT_ALL_MAX) },
      }),
    enabled: typeof groupId === 'number',
    staleTime: 30_000,
  });
  if (!list.data || !relays.data || typeof listId !== 'number' || typeof groupId !== 'number') return null;
  const chosen = Array.isArray(services) ? services : [];
  const recipients =
    chosen.length > 0
      ? list.data.providersCounters
          .filter((p) => chosen.includes(p.mailProviderId))
          .reduce((sum, p) => sum + p.counter, 0)
      : list.data.validCounter;
  const hint = campaignDurationHint(recipients, relays.data['hydra:member']);
  return (
    hint && (
      <Typography.Paragraph type="secondary" data-testid="campaign-duration">
        {hint}
      </Typography.Paragraph>
    )
  );
}
