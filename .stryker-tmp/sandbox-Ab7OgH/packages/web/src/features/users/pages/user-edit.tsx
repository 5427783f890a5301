// @ts-nocheck
import { useNavigate } from 'react-router';
import { href } from '@/lib/routes.ts';
import { toast } from '@/components/feedback.tsx';
import { EditPage } from '@/components/edit-page.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useUser, useCreateUser, useUpdateUser } from '../api/users.ts';
import { UserForm, type UserFormValues } from '../components/user-form.tsx';

/** Create User (/users/create) and Edit User #id (/users/{id}/edit). */
export function UserEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const navigate = useNavigate();
  const user = useUser(id);
  const create = useCreateUser();
  const update = useUpdateUser();
  const save = id ? update : create;

  const submit = ({ password, confirmPassword, profitRate, ...rest }: UserFormValues) => {
    // An empty password on edit means "keep it". profitRate goes as typed: the shared schema has checked it.
    const values = {
      ...rest,
      profitRate: Number(profitRate),
      ...(password ? { password, confirmPassword: confirmPassword ?? '' } : {}),
    };
    const done = (message: string) => () => {
      toast.success(message);
      navigate(href('users'));
    };
    if (id) update.mutate({ id, ...values }, { onSuccess: done('Updated!') });
    else
      create.mutate(
        { ...values, password: password ?? '', confirmPassword: confirmPassword ?? '' },
        { onSuccess: done('Added successfully!') },
      );
  };

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit User #${id}` : 'Create User'}
      back={{ label: 'Back to Users', to: href('users') }}
      loading={Boolean(id) && !user.data}
    >
      <UserForm user={user.data} onSubmit={submit} submitting={save.isPending} error={save.error} />
    </EditPage>
  );
}
