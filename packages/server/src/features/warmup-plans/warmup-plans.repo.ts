import { eq, inArray, sql } from 'drizzle-orm';
import {
  WARMUP_PLANS_PAGE_SIZE,
  WarmupMessages,
  warmupPlanItem,
  type WarmupPlan,
  type WarmupScheduleRow,
  type WarmupThresholds,
} from '@console/shared/warmup-plans';
import type { Executor } from '../../db/client.ts';
import { mailProviders, users, warmupPlans } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import { constraintAnswer } from '../../core/db-errors.ts';
import type { AuthUser } from '../../core/context.ts';

constraintAnswer('warmup_plans_user_name_key', 409, { name: WarmupMessages.duplicate });

/** A plan's schedule as stored (warmup_plans.services): what sending/warmup.ts reads. */
export type StoredService = WarmupScheduleRow;

/** GET /api/warmup_plans: newest first, 30 a page. Filters: name (contains), user.id (administrators). */
export const warmupPlansCollection = defineCollection({
  table: warmupPlans,
  item: warmupPlanItem,
  fields: {
    id: warmupPlans.id,
    name: warmupPlans.name,
    description: warmupPlans.description,
    days: warmupPlans.days,
    services: sql<WarmupPlan['services']>`(
      select coalesce(json_agg(json_build_object(
               'mailProvider', case when mp.id is null then null else json_build_object('id', mp.id, 'name', mp.name) end,
               'perDay', e.s -> 'perDay', 'perHour', e.s -> 'perHour') order by e.n), '[]')
        from jsonb_array_elements(${warmupPlans.services}) with ordinality as e(s, n)
        left join mail_providers mp on mp.id = (e.s ->> 'mailProviderId')::int)`,
    thresholds: sql<WarmupThresholds>`${warmupPlans.thresholds}`,
    relays: sql<number>`(select count(*)::int from warmup_relays w where w.plan_id = ${warmupPlans.id})`,
    user: sql<WarmupPlan['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
  },
  join: (q) => q.innerJoin(users, eq(users.id, warmupPlans.userId)),
  scope: ownedBy(warmupPlans.userId),
  filters: { name: filters.contains(warmupPlans.name, 'Plan Name'), 'user.id': filters.owner(warmupPlans.userId) },
  sortable: { id: warmupPlans.id, name: warmupPlans.name, days: warmupPlans.days, user: users.username },
  order: [sql`${warmupPlans.id} desc`],
  select: {
    fields: { id: warmupPlans.id, name: warmupPlans.name },
    order: [sql`${warmupPlans.name}`, sql`${warmupPlans.id}`],
  },
  pageSize: WARMUP_PLANS_PAGE_SIZE,
});

export const findPlan = (db: Executor, user: AuthUser, id: number) =>
  warmupPlansCollection.one(db, user, eq(warmupPlans.id, id));

export interface PlanValues {
  name: string;
  description: string | null;
  services: StoredService[];
  thresholds: WarmupThresholds;
  userId: number;
}

const row = (v: PlanValues) => ({ ...v, days: v.services[0]!.perDay.length });

export async function insertPlan(db: Executor, v: PlanValues) {
  const [r] = await db.insert(warmupPlans).values(row(v)).returning({ id: warmupPlans.id });
  return r!.id;
}

export const updatePlanRow = (db: Executor, id: number, v: PlanValues) =>
  db.update(warmupPlans).set(row(v)).where(eq(warmupPlans.id, id));

/** The mail services among `ids` that exist. */
export async function knownProviders(db: Executor, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db.select({ id: mailProviders.id }).from(mailProviders).where(inArray(mailProviders.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Mail services by name (the ready-made plans name them). */
export async function providersByName(db: Executor, names: string[]) {
  const rows = await db
    .select({ id: mailProviders.id, name: mailProviders.name })
    .from(mailProviders)
    .where(inArray(mailProviders.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}
