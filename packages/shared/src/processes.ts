import { z } from 'zod';

/*
 * The running processes (issue 23, admin screen Processes): every process beats every BEAT_SECONDS; one
 * silent for LIVE_SECONDS is shown as not responding, and a campaign counts on senders that are live.
 */
export const BEAT_SECONDS = 5;
export const LIVE_SECONDS = 15;
/**
 * A process not responding is shown this long, then any live process's beat removes its row (decision
 * 1341): a crash during the night is still on the screen in the morning; an administrator may remove it earlier.
 */
export const PRUNE_HOURS = 24;

export const ProcessMessages = {
  noSender: 'No sender is running',
  noSenderHelp:
    'No worker process is sending: the campaign stays Preparing or Active, and nothing is prepared or sent, until a process with ROLE=all or ROLE=worker runs (Admin > Processes).',
  removeLive: 'A running process cannot be removed: stop it, and its row goes with it.',
  notFound: 'No such process.',
  invalidId: 'Invalid process id.',
  pruned: `A process not responding is removed after ${PRUNE_HOURS} hours.`,
} as const;

/** DELETE /api/processes/{id}: the id of a process's row (a UUID). */
export const processParams = z.object({ id: z.uuid({ error: ProcessMessages.invalidId }) });

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
