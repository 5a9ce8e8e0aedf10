import { Button, Grid, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import type { Collection } from 'storefront/client';
import { useUpdateCollection, type RuleInput, type SortingRule } from '../../../api/collections';
import { LeaveGuard } from '../../../components/leave-guard';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { RuleEditor } from './rule-editor';
import { RulePreview } from './rule-preview';

const sortingRules = (smart: boolean): Array<{ value: SortingRule; label: string }> => [
  { value: 'manual', label: smart ? 'As added to the catalogue' : 'By hand' },
  { value: 'name-asc', label: 'Name, A to Z' },
  { value: 'name-desc', label: 'Name, Z to A' },
  { value: 'price-asc', label: 'Price, lowest first' },
  { value: 'price-desc', label: 'Price, highest first' },
  { value: 'created-desc', label: 'Newest first' },
  { value: 'created-asc', label: 'Oldest first' },
];

export interface CollectionFormValues {
  title: string;
  permalink: string;
  description: string;
  meta_title: string;
  meta_description: string;
  /** `datetime-local` text, in the staff's time zone; empty: no date. */
  visible_at: string;
  sorting_rule: SortingRule;
  is_visible: boolean;
  disjunctive: boolean;
  rules: RuleInput[];
}

/** The collection's fields, and for a smart one its rules beside the products they match; one save for all. */
export function CollectionForm({ collection }: { collection: Collection }) {
  const readOnly = !useCan().can('collection.update');
  const update = useUpdateCollection(collection.id);
  const smart = collection.kind === 'smart';
  const form = useForm<CollectionFormValues>({
    initialValues: {
      title: collection.title,
      permalink: collection.permalink,
      description: collection.description ?? '',
      meta_title: collection.meta_title ?? '',
      meta_description: collection.meta_description ?? '',
      visible_at: toLocalInput(collection.visible_at),
      sorting_rule: collection.sorting_rule,
      is_visible: collection.is_visible,
      disjunctive: collection.disjunctive,
      rules: collection.rules.map(({ field, condition, value }) => ({ field, condition, value }) as RuleInput),
    },
  });
  const problems = useServerErrors(form, ['title', 'permalink', 'description', 'meta_title', 'meta_description', 'sorting_rule', 'is_visible', 'visible_at', 'rules', 'disjunctive']);

  const submit = form.onSubmit((values) => {
    problems.clear();
    update.mutate(
      {
        title: values.title,
        kind: collection.kind,
        permalink: values.permalink,
        description: orNull(values.description),
        meta_title: orNull(values.meta_title),
        meta_description: orNull(values.meta_description),
        visible_at: values.visible_at === '' ? null : dayjs(values.visible_at).unix(),
        sorting_rule: values.sorting_rule,
        is_visible: values.is_visible,
        ...(smart ? { rules: values.rules, disjunctive: values.disjunctive } : {}),
      },
      { onSuccess: () => notifyDone('Collection saved'), onError: problems.show },
    );
  });

  const details = (
    <Section title="Details">
      <Stack>
        <TextInput label="Title" required readOnly={readOnly} {...form.getInputProps('title')} />
        <TextInput label="Permalink" description="Lowercase words joined by hyphens: the collection's address in the shop" readOnly={readOnly} {...form.getInputProps('permalink')} />
        <Textarea label="Description" description="HTML, shown as sent" autosize minRows={3} maxRows={10} readOnly={readOnly} {...form.getInputProps('description')} />
        <Select label="Order of products" data={sortingRules(smart)} allowDeselect={false} readOnly={readOnly} {...form.getInputProps('sorting_rule')} />
        <Switch label="Visible in the shop" disabled={readOnly} {...form.getInputProps('is_visible', { type: 'checkbox' })} />
        <TextInput type="datetime-local" label="Visible from" description="Empty: as soon as it is visible" readOnly={readOnly} {...form.getInputProps('visible_at')} />
        <TextInput label="Meta title" description="For search engines; the title when empty" readOnly={readOnly} {...form.getInputProps('meta_title')} />
        <Textarea label="Meta description" autosize minRows={2} maxRows={5} readOnly={readOnly} {...form.getInputProps('meta_description')} />
      </Stack>
    </Section>
  );
  const actions = (
    <Stack gap="xs">
      <FormAlert message={problems.message} />
      <Group justify="flex-end">
      {form.isDirty() && (
        <Button variant="default" onClick={() => form.reset()}>
          Discard changes
        </Button>
      )}
      <WriteButton action="collection.update" type="submit" loading={update.isPending}>
        Save collection
      </WriteButton>
      </Group>
      <LeaveGuard when={form.isDirty() && !update.isPending} />
    </Stack>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {smart ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                {details}
                {actions}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <RuleEditor form={form} readOnly={readOnly} />
                <RulePreview collectionId={collection.id} rules={form.values.rules} disjunctive={form.values.disjunctive} sortingRule={form.values.sorting_rule} />
              </Stack>
            </Grid.Col>
          </Grid>
        ) : (
          <>
            {details}
            {actions}
          </>
        )}
      </Stack>
    </form>
  );
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** Unix seconds as a `datetime-local` input shows them, in the browser's time zone. */
const toLocalInput = (seconds: number | null) => (seconds === null ? '' : dayjs.unix(seconds).format('YYYY-MM-DDTHH:mm'));
