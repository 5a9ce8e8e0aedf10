import '@mantine/dates/styles.css';
import { Grid, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import type { Page, PageBody, Post, PostBody } from '../../../api/content';
import { LeaveGuard } from '../../../components/leave-guard';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { PublishingBadge, publishingState } from './publishing';
import { CoverImageField } from './cover-image-field';
import { RichTextField } from './rich-text-field';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  title: string;
  permalink: string;
  summary: string;
  content: string;
  meta_title: string;
  meta_description: string;
  image_url: string;
  status: 'draft' | 'published';
  /** The picker's local date and time (`YYYY-MM-DD HH:mm:ss`), or null: now, when published. */
  published_at: string | null;
}

const FIELDS = ['title', 'permalink', 'summary', 'content', 'meta_title', 'meta_description', 'image_url', 'is_published', 'published_at'] as const;

/** A post or a page as the form reads it: a page has no summary nor image. */
type Item = Page | Post;
type ItemFields = Omit<Partial<Post>, 'object'>;

function valuesOf(item: ItemFields | undefined): Values {
  return {
    title: item?.title ?? '',
    permalink: item?.permalink ?? '',
    summary: item?.summary ?? '',
    content: item?.content ?? '',
    meta_title: item?.meta_title ?? '',
    meta_description: item?.meta_description ?? '',
    image_url: item?.image_url ?? '',
    status: item?.is_published ? 'published' : 'draft',
    published_at: item?.published_at == null ? null : dayjs.unix(item.published_at).format(PICKER_FORMAT),
  };
}

/** Dates staff schedule for most: tomorrow or a week from now, in the morning. */
function presets() {
  const at = (days: number) => dayjs().add(days, 'day').hour(9).minute(0).second(0).format(PICKER_FORMAT);
  return [
    { value: at(1), label: 'Tomorrow, 9:00' },
    { value: at(7), label: 'In a week, 9:00' },
  ];
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The body of a save: every field the form shows (empty clears), the permalink only when it was changed. */
function bodyOf(values: Values, kind: 'post' | 'page', current: Item | undefined): PostBody & PageBody & { title: string } {
  const body: PostBody & PageBody & { title: string } = {
    title: values.title.trim(),
    content: orNull(values.content),
    meta_title: orNull(values.meta_title),
    meta_description: orNull(values.meta_description),
    is_published: values.status === 'published',
    published_at: values.published_at === null ? null : dayjs(values.published_at).unix(),
  };
  if (kind === 'post') Object.assign(body, { summary: orNull(values.summary), image_url: orNull(values.image_url) });
  if (values.permalink.trim() !== '' && values.permalink !== current?.permalink) body.permalink = values.permalink.trim();
  return body;
}

/**
 * The editor of a post or a page: title, body, publishing (draft, now, or at a date to come) and what
 * search engines see. `save` resolves once the server has it; its 422 lands beside the fields.
 */
export function ContentForm({ kind, item, save, saving, actions }: {
  kind: 'post' | 'page';
  item?: Item;
  save: (body: PostBody & PageBody & { title: string }, handlers: { onError: (error: unknown) => void; onSaved: () => void }) => void;
  saving: boolean;
  actions?: React.ReactNode;
}) {
  const readOnly = !useCan().can(item ? `${kind}.update` : `${kind}.create`);
  const form = useForm<Values>({
    initialValues: valuesOf(item),
    validate: { title: (title) => (title.trim() === '' ? 'A title is needed' : null) },
  });
  const problems = useServerErrors(form, FIELDS, (path) => (path === 'is_published' ? 'status' : path));
  // What the server stored (a sanitised body, a made permalink) replaces what was typed once it is read back.
  useEffect(() => {
    form.setValues(valuesOf(item));
    form.resetDirty(valuesOf(item));
  }, [item?.updated_at]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    // Saved, the form is what the server has: leaving asks nothing, even before the record is read again.
    save(bodyOf(values, kind, item), { onError: problems.show, onSaved: () => form.resetDirty(values) });
  });
  const noun = kind === 'post' ? 'post' : 'page';
  const scheduled = form.values.status === 'published' && form.values.published_at !== null && dayjs(form.values.published_at).isAfter(dayjs());

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TextInput label="Title" required readOnly={readOnly} {...form.getInputProps('title')} />
            {kind === 'post' && (
              <Textarea label="Summary" description="Plain text, shown in lists of posts" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('summary')} />
            )}
            <RichTextField label="Body" readOnly={readOnly} value={form.values.content} onChange={(html) => form.setFieldValue('content', html)} error={form.errors.content} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Section title="Publishing" actions={item && <PublishingBadge item={item} />}>
              <Stack gap="sm">
                <Radio.Group label="Visibility" {...form.getInputProps('status')}>
                  <Stack gap={6} mt={6}>
                    <Radio value="draft" label="Draft: staff only" disabled={readOnly} />
                    <Radio value="published" label="Published on the storefront" disabled={readOnly} />
                  </Stack>
                </Radio.Group>
                <DateTimePicker
                  label="Publication date"
                  description="Empty: now, when published. A date to come keeps it off the storefront until then."
                  placeholder="Now"
                  valueFormat="DD MMM YYYY HH:mm"
                  clearable
                  presets={presets()}
                  nextLabel="Next month"
                  previousLabel="Previous month"
                  submitButtonProps={{ 'aria-label': 'Set this date' }}
                  clearButtonProps={{ 'aria-label': 'Clear the date' }}
                  weekendDays={[]}
                  styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                  timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
                  readOnly={readOnly}
                  {...form.getInputProps('published_at')}
                />
                {scheduled && (
                  <Text size="sm" fw={500}>
                    Scheduled: the storefront shows it from {dayjs(form.values.published_at).format('D MMM YYYY, HH:mm')}.
                  </Text>
                )}
                {item && publishingState(item) === 'published' && form.values.status === 'draft' && (
                  <Text size="sm" c="dimmed">
                    Saving as a draft takes it off the storefront; its date is kept.
                  </Text>
                )}
                <FormAlert message={problems.message} />
                <Group justify="flex-end">
                  <WriteButton action={item ? `${kind}.update` : `${kind}.create`} type="submit" loading={saving}>
                    {item ? `Save ${noun}` : `Create ${noun}`}
                  </WriteButton>
                </Group>
                <LeaveGuard when={form.isDirty() && !saving && !form.submitting} />
              </Stack>
            </Section>
            {kind === 'post' && (
              <Section title="Image">
                <CoverImageField
                  value={form.values.image_url}
                  onChange={(url) => form.setFieldValue('image_url', url)}
                  error={form.errors.image_url}
                  onError={(message) => form.setFieldError('image_url', message)}
                />
              </Section>
            )}
            <Section title="Address and search engines">
              <Stack gap="sm">
                <TextInput label="Permalink" description={`Unique among ${noun}s; made from the title when empty`} readOnly={readOnly} {...form.getInputProps('permalink')} />
                <TextInput label="Meta title" readOnly={readOnly} {...form.getInputProps('meta_title')} />
                <Textarea label="Meta description" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('meta_description')} />
              </Stack>
            </Section>
            {actions && <Group justify="flex-end">{actions}</Group>}
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
