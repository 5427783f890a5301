// @ts-nocheck
import { z } from 'zod';

export const notificationItem = z.object({
  id: z.number(),
  subject: z.string(),
  message: z.string(),
  date: z.string(),
});
export type Notification = z.infer<typeof notificationItem>;
