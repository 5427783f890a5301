import { z } from 'zod';

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

/** PMTA server balancer entry: id, balancerName, status, comment (spec 2 section 3). */
export const balancerEntry = z.object({
  id: z.number(),
  balancerName: z.string(),
  status: z.enum(balancerStatuses),
  comment: z.string(),
});
export type BalancerEntry = z.infer<typeof balancerEntry>;
