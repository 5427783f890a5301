import { sql } from 'drizzle-orm';
import { pmtaSpeeds as s } from '../db/schema/index.ts';

/*
 * A PMTA speed's state in SQL (decision 0908), shared by the speeds list and the mail services report.
 */

/**
 * The list's dot (spec 3 §4): green when the local time is before the remote time, yellow when there is
 * no remote time or it is not later. In SQL, so the report of the mail services can use it too.
 */
export const syncedSql = sql<boolean>`(${s.remoteTime} is not null and (${s.localTime} is null or ${s.localTime} < ${s.remoteTime}))`;

/** The report's green dot (decision 0908): synchronised and, in write mode, the server runs the local value. */
export const goodSpeedSql = sql<boolean>`(${syncedSql} and (${s.localValue} = 0 or ${s.remoteValue} is not distinct from ${s.localValue}))`;
