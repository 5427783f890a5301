// @ts-nocheck
import { z } from 'zod';

/*
 * The running processes (issue 23, admin screen Processes): every process beats every BEAT_SECONDS; one
 * silent for LIVE_SECONDS is shown as not responding, and a campaign counts on senders that are live.
 */
export const BEAT_SECONDS = 5;
export const LIVE_SECONDS = 15;

export const ProcessMessages = {
  noSender: 'No sender is running',
  noSenderHelp:
    'No worker process is sending: the campaign stays Active but nothing is sent until a process with ROLE=all or ROLE=worker runs (Admin > Processes).',
} as const;

export const processItem = z.object({
  id: z.string(),
  /** all, api, worker or tracker (ROLE). */
  role: z.string(),
  host: z.string(),
  pid: z.number(),
  version: z.string(),
  started: z.string(),
  lastBeat: z.string(),
  /** Messages handed to a relay and not yet recorded. */
  inFlight: z.number(),
  /** It runs a sender that holds its liveness lock. */
  sending: z.boolean(),
  /** Its last beat is less than LIVE_SECONDS old. */
  live: z.boolean(),
});
export type ProcessItem = z.infer<typeof processItem>;

export const processList = z.object({ items: z.array(processItem), totalItems: z.number() });

/** GET /api/processes/senders: whether any live process sends (every user: the campaign screens ask). */
export const sendersAnswer = z.object({ running: z.number() });
export type SendersAnswer = z.infer<typeof sendersAnswer>;
