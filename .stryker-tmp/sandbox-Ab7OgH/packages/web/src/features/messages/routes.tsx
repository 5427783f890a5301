// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const MessageList = lazy(() => import('./pages/message-list.tsx').then((m) => ({ default: m.MessageList })));
const MessageEdit = lazy(() => import('./pages/message-edit.tsx').then((m) => ({ default: m.MessageEdit })));

/** Messages: the list, create and edit (with preview and the tag pickers). */
export const messagesScreens: Screens = {
  messages: <MessageList />,
  messageCreate: <MessageEdit />,
  messageEdit: <MessageEdit />,
};
