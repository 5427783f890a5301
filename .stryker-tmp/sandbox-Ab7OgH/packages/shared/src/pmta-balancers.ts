// @ts-nocheck
import { z } from 'zod';
import { idField } from './ids.ts';

/*
 * A PMTA server's balancers (spec 2 "Mail service settings and balancers", decision 0905): each mail service
 * setting as that server carries it.
 */

/** The statuses of a balancer entry, in the spec's words. */
export const BALANCER_UPLOADED = 'uploaded';
export const BALANCER_UPLOAD_FAILED = 'upload failed';
export const BALANCER_REMOVED = 'removed';
export const balancerStatuses = [BALANCER_UPLOADED, BALANCER_UPLOAD_FAILED, BALANCER_REMOVED] as const;
export type BalancerStatus = (typeof balancerStatuses)[number];

export const BalancerMessages = {
  serverId: 'PMTA server id is required.',
  alreadyRemoved: 'Error: this balancer is already removed from the server; Sync puts it back.',
  synced: 'The balancers were uploaded and PowerMTA reloaded its configuration.',
  removed: 'The balancer was removed from the configuration and PowerMTA reloaded it.',
  empty: 'No PMTA Balancers',
} as const;

/** PMTA server balancer entry: id, balancerName, status, comment (spec 2 section 3). */
export const balancerEntry = z.object({
  id: z.number(),
  balancerName: z.string(),
  status: z.enum(balancerStatuses),
  comment: z.string(),
});
export type BalancerEntry = z.infer<typeof balancerEntry>;

/** GET pmta/server/{id}/balancers: the server's entries, by setting id. */
export const balancerList = z.array(balancerEntry);

/** POST pmta/server/balancers/upload: Sync, the body names the server. */
export const balancerUploadSchema = z.object({ id: idField(BalancerMessages.serverId) });
export type BalancerUploadBody = z.input<typeof balancerUploadSchema>;
