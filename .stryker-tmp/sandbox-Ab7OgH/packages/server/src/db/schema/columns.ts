// @ts-nocheck
import { timestamp } from 'drizzle-orm/pg-core';

/** Columns that many tables of every area carry the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
