// @ts-nocheck
import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { Link } from 'react-router';
import {
  BarChartOutlined,
  CaretRightOutlined,
  CopyOutlined,
  EditOutlined,
  PauseOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { CampaignMessages, type CampaignItem } from '@console/shared/campaigns';
import { confirm, errorDialog, toast } from '@/components/feedback.tsx';
import {
  CampaignKinds,
  campaignHooks,
  can,
  type ActionAnswer,
  type CampaignAction,
  type CampaignKind,
} from '../api/campaigns.ts';
import { HttpError } from '@/lib/http.ts';
import { href } from '@/lib/routes.ts';

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
export const cloneHref = (kind: CampaignKind, id: number) => `${href(CampaignKinds[kind].routes.create)}?cloneId=${id}`;

/**
 * Start, pause and stop with the spec's confirmations and texts: an answer of 400 or more closes the
 * dialog and opens 'Campaign {action} failed!' with the server's message; a network failure stays in the
 * dialog as 'Request failed: {reason}'.
 */
export function useAskAction(kind: CampaignKind) {
  const call = campaignHooks[kind].useAction();
  return async (action: CampaignAction, c: Pick<CampaignItem, 'id' | 'name'>) => {
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
  kind: CampaignKind;
  campaign: CampaignItem;
  /** The statistics screen's header: labelled buttons, no Statistics button. */
  labelled?: boolean;
}

/**
 * The actions by status: Edit (inactive), Statistics, Start (inactive, paused), Pause (active, preparing),
 * Stop (not finished); a finished one offers Clone. In tables they are icon buttons with their names in
 * tooltips (and labels), so the wide campaign table keeps its columns in sight.
 */
export function CampaignActions({ kind, campaign: c, labelled }: CampaignActionsProps) {
  const ask = useAskAction(kind);
  const { routes } = CampaignKinds[kind];
  const action = (a: CampaignAction, icon: ReactNode) => (
    <Action
      key={a}
      labelled={labelled}
      text={WORDS[a].verb}
      label={`${WORDS[a].verb} campaign ${c.name}`}
      icon={icon}
      danger={a === 'stop'}
      onClick={() => void ask(a, c)}
    />
  );
  return (
    <Space size={4} wrap={false}>
      {can.edit(c.status) && (
        <Action
          labelled={labelled}
          text="Edit"
          label={`Edit campaign ${c.name}`}
          icon={<EditOutlined />}
          to={href(routes.edit, { id: c.id })}
        />
      )}
      {!labelled && (
        <Action
          text="Statistics"
          label={`Statistics of campaign ${c.name}`}
          icon={<BarChartOutlined />}
          to={href(routes.statistics, { id: c.id })}
        />
      )}
      {can.start(c.status) && action('start', <CaretRightOutlined />)}
      {can.pause(c.status) && action('pause', <PauseOutlined />)}
      {can.stop(c.status) && action('stop', <StopOutlined />)}
      {!can.stop(c.status) && !labelled && (
        <Action text="Clone" label={`Clone campaign ${c.name}`} icon={<CopyOutlined />} to={cloneHref(kind, c.id)} />
      )}
    </Space>
  );
}

interface ActionProps {
  text: string;
  label: string;
  icon: ReactNode;
  labelled?: boolean;
  danger?: boolean;
  to?: string;
  onClick?: () => void;
}

/** One action: an icon button with a tooltip in tables, a labelled button in headers; a link when `to`. */
function Action({ text, label, icon, labelled, danger, to, onClick }: ActionProps) {
  const b = (
    <Button size={labelled ? 'middle' : 'small'} icon={icon} danger={danger} aria-label={label} onClick={onClick}>
      {labelled && text}
    </Button>
  );
  const linked = to ? <Link to={to}>{b}</Link> : b;
  return labelled ? linked : <Tooltip title={text}>{linked}</Tooltip>;
}
