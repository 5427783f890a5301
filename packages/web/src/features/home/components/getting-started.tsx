import { useState } from 'react';
import { Button, Card, Flex, List, Typography } from 'antd';
import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useGettingStarted, type GettingStarted } from '../api/home.ts';

const DISMISSED = 'getting-started-dismissed';

type Step = { key: keyof GettingStarted; title: string; text: string; links: { to: string; label: string }[] };

const STEPS: Step[] = [
  {
    key: 'servers',
    title: 'Add a server or an SMTP account',
    text: 'A PowerMTA server the console reaches over SSH, or the SMTP server of your sending accounts.',
    links: [
      { to: href('pmtaServerCreate'), label: 'Add a PMTA server' },
      { to: href('smtpServerCreate'), label: 'Add an SMTP server' },
    ],
  },
  {
    key: 'relays',
    title: 'Add relays',
    text: 'The IPs and host names (PMTA) or the accounts (SMTP) that send, in a relay group.',
    links: [
      { to: href('pmtaRelayCreate'), label: 'Add a PMTA relay' },
      { to: href('smtpRelayCreate'), label: 'Add an SMTP relay' },
    ],
  },
  {
    key: 'lists',
    title: 'Upload a list',
    text: 'An e-mail list with its addresses from a CSV file.',
    links: [{ to: href('emailLists'), label: 'Open the e-mail lists' }],
  },
  {
    key: 'messages',
    title: 'Write a message',
    text: 'The HTML of the e-mail, with its tags and tracked links.',
    links: [{ to: href('messageCreate'), label: 'Write a message' }],
  },
  {
    key: 'campaigns',
    title: 'Create a campaign',
    text: 'One message and one offer to a list, through a relay group.',
    links: [
      { to: href('pmtaCampaignCreate'), label: 'Create a PMTA campaign' },
      { to: href('smtpCampaignCreate'), label: 'Create an SMTP campaign' },
    ],
  },
];

/**
 * A user's checklist (issue 38): lists and offers are the administrator's (spec 1: users create neither),
 * so that step says what the administrator provides, with no link to a screen where the user cannot act;
 * servers, relays, messages and campaigns are the user's own.
 */
const USER_STEPS: Step[] = STEPS.map((s) =>
  s.key === 'lists'
    ? {
        key: 'provided',
        title: 'Get a list and an offer from your administrator',
        text: 'Your administrator uploads the e-mail lists and creates the offers, then gives them to you: they appear in E-mail Lists and Offers. Ask for one of each.',
        links: [],
      }
    : s,
);

/**
 * The first run's checklist on Home (issue 27): while the console lacks servers, relays, lists, messages or
 * campaigns, each step links to its screen and is ticked once done; a user's fits the role (USER_STEPS).
 * It disappears when every step is done, and "Dismiss" hides it for good in this browser.
 */
export function GettingStartedCard() {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) === '1');
  const state = useGettingStarted(!dismissed);
  const steps = useIsAdmin() ? STEPS : USER_STEPS;
  if (dismissed || !state.data || steps.every((s) => state.data[s.key])) return null;
  const done = steps.filter((s) => state.data[s.key]).length;
  return (
    <Card
      title={`Getting started: ${done} of ${steps.length} done`}
      aria-label="Getting started"
      role="region"
      extra={
        <Button
          type="text"
          icon={<CloseOutlined />}
          onClick={() => {
            localStorage.setItem(DISMISSED, '1');
            setDismissed(true);
          }}
        >
          Dismiss
        </Button>
      }
    >
      <List
        dataSource={steps}
        renderItem={(step, i) => {
          const ok = state.data[step.key];
          return (
            <List.Item data-testid={`step-${step.key}`} data-done={ok ? 'true' : 'false'}>
              <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
                {ok ? (
                  <CheckCircleFilled aria-label="Done" style={{ color: '#52c41a', fontSize: 20, marginTop: 2 }} />
                ) : (
                  <span
                    aria-label="To do"
                    style={{
                      width: 20,
                      height: 20,
                      borderRadius: 10,
                      border: '2px solid #d9d9d9',
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      fontSize: 11,
                      marginTop: 2,
                      flex: 'none',
                    }}
                  >
                    {i + 1}
                  </span>
                )}
                <Flex vertical flex={1}>
                  <Typography.Text strong delete={ok}>
                    {step.title}
                  </Typography.Text>
                  <Typography.Text type="secondary">{step.text}</Typography.Text>
                </Flex>
                <Flex gap={12} wrap justify="flex-end">
                  {step.links.map((l) => (
                    <Link key={l.to} to={l.to}>
                      {l.label}
                    </Link>
                  ))}
                </Flex>
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
