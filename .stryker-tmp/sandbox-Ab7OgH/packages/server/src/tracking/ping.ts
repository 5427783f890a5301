// @ts-nocheck
import crypto from 'node:crypto';

/*
 * The tracker's own answer at `GET /t/ping` (issue 22, decision 0920): what the PMTA trouble report asks each
 * relay host's port 9999, to tell the console's tracker from anything else there. `key` is derived from the
 * signing secret: a tracker with another APP_SECRET (it could decode none of the console's links) answers
 * another key. It tells nothing about the secret (a one-way HMAC of a fixed text).
 */

export const TRACKER_NAME = 'campaign-console tracker';

export interface TrackerPing {
  tracker: string;
  key: string;
}

export const trackerKey = (secret: Uint8Array) =>
  crypto.createHmac('sha256', secret).update('tracker ping').digest('hex').slice(0, 16);

export const trackerPing = (secret: Uint8Array): TrackerPing => ({ tracker: TRACKER_NAME, key: trackerKey(secret) });
