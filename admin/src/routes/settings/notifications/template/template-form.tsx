import { Badge, Grid, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import type { NotificationTemplate } from 'storefront/client';
import { usePreviewTemplate, useSaveTemplate, type NotificationKind, type TemplateParts } from '../../../../api/notifications';
import { SaveButton } from '../../../../components/save-button';
import { Section } from '../../../../components/section';
import { WriteButton } from '../../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../../lib/notify';
import { useCan } from '../../../../lib/access';
import { useServerErrors } from '../../../../lib/use-server-errors';
import { MessageFrame } from '../message/message-frame';

const FIELDS = ['subject', 'html', 'text', 'is_enabled'] as const;

interface TemplateValues extends TemplateParts {
  is_enabled: boolean;
}

const valuesOf = (template: NotificationTemplate): TemplateValues => ({
  subject: template.subject,
  html: template.html,
  text: template.text,
  is_enabled: template.is_enabled,
});

// The code in monospace; the label and description stay in the text face.
const code = { autosize: true, spellCheck: false, styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } } } as const;

/**
 * A kind's subject, HTML and text, and whether it is sent. The server judges: a Liquid syntax error
 * is its 422, shown beside the part it names, from Preview as from Save; Preview renders the draft
 * with sample data without saving it.
 */
export function TemplateForm({ kind, template }: { kind: NotificationKind; template: NotificationTemplate }) {
  const readOnly = !useCan().can('notification_template.update');
  const save = useSaveTemplate(kind);
  const preview = usePreviewTemplate(kind);
  const form = useForm<TemplateValues>({ initialValues: valuesOf(template) });
  const problems = useServerErrors(form, FIELDS);
  useEffect(() => {
    if (!form.isDirty()) form.setValues(valuesOf(template));
    form.resetDirty(valuesOf(template));
  }, [template]);

  const submit = form.onSubmit(async (values) => {
    problems.clear();
    try {
      // Only the parts changed here: a part left as it was stays the shipped one, and follows it.
      const parts = (['subject', 'html', 'text'] as const).filter((part) => values[part] !== template[part]);
      await save.mutateAsync({ is_enabled: values.is_enabled, ...Object.fromEntries(parts.map((part) => [part, values[part]])) });
      notifyDone(`${values.is_enabled ? 'Template saved' : 'Template saved; this email is switched off'}`);
    } catch (failure) {
      problems.show(failure);
    }
  });

  const showPreview = async () => {
    problems.clear();
    const { subject, html, text } = form.values;
    try {
      await preview.mutateAsync({ subject, html, text });
    } catch (failure) {
      preview.reset();
      problems.show(failure);
    }
  };

  const restore = () =>
    modals.openConfirmModal({
      title: 'Restore the shipped template?',
      children: <Text size="sm">The subject, HTML and text go back to the ones Storefront ships; your changes to them are lost. Whether the email is sent stays as it is.</Text>,
      labels: { confirm: 'Restore shipped template', cancel: 'Keep mine' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        save.mutate(
          { subject: null, html: null, text: null },
          {
            onSuccess: (saved) => {
              form.setValues(valuesOf(saved));
              form.resetDirty(valuesOf(saved));
              notifyDone('Shipped template restored');
            },
            onError: (error) => notifyProblem('The template was not restored', error),
          },
        ),
    });

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <form onSubmit={submit} noValidate aria-label="Template">
          <Stack gap="md">
            <Section
              title="Template"
              actions={
                template.customized.length > 0 ? (
                  <Badge variant="light" radius="sm">
                    Edited: {template.customized.join(', ')}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray" radius="sm">
                    As shipped
                  </Badge>
                )
              }
            >
              <Stack gap="sm">
                <Switch
                  label="Send this email"
                  description="When off, no message of this kind is written or sent"
                  disabled={readOnly}
                  {...form.getInputProps('is_enabled', { type: 'checkbox' })}
                />
                <TextInput label="Subject" required readOnly={readOnly} styles={code.styles} {...form.getInputProps('subject')} />
                <Textarea label="HTML" description="The message mail programs show" required readOnly={readOnly} minRows={10} maxRows={24} {...code} {...form.getInputProps('html')} />
                <Textarea label="Text" description="For text-only mail programs" required readOnly={readOnly} minRows={6} maxRows={18} {...code} {...form.getInputProps('text')} />
              </Stack>
            </Section>
            <Group justify="space-between">
              <Group gap="xs">
                <WriteButton action="notification_template.preview" variant="default" onClick={() => void showPreview()} loading={preview.isPending}>
                  Preview
                </WriteButton>
                {template.customized.length > 0 && (
                  <WriteButton action="notification_template.update" variant="subtle" color="red" onClick={restore}>
                    Restore shipped template
                  </WriteButton>
                )}
              </Group>
              <SaveButton action="notification_template.update" saved dirty={form.isDirty()} saving={save.isPending || form.submitting} label="Save template" message={problems.message} />
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Section title="Preview">
          {preview.data ? (
            <MessageFrame label="Preview" subject={preview.data.subject} html={preview.data.html} text={preview.data.text} />
          ) : (
            <Text size="sm" c="dimmed">
              Preview renders the template as it stands in the form, saved or not, with a sample order, customer and store.
            </Text>
          )}
        </Section>
      </Grid.Col>
    </Grid>
  );
}
