import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useSaveGroup, type CustomerGroup } from '../../api/customer-groups';
import { FormDialog } from '../../components/form-dialog';
import { useCan } from '../../lib/access';
import { notifyDone } from '../../lib/notify';
import { useServerErrors } from '../../lib/use-server-errors';

/** Create a group (`group` null) or rename one (undefined: closed). */
export function GroupDialog({ group, onClose }: { group: CustomerGroup | null | undefined; onClose: () => void }) {
  const action = group ? 'customer_group.update' : 'customer_group.create';
  const readOnly = !useCan().can(action);
  const save = useSaveGroup();
  const form = useForm({ initialValues: { name: '' }, validate: { name: (name) => (name.trim() === '' ? 'Enter a name' : null) } });
  const problems = useServerErrors(form, ['name']);
  const opened = group !== undefined;
  useEffect(() => {
    if (!opened) return;
    form.setValues({ name: group?.name ?? '' });
    form.resetDirty({ name: group?.name ?? '' });
    problems.clear();
  }, [group]);

  const submit = form.onSubmit(({ name }) => {
    problems.clear();
    save.mutate(
      { id: group?.id ?? null, name: name.trim() },
      {
        onSuccess: (saved) => {
          notifyDone(group ? 'Group renamed' : `${saved.name} created`);
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action={action} dirty={form.isDirty()} opened={opened} onClose={onClose} title={group ? 'Rename group' : 'New customer group'} onSubmit={submit} message={problems.message} submit={group ? 'Save name' : 'Create group'} pending={save.isPending}>
      <TextInput label="Name" description="Such as Wholesale, Trade or VIP; buyers never see it" required readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
    </FormDialog>
  );
}
