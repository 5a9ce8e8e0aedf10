import { Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Webhook } from 'storefront/client';
import { eventKinds } from '../../../api/events';
import { useSaveWebhook, type WebhookInput } from '../../../api/webhooks';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

const valuesOf = (webhook: Webhook | null): WebhookInput => ({
  url: webhook?.url ?? '',
  events: webhook?.events ?? ['*'],
  description: webhook?.description ?? '',
  is_enabled: webhook?.is_enabled ?? true,
});

/**
 * Registers an endpoint (`onCreated` receives its signing secret, which only that answer carries) or
 * changes `webhook`. The server judges the URL: one that reaches a private address is refused beside it.
 */
export function WebhookDialog({ webhook, opened, onClose, onCreated }: { webhook: Webhook | null; opened: boolean; onClose: () => void; onCreated?: (secret: string) => void }) {
  const save = useSaveWebhook(webhook?.id);
  const form = useForm<WebhookInput>({
    initialValues: valuesOf(webhook),
    validate: { url: (value) => (value.trim() === '' ? 'Enter the URL events are sent to' : null) },
  });
  // `events[2]` (an unknown kind) belongs to the topics field as a whole.
  const problems = useServerErrors(form, ['url', 'events', 'description', 'is_enabled'], (path) => (path.startsWith('events.') ? 'events' : path));
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(webhook));
    form.resetDirty(valuesOf(webhook));
    problems.clear();
  }, [opened, webhook?.id]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    const body = { ...values, url: values.url.trim(), events: values.events.length === 0 ? ['*'] : values.events, description: values.description?.trim() || null };
    save.mutate(body, {
      onSuccess: (saved) => {
        notifyDone(webhook ? 'Webhook saved' : 'Webhook added');
        onClose();
        if (!webhook) onCreated?.(saved.secret ?? '');
      },
      onError: problems.show,
    });
  });

  return (
    <FormDialog action={webhook ? 'webhook.update' : 'webhook.create'} dirty={form.isDirty()} opened={opened} onClose={onClose} title={webhook ? 'Edit webhook' : 'New webhook'} size="lg" onSubmit={submit} message={problems.message} submit={webhook ? 'Save' : 'Add webhook'} pending={save.isPending}>
      <TextInput label="URL" description="A public http or https address; events are POSTed to it" required data-autofocus {...form.getInputProps('url')} />
      <TagsInput
        label="Events"
        description="Kinds of event to send, or * for every one"
        data={['*', ...eventKinds]}
        clearable
        {...form.getInputProps('events')}
      />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
      <Switch
        label="Active"
        description={webhook?.disabled_reason ? `Stopped: ${webhook.disabled_reason}. Turning it on again clears this.` : 'Off: nothing is sent, and what was waiting is dropped'}
        {...form.getInputProps('is_enabled', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
