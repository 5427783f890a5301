import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { BarChartOutlined, CaretRightOutlined, CopyOutlined, PauseOutlined, StopOutlined } from '@ant-design/icons';
import { CampaignMessages, type SmtpCampaign } from '@console/shared/campaigns';
import { confirm, errorDialog, toast } from '@/components/feedback.tsx';
import { EditButton, LinkButton } from '@/components/row-actions.tsx';
import { HttpError } from '@/lib/http.ts';
import { href } from '@/lib/routes.ts';
import { useCampaignAction, type ActionAnswer, type CampaignAction } from '../api/smtp-campaigns.ts';
import { can } from '../format.ts';

const WORDS: Record<CampaignAction, { verb: string; title: string; done: string; failed: string; text: string }> = {
  start: {
    verb: 'Start',
    title: 'Start this campaign?',
    done: 'Started successfully!',
    failed: 'Campaign start failed!',
    text: CampaignMessages.started,
  },
  pause: {
    verb: 'Pause',
    title: 'Pause this campaign?',
    done: 'Paused successfully!',
    failed: 'Campaign pause failed!',
    text: CampaignMessages.paused,
  },
  stop: {
    verb: 'Stop',
    title: 'Stop this campaign?',
    done: 'Stopped successfully!',
    failed: 'Campaign stop failed!',
    text: CampaignMessages.stopped,
  },
};

/** The clone route: the create form pre-filled from this campaign. */
export const cloneHref = (id: number) => `${href('smtpCampaignCreate')}?cloneId=${id}`;

/**
 * Start, pause and stop with the spec's confirmations and texts: an answer of 400 or more closes the
 * dialog and opens 'Campaign {action} failed!' with the server's message; a network failure stays in the
 * dialog as 'Request failed: {reason}'.
 */
export function useAskAction() {
  const call = useCampaignAction();
  return async (action: CampaignAction, c: Pick<SmtpCampaign, 'id' | 'name'>) => {
    const w = WORDS[action];
    let refused: HttpError | undefined;
    let answer: ActionAnswer | undefined;
    const ok = await confirm({
      title: w.title,
      content: `Campaign #${c.id} ${c.name}`,
      okText: w.verb,
      danger: action === 'stop',
      onOk: async () => {
        try {
          answer = await call.mutateAsync({ action, id: c.id });
        } catch (e) {
          if (e instanceof HttpError) refused = e;
          else throw e;
        }
      },
    });
    if (!ok) return;
    if (refused) errorDialog(refused, w.failed);
    else toast.success(w.done, { description: answer?.message || w.text });
  };
}

export interface CampaignActionsProps {
  campaign: SmtpCampaign;
  /** Leave out the Statistics button (on the statistics screen itself). */
  noStatistics?: boolean;
}

/** The row actions by status: Edit (inactive), Statistics, Start, Pause, Stop; a finished one offers Clone. */
export function CampaignActions({ campaign: c, noStatistics }: CampaignActionsProps) {
  const ask = useAskAction();
  const button = (action: CampaignAction, icon: ReactNode) => (
    <Button
      size="small"
      icon={icon}
      danger={action === 'stop'}
      aria-label={`${WORDS[action].verb} campaign ${c.name}`}
      onClick={() => void ask(action, c)}
    >
      {WORDS[action].verb}
    </Button>
  );
  return (
    <Space size={4} wrap={false}>
      {can.edit(c.status) && (
        <EditButton to={href('smtpCampaignEdit', { id: c.id })} label={`Edit campaign ${c.name}`} />
      )}
      {!noStatistics && (
        <LinkButton
          to={href('smtpCampaignStatistics', { id: c.id })}
          icon={<BarChartOutlined />}
          label={`Statistics of campaign ${c.name}`}
        >
          Statistics
        </LinkButton>
      )}
      {can.start(c.status) && button('start', <CaretRightOutlined />)}
      {can.pause(c.status) && button('pause', <PauseOutlined />)}
      {can.stop(c.status) && button('stop', <StopOutlined />)}
      {!can.stop(c.status) && (
        <LinkButton to={cloneHref(c.id)} icon={<CopyOutlined />} label={`Clone campaign ${c.name}`}>
          Clone
        </LinkButton>
      )}
    </Space>
  );
}
