import {
  READY_PLANS,
  DEFAULT_THRESHOLDS,
  WarmupMessages as M,
  hourlyOf,
  type WarmupAttachInput,
  type WarmupPlan,
  type WarmupPlanInput,
  type WarmupRelay,
  type WarmupRelayKindName,
} from '@console/shared/warmup-plans';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, assertUser, found, ownerFor } from '../../core/access.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  findPlan,
  insertPlan,
  knownProviders,
  providersByName,
  updatePlanRow,
  type PlanValues,
  type StoredService,
} from './warmup-plans.repo.ts';
import {
  attachRelays,
  daySignals,
  deletePlanRow,
  detachRelays,
  dueRelays,
  groupRelays,
  recordStep,
  relayOwner,
  relaysOf,
  pmtaRelaysOfPlan,
  relayWarmup,
  visibleRelays,
  yesterday,
} from './warmup-relays.repo.ts';
import { judgeDay } from './judge.ts';
import { followPlans } from './config-follow.ts';

type Ctx = Pick<AppContext, 'db'>;
/** A change that moves a VMTA's rates queues its server's upload (decision 1486). */
type ChangeCtx = Pick<AppContext, 'db' | 'jobs'>;

export async function getPlan(ctx: Ctx, actor: AuthUser, id: number): Promise<WarmupPlan> {
  return found(await findPlan(ctx.db, actor, id));
}

/** The schedule as stored, its mail services checked (422 naming the first unknown one). */
async function stored(ctx: Ctx, input: WarmupPlanInput): Promise<StoredService[]> {
  const named = input.services.map((s) => s.mailProvider).filter((id): id is number => id !== null);
  const known = await knownProviders(ctx.db, named);
  const i = input.services.findIndex((s) => s.mailProvider !== null && !known.has(s.mailProvider));
  assertReferences({ [`services.${i}.mailProvider`]: i >= 0 && M.serviceNotFound });
  return input.services.map((s) => ({ mailProviderId: s.mailProvider, perDay: s.perDay, perHour: s.perHour }));
}

export async function createPlan(ctx: Ctx, actor: AuthUser, input: WarmupPlanInput) {
  const userId = await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound);
  const values: PlanValues = {
    name: input.name,
    description: input.description,
    services: await stored(ctx, input),
    thresholds: input.thresholds,
    userId,
  };
  return getPlan(ctx, actor, await insertPlan(ctx.db, values));
}

/** The owner stays (relays already attached are theirs); the relays keep their day, capped by the new length. */
export async function updatePlan(ctx: ChangeCtx, actor: AuthUser, id: number, input: WarmupPlanInput) {
  const current = await getPlan(ctx, actor, id);
  const values: PlanValues = {
    name: input.name,
    description: input.description,
    services: await stored(ctx, input),
    thresholds: input.thresholds,
    userId: current.user.id,
  };
  await updatePlanRow(ctx.db, id, values);
  await followPlans(ctx, await pmtaRelaysOfPlan(ctx.db.$client, id));
  return getPlan(ctx, actor, id);
}

/** Its relays leave it (each one's history says so), then the plan goes. */
export async function deletePlan(ctx: ChangeCtx, actor: AuthUser, id: number) {
  const plan = await getPlan(ctx, actor, id);
  const pmta = await pmtaRelaysOfPlan(ctx.db.$client, id);
  await inTransaction(ctx.db, async (client) => {
    await detachRelays(client, { planId: id }, `Plan "${plan.name}" was deleted.`);
    await deletePlanRow(client, id);
  });
  await followPlans(ctx, pmta);
}

/** GET /api/warmup_plans/ready: the ready-made plans, with their schedules. */
export const readyPlans = () => READY_PLANS.map((p) => ({ ...p, days: p.services[0]!.perDay.length }));

/**
 * Copies a ready-made plan into a plan of the caller's (or, for an administrator, of `user`): its mail
 * services by name (one this console does not know is left out), default thresholds.
 */
export async function copyReadyPlan(
  ctx: Ctx,
  actor: AuthUser,
  key: string,
  input: { name?: string; user?: number | null },
) {
  const ready = READY_PLANS.find((p) => p.key === key);
  if (!ready) throw new AppError(404, M.readyNotFound);
  const userId = await assertUser(ctx.db, ownerFor(actor, input.user), M.userNotFound);
  const ids = await providersByName(
    ctx.db,
    ready.services.flatMap((s) => (s.mailProvider ? [s.mailProvider] : [])),
  );
  const services = ready.services.flatMap((s): StoredService[] => {
    if (s.mailProvider === null) return [{ mailProviderId: null, perDay: s.perDay, perHour: null }];
    const id = ids.get(s.mailProvider);
    return id ? [{ mailProviderId: id, perDay: s.perDay, perHour: null }] : [];
  });
  const id = await insertPlan(ctx.db, {
    name: input.name?.trim() || ready.name,
    description: ready.description,
    services,
    thresholds: DEFAULT_THRESHOLDS,
    userId,
  });
  return getPlan(ctx, actor, id);
}

/**
 * Attaches the plan to relays of its owner, or to every relay of one of the owner's groups: each starts on
 * day 1 (a relay in another plan leaves it). A relay or group that is not the plan owner's is 422.
 */
export async function attachPlan(ctx: ChangeCtx, actor: AuthUser, id: number, input: WarmupAttachInput) {
  const plan = await getPlan(ctx, actor, id);
  const owner = plan.user.id;
  const pool = ctx.db.$client;
  let ids: number[] = [];
  if (input.group != null) {
    const members = await groupRelays(pool, input.kind, owner, input.group);
    assertReferences({ group: members === undefined && M.groupNotFound });
    ids = members!;
  }
  if (input.relays?.length) {
    const wanted = [...new Set(input.relays)];
    const mine = await relaysOf(pool, input.kind, owner, wanted);
    assertReferences({ relays: mine.length !== wanted.length && M.relayNotFound });
    ids = [...new Set([...ids, ...mine])];
  }
  await inTransaction(ctx.db, (client) =>
    attachRelays(client, { id, name: plan.name, userId: owner }, input.kind, ids, input.group ?? null),
  );
  if (input.kind === 'pmta') await followPlans(ctx, ids);
  return { attached: ids.length };
}

/** Relays of the caller's (administrators: anyone's) leave their plan. */
export async function detachFromPlans(ctx: ChangeCtx, actor: AuthUser, kind: WarmupRelayKindName, relays: number[]) {
  const wanted = [...new Set(relays)];
  const mine = await visibleRelays(ctx.db.$client, kind, wanted, actor);
  assertReferences({ relays: mine.length !== wanted.length && M.relayNotFound });
  const detached = await inTransaction(ctx.db, (client) =>
    detachRelays(client, { kind, ids: mine }, 'Detached by hand.'),
  );
  if (kind === 'pmta') await followPlans(ctx, mine);
  return { detached };
}

/** GET /api/warmup_plans/relays/{kind}/{id}: the relay's warm-up page (404 for a relay the caller cannot see). */
export async function getRelayWarmup(
  ctx: Ctx,
  actor: AuthUser,
  kind: WarmupRelayKindName,
  id: number,
): Promise<WarmupRelay> {
  found(await relayOwner(ctx.db.$client, kind, id, actor));
  const { state, used, names, history } = await relayWarmup(ctx.db.$client, kind, id);
  if (!state) return { plan: null, day: null, finished: false, today: [], history };
  const finished = state.day > state.days;
  const usedOf = new Map(used.map((u) => [u.mailProviderId, u.used]));
  const named = new Set(state.services.map((s) => s.mailProviderId));
  const today = finished
    ? []
    : state.services.flatMap((s) => {
        const allowance = { perDay: s.perDay[state.day - 1] ?? 0, perHour: hourlyOf(s, state.day) };
        if (s.mailProviderId !== null)
          return [
            {
              mailProvider: { id: s.mailProviderId, name: names.get(s.mailProviderId) ?? String(s.mailProviderId) },
              ...allowance,
              used: usedOf.get(s.mailProviderId) ?? 0,
            },
          ];
        // Every other service has the allowance each: one line for them, then one per service that used some.
        const others = used.filter((u) => !named.has(u.mailProviderId));
        return [
          { mailProvider: null, ...allowance, used: others.reduce((n, u) => n + u.used, 0) },
          ...others.map((u) => ({
            mailProvider: { id: u.mailProviderId, name: names.get(u.mailProviderId) ?? 'Unknown' },
            ...allowance,
            used: u.used,
          })),
        ];
      });
  return { plan: { id: state.planId, name: state.name, days: state.days }, day: state.day, finished, today, history };
}

/**
 * The daily step (decision 1433): each relay whose current day began on or before `judged` (a UTC date,
 * yesterday by default) and that has not been judged for it moves by that day's signals at each mail
 * service (event_rollup_daily: sent, deferrals, hard, complaint and infrastructure bounces; the relay's
 * time in backoff). One transaction per relay; the unique judged day makes a second run a no-op.
 */
export async function runDailySteps(ctx: Ctx, judged?: string) {
  const pool = ctx.db.$client;
  const day = judged ?? (await yesterday(pool));
  const decided: { relayType: number; relayId: number; decision: string }[] = [];
  for (const w of await dueRelays(pool, day)) {
    const { decision, reason } = judgeDay(await daySignals(pool, day, w.relayType, w.relayId), w.thresholds);
    const to = decision === 'advanced' ? w.day + 1 : decision === 'stepped back' ? Math.max(1, w.day - 1) : w.day;
    const recorded = await inTransaction(ctx.db, (client) =>
      recordStep(client, w, { decision, to, day, reason: `${day}: ${reason}` }),
    );
    if (recorded) decided.push({ relayType: w.relayType, relayId: w.relayId, decision });
  }
  return decided;
}
