import { Button, Grid, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Collection } from 'storefront/client';
import { useUpdateCollection, type RuleInput, type SortingRule } from '../../../api/collections';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { notifyDone } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
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
  sorting_rule: SortingRule;
  is_visible: boolean;
  disjunctive: boolean;
  rules: RuleInput[];
}

/** The collection's fields, and for a smart one its rules beside the products they match; one save for all. */
export function CollectionForm({ collection }: { collection: Collection }) {
  const { readOnly } = useSession();
  const update = useUpdateCollection(collection.id);
  const smart = collection.kind === 'smart';
  const form = useForm<CollectionFormValues>({
    initialValues: {
      title: collection.title,
      permalink: collection.permalink,
      description: collection.description ?? '',
      sorting_rule: collection.sorting_rule,
      is_visible: collection.is_visible,
      disjunctive: collection.disjunctive,
      rules: collection.rules.map(({ field, condition, value }) => ({ field, condition, value }) as RuleInput),
    },
  });
  const problems = useServerErrors(form, ['title', 'permalink', 'description', 'sorting_rule', 'is_visible', 'rules', 'disjunctive']);

  const submit = form.onSubmit((values) => {
    problems.clear();
    update.mutate(
      {
        title: values.title,
        kind: collection.kind,
        permalink: values.permalink,
        description: values.description.trim() === '' ? null : values.description,
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
      </Stack>
    </Section>
  );
  const actions = (
    <Group justify="flex-end">
      {form.isDirty() && (
        <Button variant="default" onClick={() => form.reset()}>
          Discard changes
        </Button>
      )}
      <WriteButton type="submit" loading={update.isPending}>
        Save collection
      </WriteButton>
    </Group>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormAlert message={problems.message} />
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
                <RulePreview rules={form.values.rules} disjunctive={form.values.disjunctive} sortingRule={form.values.sorting_rule} />
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
