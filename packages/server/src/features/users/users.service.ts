import type { UserCreate, UserUpdate } from '@console/shared/users';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { forbidden } from '../../core/errors.ts';
import { found } from '../../core/access.ts';
import { hashPassword } from '../../core/passwords.ts';
import { endUserSessions } from '../../core/tokens.ts';
import { assertUnique, readNewAccountNotices } from '../../core/accounts.ts';
import { deleteUser, findUser, insertUser, updateUser } from './users.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'hub' | 'authUsers'>;

export async function getUser(ctx: Ctx, id: number) {
  return found(await findUser(ctx.db, id));
}

export async function createUser(ctx: Ctx, input: UserCreate) {
  const { password, confirmPassword: _, ...fields } = input;
  await assertUnique(ctx, fields);
  const id = await insertUser(ctx.db, { ...fields, passwordHash: await hashPassword(password) });
  return getUser(ctx, id);
}

/** An administrator cannot deactivate themselves; deactivation or a new password ends that user's sessions. */
export async function changeUser(ctx: Ctx, actor: AuthUser, id: number, input: UserUpdate) {
  const before = await getUser(ctx, id);
  const { password, confirmPassword: _, ...fields } = input;
  if (id === actor.id && !fields.isActive) throw forbidden('You cannot deactivate your own account.');
  await assertUnique(ctx, fields, id);
  await updateUser(ctx.db, id, { ...fields, ...(password ? { passwordHash: await hashPassword(password) } : {}) });
  // Activated: the administrators' "New account" notice about it has been acted on (issue 38).
  if (fields.isActive && !before.isActive) await readNewAccountNotices(ctx.db, before);
  // The token check sees new roles at once here (other processes hear the users_changed trigger).
  ctx.authUsers.forget(id);
  // Deactivated or a new password: every session ends now, access tokens and live streams included.
  if (!fields.isActive || password) await endUserSessions(ctx, id);
  return getUser(ctx, id);
}

export async function removeUser(ctx: Ctx, actor: AuthUser, id: number) {
  if (id === actor.id) throw forbidden('You cannot delete your own account.');
  found(await deleteUser(ctx.db, id));
  await endUserSessions(ctx, id);
}
