import { ActionIcon, Button, Grid, Radio, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RuleInput } from '../../../api/collections';
import { Section } from '../../../components/section';
import type { CollectionFormValues } from './collection-form';

const fields: Array<{ value: RuleInput['field']; label: string; unit?: string }> = [
  { value: 'title', label: 'Product name' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'tag', label: 'Tag' },
  { value: 'price', label: 'Price', unit: 'in cents (12.50 is 1250)' },
  { value: 'compared_price', label: 'Compared price', unit: 'in cents' },
  { value: 'weight', label: 'Weight', unit: 'in grams' },
  { value: 'in_stock', label: 'Stock', unit: 'units in stock' },
];

const textConditions: Array<{ value: RuleInput['condition']; label: string }> = [
  { value: 'equals', label: 'is' },
  { value: 'not_equals', label: 'is not' },
  { value: 'contains', label: 'contains' },
  { value: 'not_contains', label: 'does not contain' },
  { value: 'starts_with', label: 'starts with' },
  { value: 'ends_with', label: 'ends with' },
];

const numberConditions: Array<{ value: RuleInput['condition']; label: string }> = [
  { value: 'equals', label: 'is' },
  { value: 'not_equals', label: 'is not' },
  { value: 'greater_than', label: 'is greater than' },
  { value: 'less_than', label: 'is less than' },
];

const isNumber = (field: RuleInput['field']) => fields.find((f) => f.value === field)?.unit !== undefined;

/** The rules of a smart collection, in the API's format: a field, a condition that fits it, a value. */
export function RuleEditor({ form, readOnly }: { form: UseFormReturnType<CollectionFormValues>; readOnly: boolean }) {
  const rules = form.values.rules;
  // A condition that does not fit the new field becomes the first that does, rather than a refusal on save.
  const changeField = (index: number, field: RuleInput['field']) => {
    const conditions = isNumber(field) ? numberConditions : textConditions;
    const condition = rules[index]!.condition;
    form.setFieldValue(`rules.${index}.field`, field);
    if (!conditions.some((c) => c.value === condition)) form.setFieldValue(`rules.${index}.condition`, conditions[0]!.value);
  };

  return (
    <Section
      title="Rules"
      actions={
        <Button variant="light" size="xs" disabled={readOnly || rules.length >= 50} onClick={() => form.insertListItem('rules', { field: 'title', condition: 'contains', value: '' })}>
          Add rule
        </Button>
      }
    >
      <Stack gap="md">
        <Radio.Group
          label="Products must match"
          value={form.values.disjunctive ? 'any' : 'every'}
          onChange={(value) => !readOnly && form.setFieldValue('disjunctive', value === 'any')}
          error={form.errors.disjunctive}
        >
          <Group mt="xs">
            <Radio value="every" label="every rule" disabled={readOnly} />
            <Radio value="any" label="any rule" disabled={readOnly} />
          </Group>
        </Radio.Group>
        {form.errors.rules && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.rules}
          </Text>
        )}
        {rules.map((rule, index) => {
          const n = index + 1;
          const unit = fields.find((f) => f.value === rule.field)?.unit;
          return (
            <Grid key={index} gap="xs" align="flex-start" role="group" aria-label={`Rule ${n}`}>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label={`Rule ${n}: field`}
                  data={fields}
                  allowDeselect={false}
                  readOnly={readOnly}
                  value={rule.field}
                  onChange={(value) => value && changeField(index, value as RuleInput['field'])}
                  error={form.errors[`rules.${index}.field`]}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Select label={`Rule ${n}: condition`} data={isNumber(rule.field) ? numberConditions : textConditions} allowDeselect={false} readOnly={readOnly} {...form.getInputProps(`rules.${index}.condition`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 10, sm: 4 }}>
                <TextInput label={`Rule ${n}: value`} description={unit} readOnly={readOnly} {...form.getInputProps(`rules.${index}.value`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 2, sm: 1 }} pt={26}>
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove rule ${n}`} title={`Remove rule ${n}`} disabled={readOnly} onClick={() => form.removeListItem('rules', index)}>
                  ×
                </ActionIcon>
              </Grid.Col>
            </Grid>
          );
        })}
      </Stack>
    </Section>
  );
}
