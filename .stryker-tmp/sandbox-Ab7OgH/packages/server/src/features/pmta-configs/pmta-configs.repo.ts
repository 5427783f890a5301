// @ts-nocheck
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { pmtaConfigItem, type PmtaConfig } from '@console/shared/pmta-configs';
import { defineCollection, filters } from '../../core/collection.ts';
import type { Executor } from '../../db/client.ts';
import { appliedPmtaConfigs, pmtaConfigs as c } from '../../db/schema/index.ts';

/**
 * GET /api/pmta_configs (administrators): newest first; filters type (0 servers, 1 relays) and name
 * (contains); every column sortable. `groups[]=select` (with type) lists {id, name} by name for Apply.
 */
export const pmtaConfigsCollection = defineCollection({
  table: c,
  item: pmtaConfigItem,
  fields: {
    id: c.id,
    name: c.name,
    type: c.type,
    fileName: c.fileName,
    version: c.version,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  },
  scope: 'adminOnly',
  filters: {
    type: filters.equals(c.type, z.enum(['0', '1'], { error: 'Type must be 0 or 1.' }), Number),
    name: filters.contains(c.name),
  },
  sortable: { id: c.id, name: c.name, type: c.type, fileName: c.fileName, version: c.version, updatedAt: c.updatedAt },
  order: [sql`${c.id} desc`],
  select: { fields: { id: c.id, name: c.name }, order: [sql`${c.name}`, sql`${c.id}`] },
  present: (r): PmtaConfig => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }),
});

/** One config as the list shows it (no owner scope: every route here is for administrators). */
export const findConfig = (db: Executor, id: number) => pmtaConfigsCollection.one(db, null, eq(c.id, id));

export async function configRow(db: Executor, id: number) {
  const [row] = await db.select().from(c).where(eq(c.id, id));
  return row;
}

export interface ConfigFile {
  fileName: string;
  content: string;
}

export async function insertConfig(db: Executor, v: { name: string; type: number } & ConfigFile) {
  const [row] = await db.insert(c).values(v).returning({ id: c.id });
  return row!.id;
}

/**
 * Name and type, and a new file when one came. New content is a new version and every applied copy
 * goes back to 0, so the job uploads it again; the same content again changes nothing.
 */
export async function updateConfig(
  db: Executor,
  id: number,
  v: { name: string; type: number },
  file: ConfigFile | undefined,
): Promise<{ newVersion: boolean }> {
  const [before] = await db.select({ content: c.content }).from(c).where(eq(c.id, id)).for('update');
  const changed = file !== undefined && file.content !== before?.content;
  await db
    .update(c)
    .set({
      ...v,
      ...(file ? { fileName: file.fileName, content: file.content } : {}),
      ...(changed ? { version: sql`${c.version} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(c.id, id));
  if (changed) {
    await db
      .update(appliedPmtaConfigs)
      .set({ version: 0, error: null, updatedAt: new Date() })
      .where(eq(appliedPmtaConfigs.configId, id));
  }
  return { newVersion: changed };
}

export const appliedCount = async (db: Executor, configId: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appliedPmtaConfigs)
    .where(eq(appliedPmtaConfigs.configId, configId));
  return row!.n;
};

export const deleteConfigRow = (db: Executor, id: number) => db.delete(c).where(eq(c.id, id));
