import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Channel } from 'storefront/client';
import { useSaveChannel } from '../../../api/access';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

/** Names a new channel, or renames `channel`. */
export function ChannelDialog({ channel, opened, onClose }: { channel: Channel | null; opened: boolean; onClose: () => void }) {
  const save = useSaveChannel(channel?.id);
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() === '' ? 'Give the channel a name' : null) },
  });
  const problems = useServerErrors(form, ['name']);
  useEffect(() => {
    if (!opened) return;
    form.setValues({ name: channel?.name ?? '' });
    form.resetDirty({ name: channel?.name ?? '' });
    problems.clear();
  }, [opened, channel?.id]);

  const submit = form.onSubmit(({ name }) => {
    problems.clear();
    save.mutate(
      { name: name.trim() },
      {
        onSuccess: (saved) => {
          notifyDone(channel ? `Channel renamed ${saved.name}` : `Channel ${saved.name} created`);
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action={channel ? 'channel.update' : 'channel.create'} dirty={form.isDirty()} opened={opened} onClose={onClose} title={channel ? `Rename ${channel.name}` : 'New channel'} onSubmit={submit} message={problems.message} submit={channel ? 'Save' : 'Create channel'} pending={save.isPending}>
      <TextInput label="Name" description="As staff know it, e.g. Web shop or Pop-up store" required data-autofocus {...form.getInputProps('name')} />
    </FormDialog>
  );
}
